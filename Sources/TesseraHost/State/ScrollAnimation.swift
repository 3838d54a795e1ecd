import Foundation
import TesseraKit

/// A content offset moving over time: `scroll X Y animated` (setContentOffset(_:animated:)) or a
/// fling's deceleration. The workbench's clock moves the bounds along it, frame by frame.
struct ScrollAnimation: Equatable {
  enum Curve: Equatable {
    /// `setContentOffset(_:animated:)`: `duration` seconds, eased in and out.
    case easeInOut(duration: Double)
    /// A fling: UIScrollView's exponential deceleration, the velocity multiplied by `rate` every
    /// millisecond, ending when less than half a point is left.
    case deceleration(rate: Double)
  }

  /// UIScrollView's animated scroll lasts about 0.3 s (not documented; see docs/uikit-behaviour.md).
  static let animatedScrollDuration = 0.3
  /// UIScrollView.DecelerationRate.normal.
  static let normalDeceleration = 0.998
  /// A deceleration ends when less than this is left, in points.
  static let restingDistance = 0.5

  var from: Point
  var to: Point
  /// The clock's time when it started.
  var start: Double
  var curve: Curve

  /// How long it runs, in seconds.
  var duration: Double {
    switch curve {
    case .easeInOut(let duration):
      return duration
    case .deceleration(let rate):
      let distance = max(abs(to.x - from.x), abs(to.y - from.y))
      guard distance > Self.restingDistance, rate > 0, rate < 1 else { return 0 }
      // The fraction left after t ms is rate^t: it ends when distance · rate^t < 0.5.
      return log(Self.restingDistance / distance) / log(rate) / 1000
    }
  }

  /// When it ends, on the clock.
  var end: Double { start + duration }

  /// The offset at clock time `time`; `to` exactly once it has ended.
  func offset(at time: Double) -> Point {
    let elapsed = time - start
    guard elapsed < duration - WorkbenchClock.tolerance else { return to }
    guard elapsed > 0 else { return from }
    let fraction: Double
    switch curve {
    case .easeInOut(let duration):
      // A cubic ease in and out.
      let t = elapsed / duration
      fraction = t < 0.5 ? 4 * t * t * t : 1 - pow(-2 * t + 2, 3) / 2
    case .deceleration(let rate):
      fraction = 1 - pow(rate, elapsed * 1000)
    }
    return Point(x: from.x + (to.x - from.x) * fraction, y: from.y + (to.y - from.y) * fraction)
  }

  /// Where a fling released at `offset` with `velocity` (points per second) comes to rest on
  /// its own: the offset plus velocity / 1000 · rate / (1 − rate) along each axis, UIScrollView's
  /// projection (the sum of the per-millisecond steps).
  static func projected(from offset: Point, velocity: Point, rate: Double = normalDeceleration) -> Point {
    let factor = rate / (1 - rate) / 1000
    return Point(x: offset.x + velocity.x * factor, y: offset.y + velocity.y * factor)
  }
}
