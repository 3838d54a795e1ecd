import UIKit

/// The springy flow layout of "UICollectionView + UIKit Dynamics" (Ash Furrow, objc.io issue 5,
/// 2013), in the tiled form the article ends with, written for UIKit: each cell near the screen
/// is attached to its resting place by a spring (`UIAttachmentBehavior`, length 0); a scroll
/// pulls every attached cell by the scroll's delta, less the farther it is from the finger, and
/// the springs settle them back over the next frames.
///
/// As the article's, with five changes a layout that must answer any query needs: the flow's
/// attributes are copied before the animator moves them (UIKit warns of a cached-frame mismatch
/// otherwise); a query beyond the springs' neighbourhood answers the flow's own attributes, so
/// every item can be found; a change of the data, of a cell's size (self-sizing) or of the view's
/// size lets the springs go, so they attach again where the items now rest; a scroll's delta
/// pulls the cells it brings in once, not those a later prepare attaches; and a prepare whose
/// neighbourhood has not moved (the animator's tick invalidates the layout every frame) keeps the
/// springs as they are instead of checking every one again.
public final class SpringyFlowLayout: UICollectionViewFlowLayout {
  /// The springs' damping ratio (the article's 0.8).
  public var damping: CGFloat = 0.8
  /// The springs' frequency in hertz (the article's 1).
  public var frequency: CGFloat = 1
  /// How far from the finger a cell lags the whole delta: the pull is delta × distance / this
  /// (the article's 1500).
  public var resistance: CGFloat = 1500
  /// How far beyond the visible rect cells are attached (the article's 100 points).
  public var margin: CGFloat = 100

  private lazy var dynamicAnimator = UIDynamicAnimator(collectionViewLayout: self)
  private var visibleIndexPaths = Set<IndexPath>()
  private var latestDelta: CGFloat = 0
  /// The neighbourhood the springs were last fitted to: a prepare with the same one (each frame
  /// the animator's tick invalidates the layout) has nothing to attach or let go.
  private var fittedRect: CGRect?

  public override init() {
    super.init()
    minimumInteritemSpacing = 10
    minimumLineSpacing = 10
    itemSize = CGSize(width: 44, height: 44)
    sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
  }

  public override func prepare() {
    super.prepare()
    guard let collectionView else { return }
    let visibleRect = CGRect(origin: collectionView.bounds.origin, size: collectionView.frame.size)
      .insetBy(dx: -margin, dy: -margin)
    guard visibleRect != fittedRect else { return }
    fittedRect = visibleRect
    let itemsInVisibleRect = (super.layoutAttributesForElements(in: visibleRect) ?? [])
      .filter { $0.representedElementCategory == .cell }
    let indexPathsInVisibleRect = Set(itemsInVisibleRect.map(\.indexPath))

    // Springs of cells that left the neighbourhood go.
    for case let spring as UIAttachmentBehavior in dynamicAnimator.behaviors {
      guard let item = spring.items.first as? UICollectionViewLayoutAttributes,
        !indexPathsInVisibleRect.contains(item.indexPath)
      else { continue }
      dynamicAnimator.removeBehavior(spring)
      visibleIndexPaths.remove(item.indexPath)
    }

    // Cells that came in get a spring, pulled as far as the scroll in progress pulls.
    let touchLocation = collectionView.panGestureRecognizer.location(in: collectionView)
    for attributes in itemsInVisibleRect where !visibleIndexPaths.contains(attributes.indexPath) {
      guard let item = attributes.copy() as? UICollectionViewLayoutAttributes else { continue }
      let spring = UIAttachmentBehavior(item: item, attachedToAnchor: item.center)
      spring.length = 0
      spring.damping = damping
      spring.frequency = frequency
      if touchLocation != .zero {
        item.center = pulled(item.center, by: latestDelta, touch: touchLocation, anchor: spring.anchorPoint)
      }
      dynamicAnimator.addBehavior(spring)
      visibleIndexPaths.insert(item.indexPath)
    }
    // The scroll's delta pulls the cells it brought in once; a later prepare (new data) does not.
    latestDelta = 0
  }

  public override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
    let sprung = dynamicAnimator.items(in: rect).compactMap { $0 as? UICollectionViewLayoutAttributes }
    let resting = (super.layoutAttributesForElements(in: rect) ?? []).filter {
      $0.representedElementCategory != .cell || !visibleIndexPaths.contains($0.indexPath)
    }
    return sprung + resting
  }

  public override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    dynamicAnimator.layoutAttributesForCell(at: indexPath) ?? super.layoutAttributesForItem(at: indexPath)
  }

  public override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
    guard let collectionView else { return false }
    if newBounds.size != collectionView.bounds.size {
      // A new size lets the springs go; a pass attaches them again (the flow alone would ask
      // for none when only the height changes, and the cells would scroll without springs).
      letSpringsGo()
      return true
    }
    let delta =
      scrollDirection == .vertical
      ? newBounds.origin.y - collectionView.bounds.origin.y : newBounds.origin.x - collectionView.bounds.origin.x
    latestDelta = delta
    let touchLocation = collectionView.panGestureRecognizer.location(in: collectionView)
    for case let spring as UIAttachmentBehavior in dynamicAnimator.behaviors {
      guard let item = spring.items.first else { continue }
      item.center = pulled(item.center, by: delta, touch: touchLocation, anchor: spring.anchorPoint)
      dynamicAnimator.updateItem(usingCurrentState: item)
    }
    return false
  }

  public override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
    // New data, new options or a cell's new size: the springs hold copies of the old attributes.
    if context.invalidateEverything || context.invalidateDataSourceCounts
      || !(context.invalidatedItemIndexPaths ?? []).isEmpty
    {
      letSpringsGo()
    }
    super.invalidateLayout(with: context)
  }

  /// `center` moved along the scroll axis by `delta`, less the farther `anchor` is from the touch.
  private func pulled(_ center: CGPoint, by delta: CGFloat, touch: CGPoint, anchor: CGPoint) -> CGPoint {
    let distance = abs(touch.y - anchor.y) + abs(touch.x - anchor.x)
    let scrollResistance = distance / resistance
    let shift = delta < 0 ? max(delta, delta * scrollResistance) : min(delta, delta * scrollResistance)
    var center = center
    if scrollDirection == .vertical { center.y += shift } else { center.x += shift }
    return center
  }

  private func letSpringsGo() {
    dynamicAnimator.removeAllBehaviors()
    visibleIndexPaths.removeAll()
    fittedRect = nil
    latestDelta = 0
  }
}
