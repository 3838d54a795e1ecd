import UIKit

/// Cover flow: a horizontal flow whose items turn about their vertical axis as they leave the
/// middle of the screen, seen in perspective — the classic `CATransform3D` custom layout. An
/// item `d` points from the middle (at most `reach`) turns by `maxAngle × d / reach`, away from
/// the middle, with `m34 = −1 / eyeDistance`; every scroll invalidates, as the angles follow the
/// visible bounds.
///
///     ◢▌ ◢▌ [ 0.2 ] ▐◣ ▐◣
public class CoverFlowLayout: UICollectionViewFlowLayout {
  /// The turn of an item `reach` or more from the middle, in radians.
  public var maxAngle: CGFloat = .pi / 3 {
    didSet { invalidateLayout() }
  }
  /// How far from the middle an item turns its most.
  public var reach: CGFloat = 200 {
    didSet { invalidateLayout() }
  }
  /// The eye's distance from the screen: the perspective (m34 = −1 / eyeDistance).
  public var eyeDistance: CGFloat = 500 {
    didSet { invalidateLayout() }
  }

  public override init() {
    super.init()
    scrollDirection = .horizontal
    itemSize = CGSize(width: 120, height: 160)
    minimumLineSpacing = 0
  }

  public required init?(coder: NSCoder) {
    super.init(coder: coder)
  }

  public override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }

  public override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
    guard let found = super.layoutAttributesForElements(in: rect) else { return nil }
    return found.map { turned($0.copy() as! UICollectionViewLayoutAttributes) }
  }

  public override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    guard let found = super.layoutAttributesForItem(at: indexPath) else { return nil }
    return turned(found.copy() as! UICollectionViewLayoutAttributes)
  }

  private func turned(_ attributes: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes {
    guard let collectionView = collectionView, attributes.representedElementCategory == .cell else {
      return attributes
    }
    let middle = collectionView.bounds.midX
    let distance = max(-reach, min(reach, attributes.center.x - middle))
    var perspective = CATransform3DIdentity
    perspective.m34 = -1 / eyeDistance
    attributes.transform3D = CATransform3DRotate(perspective, -maxAngle * distance / reach, 0, 1, 0)
    attributes.zIndex = -Int(abs(distance).rounded())
    return attributes
  }
}
