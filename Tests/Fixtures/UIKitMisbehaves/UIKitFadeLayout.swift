import UIKit

/// A column of 50×50 cells, 10 apart, whose batch-update animations come from the update items
/// UIKit hands `prepare(forCollectionViewUpdates:)`: an inserted cell flies in from 1000 points to
/// the right at half opacity, a deleted one flies out to 1000 points to the left.
public class UIKitFadeLayout: UICollectionViewLayout {
  private var frames: [CGRect] = []
  private var inserted: Set<IndexPath> = []
  private var deleted: Set<IndexPath> = []

  public override var collectionViewContentSize: CGSize {
    return CGSize(width: collectionView?.bounds.width ?? 0, height: CGFloat(frames.count) * 60)
  }

  public override func prepare() {
    let count = collectionView?.numberOfItems(inSection: 0) ?? 0
    frames = (0..<count).map { CGRect(x: 0, y: CGFloat($0) * 60, width: 50, height: 50) }
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

  public override func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {
    super.prepare(forCollectionViewUpdates: updateItems)
    for update in updateItems {
      switch update.updateAction {
      case .insert: if let path = update.indexPathAfterUpdate { inserted.insert(path) }
      case .delete: if let path = update.indexPathBeforeUpdate { deleted.insert(path) }
      default: break
      }
    }
  }

  public override func finalizeCollectionViewUpdates() {
    super.finalizeCollectionViewUpdates()
    inserted = []
    deleted = []
  }

  public override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath)
    -> UICollectionViewLayoutAttributes?
  {
    guard inserted.contains(itemIndexPath), let attributes = layoutAttributesForItem(at: itemIndexPath) else {
      return nil
    }
    attributes.frame.origin.x += 1000
    attributes.alpha = 0.5
    return attributes
  }

  public override func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath)
    -> UICollectionViewLayoutAttributes?
  {
    guard deleted.contains(itemIndexPath) else { return nil }
    let attributes = UICollectionViewLayoutAttributes(forCellWith: itemIndexPath)
    attributes.frame = CGRect(x: -1000, y: CGFloat(itemIndexPath.item) * 60, width: 50, height: 50)
    return attributes
  }
}
