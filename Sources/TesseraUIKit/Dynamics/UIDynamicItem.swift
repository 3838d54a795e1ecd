public import Foundation

/// What UIKit Dynamics moves: something with a centre, a size and a transform. A collection
/// view's layout attributes are dynamic items, which is how a springy layout hands its cells to
/// a `UIDynamicAnimator`.
public protocol UIDynamicItem: AnyObject {
  var center: CGPoint { get set }
  var bounds: CGRect { get }
  var transform: CGAffineTransform { get set }
}

extension UICollectionViewLayoutAttributes: UIDynamicItem {}

/// `UIFloatRange`: an attachment's range (kept, not simulated here).
public struct UIFloatRange: Hashable, Sendable {
  public var minimum: CGFloat
  public var maximum: CGFloat

  public init(minimum: CGFloat, maximum: CGFloat) {
    self.minimum = minimum
    self.maximum = maximum
  }

  public static let zero = UIFloatRange(minimum: 0, maximum: 0)
  public static let infinite = UIFloatRange(minimum: -.infinity, maximum: .infinity)

  public var isInfinite: Bool { minimum <= -.greatestFiniteMagnitude && maximum >= .greatestFiniteMagnitude }
}
