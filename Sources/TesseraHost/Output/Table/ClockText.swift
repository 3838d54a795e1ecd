import TesseraKit

/// The clock's report as text: the time and frames, the offset, the scroll animation, the
/// layout's motion.
enum ClockText {
  static func text(_ r: ClockReport) -> String {
    var lines = [
      "time \(seconds(r.time))"
        + (r.framesRun > 0 ? " (\(r.framesRun) frame\(r.framesRun == 1 ? "" : "s") run)" : ""),
      "offset \(formatTableNumber(r.offset.x)) \(formatTableNumber(r.offset.y))",
    ]
    if let to = r.scrollingTo, let ends = r.scrollEnds {
      lines.append("scrolling to \(formatTableNumber(to.x)) \(formatTableNumber(to.y)), until \(seconds(ends))")
    } else if let ended = r.scrollEnded {
      lines.append("scroll ended at \(seconds(ended))")
    }
    if let touch = r.touch {
      lines.append("finger lifted at \(formatTableNumber(touch.x)) \(formatTableNumber(touch.y))")
    }
    lines.append("layout \(r.layout) " + motion(r))
    if !r.stoppedMoving { lines.append("still moving after a minute of frames: step rest stops there") }
    return lines.joined(separator: "\n")
  }

  private static func motion(_ r: ClockReport) -> String {
    guard r.movesWithTime else { return "does not move with time" }
    if r.moving { return "moving" }
    return r.restedAt.map { "at rest since \(seconds($0))" } ?? "at rest"
  }

  /// Seconds to the millisecond.
  static func seconds(_ value: Double) -> String {
    formatNumber((value * 1000).rounded() / 1000) + " s"
  }
}
