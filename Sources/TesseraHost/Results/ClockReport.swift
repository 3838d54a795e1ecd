import TesseraKit

/// What the clock did and where things stand: `step`, `drag`, `fling`, `scroll … animated`.
public struct ClockReport: Sendable, Equatable {
  /// The clock's time after the command, in seconds.
  public var time: Double
  /// Frames the command ran (0 for one that only started an animation).
  public var framesRun: Int
  public var offset: Point
  /// The animated scroll or fling in progress: where it goes and when it ends.
  public var scrollingTo: Point?
  public var scrollEnds: Double?
  /// When and where the last animated scroll ended, if one ended since another started.
  public var scrollEnded: Double?
  /// The current layout's name, and whether it moves with time at all.
  public var layout: String
  public var movesWithTime: Bool
  /// Whether it moves now, and since when it rests (nil: it moves, or has never moved).
  public var moving: Bool
  public var restedAt: Double?
  /// Where a drag lifted its finger, on screen (nil for every other command).
  public var touch: Point?
  /// `step rest` ran out of time with something still moving.
  public var stoppedMoving = true
}
