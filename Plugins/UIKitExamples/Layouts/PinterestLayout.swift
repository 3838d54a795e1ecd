import UIKit

/// Asks the app for each photo's height.
public protocol PinterestLayoutDelegate: AnyObject {
  func collectionView(_ collectionView: UICollectionView, heightForPhotoAtIndexPath indexPath: IndexPath) -> CGFloat
}

/// Columns of equal width; each item goes to the shortest column (the leftmost of equals), its
/// height the photo's plus padding above and below. Attributes are computed once per
/// invalidation and kept in a cache, as the usual UIKit tutorial layout does.
///
///     |[0.0 ][0.1 ]|
///     |[    ][0.3 ]|
///     |[0.2 ][    ]|
public class PinterestLayout: UICollectionViewLayout {
  public weak var delegate: PinterestLayoutDelegate?

  public var numberOfColumns = 2 {
    didSet { invalidateLayout() }
  }
  public var cellPadding: CGFloat = 6 {
    didSet { invalidateLayout() }
  }

  private var cache: [UICollectionViewLayoutAttributes] = []
  private var firstInSection: [Int] = []
  private var contentHeight: CGFloat = 0

  private var contentWidth: CGFloat {
    guard let collectionView = collectionView else { return 0 }
    let insets = collectionView.contentInset
    // Insets wider than the view leave no room: no negative widths (a frame cannot have one).
    return max(0, collectionView.bounds.width - (insets.left + insets.right))
  }

  public override var collectionViewContentSize: CGSize {
    return CGSize(width: contentWidth, height: contentHeight)
  }

  public override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
    super.invalidateLayout(with: context)
    cache.removeAll()
  }

  public override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
    return newBounds.width != collectionView?.bounds.width
  }

  public override func prepare() {
    guard cache.isEmpty, let collectionView = collectionView else { return }
    let columns = max(1, numberOfColumns)
    let columnWidth = contentWidth / CGFloat(columns)
    var xOffset: [CGFloat] = []
    for column in 0..<columns {
      xOffset.append(CGFloat(column) * columnWidth)
    }
    var yOffset = [CGFloat](repeating: 0, count: columns)
    firstInSection = []
    for section in 0..<collectionView.numberOfSections {
      firstInSection.append(cache.count)
      for item in 0..<collectionView.numberOfItems(inSection: section) {
        let indexPath = IndexPath(item: item, section: section)
        let column = yOffset.firstIndex(of: yOffset.min()!)!
        let photoHeight = delegate?.collectionView(collectionView, heightForPhotoAtIndexPath: indexPath) ?? 180
        let height = cellPadding * 2 + photoHeight
        let frame = CGRect(x: xOffset[column], y: yOffset[column], width: columnWidth, height: height)
        let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
        // A column narrower than its padding keeps a cell of no width (insetBy would make it null).
        attributes.frame = frame.insetBy(dx: min(cellPadding, frame.width / 2), dy: cellPadding)
        cache.append(attributes)
        contentHeight = max(contentHeight, frame.maxY)
        yOffset[column] = yOffset[column] + height
      }
    }
    contentHeight = yOffset.max() ?? 0
  }

  public override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
    return cache.filter { $0.frame.intersects(rect) }
  }

  public override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    guard indexPath.section >= 0, indexPath.section < firstInSection.count else { return nil }
    let index = firstInSection[indexPath.section] + indexPath.item
    guard indexPath.item >= 0, index < cache.count, cache[index].indexPath == indexPath else { return nil }
    return cache[index]
  }
}
