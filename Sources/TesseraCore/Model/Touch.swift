import TesseraKit

/// The collection view's pan gesture as a layout reads it (`touch_location`, ABI 2.6). UIKit's
/// recognizer keeps the last touch's point in screen (scene) coordinates and converts it into the
/// view when asked, so after the finger lifts the point a layout reads moves with the content
/// offset, and before any touch it is the screen's origin: the content offset itself.
public struct Touch: Sendable, Equatable {
  /// Where the finger is or last was, in viewport coordinates (0, 0 at the viewport's top-left).
  public var screenPoint = Point(x: 0, y: 0)
  /// Whether a finger is down (during `drag`).
  public var isDown = false

  public init(screenPoint: Point = Point(x: 0, y: 0), isDown: Bool = false) {
    self.screenPoint = screenPoint
    self.isDown = isDown
  }

  /// The point in content coordinates for the bounds' `offset`: what `location(in: collectionView)`
  /// answers.
  public func location(offset: Point) -> Point {
    Point(x: screenPoint.x + offset.x, y: screenPoint.y + offset.y)
  }
}
