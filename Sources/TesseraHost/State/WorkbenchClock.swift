import TesseraKit

/// The workbench's simulation clock: time moves only when a command moves it (`step`, `drag`),
/// in frames of 1/60 s, as a display link's ticks move a device's. On each frame a running
/// scroll animation moves the bounds, then a layout that moves with time (`tessera.clock/1`)
/// advances and lays out again.
struct WorkbenchClock: Equatable {
  /// A frame at 60 frames a second, UIKit's display link on most devices.
  static let frame = 1.0 / 60
  /// The longest `step`: a minute of frames.
  static let longestStep = 60.0
  static let mostFrames = 3600

  /// Seconds since the session started, on this clock.
  var time = 0.0
  /// Frames run since the session started.
  var frames = 0
  /// The animated scroll or fling in progress.
  var scroll: ScrollAnimation?
  /// When the last scroll animation ended, and where (until another starts).
  var scrollEnded: (time: Double, offset: Point)?
  /// When the layout last came to rest (nil: it moves, or never has).
  var layoutRestedAt: Double?

  static func == (a: WorkbenchClock, b: WorkbenchClock) -> Bool {
    a.time == b.time && a.frames == b.frames && a.scroll == b.scroll && a.scrollEnded?.time == b.scrollEnded?.time
      && a.scrollEnded?.offset == b.scrollEnded?.offset && a.layoutRestedAt == b.layoutRestedAt
  }

  /// Times closer than this (a microsecond) are the same moment: sums of frames drift by less.
  static let tolerance = 1e-6

  /// The frames that make up `seconds` (at most `longestStep`): whole frames, then the rest as
  /// one shorter frame when it is longer than `tolerance`; a step shorter than that is one frame.
  static func frames(in seconds: Double) -> [Double] {
    let whole = Int((seconds / frame + tolerance).rounded(.down))
    var frames = [Double](repeating: frame, count: whole)
    let rest = seconds - Double(whole) * frame
    if rest > tolerance || frames.isEmpty { frames.append(frames.isEmpty ? seconds : rest) }
    return frames
  }
}
