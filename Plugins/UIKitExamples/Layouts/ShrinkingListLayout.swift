import UIKit

/// Attributes that say how far a card is from the middle of the screen.
public class ShrinkingListAttributes: UICollectionViewLayoutAttributes {
  /// 0 in the middle of the visible bounds, 1 half a screen or more away.
  public var depth: CGFloat = 0

  public override func copy(with zone: NSZone? = nil) -> Any {
    let copy = super.copy(with: zone) as! ShrinkingListAttributes
    copy.depth = depth
    return copy
  }

  public override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? ShrinkingListAttributes, other.depth == depth else { return false }
    return super.isEqual(object)
  }
}

/// Says that only the scroll position changed: the cards keep their frames, only their scale
/// is computed again.
public class ShrinkingListInvalidationContext: UICollectionViewLayoutInvalidationContext {
  public var invalidateDepthOnly = false
}

/// A list of full-width cards (inset by `margin`, `spacing` apart, each as tall as its item)
/// that shrink as they leave the middle of the screen: scale `1 − 0.2·depth`. A scroll
/// invalidates with a context of its own that keeps the frames and computes only the depths.
///
///     |  [   0.0   ]  |   scale 0.84
///     | [    0.1    ] |   scale 1
///     |  [   0.2   ]  |   scale 0.9
public class ShrinkingListLayout: UICollectionViewLayout {
  public var margin: CGFloat = 10 {
    didSet { invalidateLayout() }
  }
  public var spacing: CGFloat = 10 {
    didSet { invalidateLayout() }
  }
  /// How many times the frames were computed (a scroll does not compute them).
  public private(set) var framePasses = 0

  private var cards: [[ShrinkingListAttributes]] = []
  private var height: CGFloat = 0
  private var needsFrames = true

  public override class var layoutAttributesClass: AnyClass { return ShrinkingListAttributes.self }

  public override class var invalidationContextClass: AnyClass { return ShrinkingListInvalidationContext.self }

  public override var collectionViewContentSize: CGSize {
    return CGSize(width: collectionView?.bounds.width ?? 0, height: height)
  }

  public override func prepare() {
    guard let collectionView = collectionView else { return }
    if needsFrames {
      framePasses += 1
      cards = []
      var y: CGFloat = 0
      let width = max(0, collectionView.bounds.width - 2 * margin)  // a view narrower than its margins
      let delegate = collectionView.delegate as? UICollectionViewDelegateFlowLayout
      for section in 0..<collectionView.numberOfSections {
        var row: [ShrinkingListAttributes] = []
        for item in 0..<collectionView.numberOfItems(inSection: section) {
          let indexPath = IndexPath(item: item, section: section)
          let size = delegate?.collectionView(collectionView, layout: self, sizeForItemAt: indexPath) ?? .zero
          let attributes = ShrinkingListAttributes(forCellWith: indexPath)
          if y > 0 { y += spacing }
          attributes.frame = CGRect(x: margin, y: y, width: width, height: size.height)
          y += size.height
          row.append(attributes)
        }
        cards.append(row)
      }
      height = y
      needsFrames = false
    }
    let visible = collectionView.bounds
    for attributes in cards.joined() {
      let distance = abs(attributes.center.y - visible.midY)
      attributes.depth = visible.height > 0 ? min(1, distance / (visible.height / 2)) : 0
      let scale = 1 - 0.2 * attributes.depth
      attributes.transform = CGAffineTransform(scaleX: scale, y: scale)
    }
  }

  public override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
    return true
  }

  public override func invalidationContext(forBoundsChange newBounds: CGRect)
    -> UICollectionViewLayoutInvalidationContext
  {
    let context = super.invalidationContext(forBoundsChange: newBounds) as! ShrinkingListInvalidationContext
    context.invalidateDepthOnly = newBounds.size == collectionView?.bounds.size
    return context
  }

  public override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
    super.invalidateLayout(with: context)
    if (context as? ShrinkingListInvalidationContext)?.invalidateDepthOnly != true {
      needsFrames = true
    }
  }

  public override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
    return cards.joined().filter { $0.frame.intersects(rect) }
  }

  public override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    guard indexPath.section < cards.count, indexPath.item < cards[indexPath.section].count else { return nil }
    return cards[indexPath.section][indexPath.item]
  }
}
