import UIKit

/// Square cells in `columns` columns, `spacing` apart and around, row after row; sections
/// follow each other. The file as an iOS project would hold it.
///
///     |[0.0 ][0.1 ]|
///     |[0.2 ][0.3 ]|
///     |[1.0 ]      |
class MyLayout: UICollectionViewLayout {
  var columns = 2 {
    didSet { invalidateLayout() }
  }
  var spacing: CGFloat = 8 {
    didSet { invalidateLayout() }
  }

  private var cache: [[UICollectionViewLayoutAttributes]] = []
  private var contentHeight: CGFloat = 0

  override init() {
    super.init()
  }

  required init?(coder: NSCoder) {
    super.init(coder: coder)
  }

  override var collectionViewContentSize: CGSize {
    return CGSize(width: collectionView?.bounds.width ?? 0, height: contentHeight)
  }

  override func prepare() {
    super.prepare()
    cache = []
    contentHeight = 0
    guard let collectionView = collectionView else { return }
    let count = CGFloat(max(1, columns))
    let side = max(0, (collectionView.bounds.width - spacing * (count + 1)) / count)
    var y = spacing
    for section in 0..<collectionView.numberOfSections {
      var row: [UICollectionViewLayoutAttributes] = []
      for item in 0..<collectionView.numberOfItems(inSection: section) {
        let column = item % max(1, columns)
        if column == 0 && item > 0 { y += side + spacing }
        let attributes = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: section))
        attributes.frame = CGRect(x: spacing + CGFloat(column) * (side + spacing), y: y, width: side, height: side)
        row.append(attributes)
      }
      if !row.isEmpty { y += side + spacing }
      cache.append(row)
    }
    contentHeight = y
  }

  override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
    return newBounds.width != collectionView?.bounds.width
  }

  override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
    return cache.joined().filter { $0.frame.intersects(rect) }
  }

  override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    guard indexPath.section < cache.count, indexPath.item < cache[indexPath.section].count else { return nil }
    return cache[indexPath.section][indexPath.item]
  }
}
