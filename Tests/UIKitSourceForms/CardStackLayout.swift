import UIKit

/// A stack of full-width cards, each `cardHeight` high and `overlap` over the one before, in the
/// forms card-stack layouts take: `collectionView` overridden as non-optional, attributes copied
/// through `NSArray(array:copyItems:)`, the layout direction asked of the application, the
/// display scale of the trait collection, transition hooks overridden.
public class CardStackLayout: UICollectionViewLayout {
  public var cardHeight: CGFloat = 100
  public var overlap: CGFloat = 20
  public private(set) var transitions: [String] = []
  private var cache: [UICollectionViewLayoutAttributes] = []

  override open var collectionView: UICollectionView {
    return super.collectionView!
  }

  public override var collectionViewContentSize: CGSize {
    let count = CGFloat(cache.count)
    return CGSize(width: collectionView.bounds.width, height: count > 0 ? count * (cardHeight - overlap) + overlap : 0)
  }

  public override func prepare() {
    super.prepare()
    let scale = collectionView.traitCollection.displayScale
    let rightToLeft = UIApplication.shared.userInterfaceLayoutDirection == .rightToLeft
    cache = (0..<collectionView.numberOfItems(inSection: 0)).map { item in
      let attributes = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
      let y = pixelAligned(CGFloat(item) * (cardHeight - overlap), scale: scale)
      attributes.frame = CGRect(
        x: rightToLeft ? 10 : 0, y: y, width: collectionView.bounds.width - 10, height: cardHeight)
      attributes.zIndex = item
      return attributes
    }
  }

  public override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
    let visible = cache.filter { $0.frame.intersects(rect) }
    return NSArray(array: visible, copyItems: true) as? [UICollectionViewLayoutAttributes]
  }

  public override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    guard indexPath.item < cache.count else { return nil }
    return cache[indexPath.item].copy() as? UICollectionViewLayoutAttributes
  }

  public override func prepareForTransition(to newLayout: UICollectionViewLayout) {
    super.prepareForTransition(to: newLayout)
    transitions.append("to")
  }

  public override func prepareForTransition(from oldLayout: UICollectionViewLayout) {
    super.prepareForTransition(from: oldLayout)
    transitions.append("from")
  }
}
