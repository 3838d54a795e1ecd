import TesseraKit

/// `item at X Y` and `element at X Y`: what lies at a point, if anything.
public struct HitReport {
  public enum Rule: Sendable {
    /// `indexPathForItem(at:)`: cells only, by zIndex.
    case item
    /// A tap: any element a finger would land on.
    case element
  }

  public var point: Point
  public var rule: Rule
  /// The element found (zero or one), with its id when it is a cell.
  public var found: AttributeList
  /// For a tap outside the visible bounds (which only views on screen take): the bounds.
  public var outside: Rect? = nil
}
