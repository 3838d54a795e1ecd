import UIKit

/// Full-width rows 40 high, 10 apart, that invalidate themselves when the width changes instead
/// of saying so: `shouldInvalidateLayout(forBoundsChange:)` calls `invalidateLayout()` and answers
/// false, a form some published layouts take. UIKit runs a pass all the same; so does Tessera.
public class UIKitSelfInvalidatingLayout: UICollectionViewLayout {
  private var frames: [CGRect] = []

  public override var collectionViewContentSize: CGSize {
    return CGSize(width: collectionView?.bounds.width ?? 0, height: frames.last?.maxY ?? 0)
  }

  public override func prepare() {
    let width = collectionView?.bounds.width ?? 0
    frames = (0..<(collectionView?.numberOfItems(inSection: 0) ?? 0)).map {
      CGRect(x: 0, y: CGFloat($0) * 50, width: width, height: 40)
    }
  }

  public override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
    if newBounds.width != collectionView?.bounds.width { invalidateLayout() }
    return false
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
}
