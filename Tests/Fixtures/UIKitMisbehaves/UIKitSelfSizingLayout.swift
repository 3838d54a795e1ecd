import UIKit

/// A list of full-width cells, 10 apart, each as tall as its cell says it is: cells start at
/// `estimatedHeight`, and a cell that reports another height through the preferred-attributes
/// pair takes it (the layout keeps it, as self-sizing UIKit layouts do) and pushes the rest down.
public class UIKitSelfSizingLayout: UICollectionViewLayout {
  public var estimatedHeight: CGFloat = 50 {
    didSet { invalidateLayout() }
  }

  private var heights: [IndexPath: CGFloat] = [:]
  private var frames: [CGRect] = []

  public override var collectionViewContentSize: CGSize {
    return CGSize(width: collectionView?.bounds.width ?? 0, height: frames.last?.maxY ?? 0)
  }

  public override func prepare() {
    let width = collectionView?.bounds.width ?? 0
    var y: CGFloat = 0
    frames = (0..<(collectionView?.numberOfItems(inSection: 0) ?? 0)).map { item in
      let height = heights[IndexPath(item: item, section: 0)] ?? estimatedHeight
      defer { y += height + 10 }
      return CGRect(x: 0, y: y, width: width, height: height)
    }
  }

  public override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
    return frames.indices.filter { frames[$0].intersects(rect) }.compactMap {
      layoutAttributesForItem(at: IndexPath(item: $0, section: 0))
    }
  }

  public override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    guard indexPath.section == 0, indexPath.item < frames.count else { return nil }
    let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
    attributes.frame = frames[indexPath.item]
    return attributes
  }

  public override func shouldInvalidateLayout(
    forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
    withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
  ) -> Bool {
    return preferredAttributes.size.height != originalAttributes.size.height
  }

  public override func invalidationContext(
    forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
    withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
  ) -> UICollectionViewLayoutInvalidationContext {
    let context = super.invalidationContext(
      forPreferredLayoutAttributes: preferredAttributes, withOriginalAttributes: originalAttributes)
    heights[preferredAttributes.indexPath] = preferredAttributes.size.height
    return context
  }
}
