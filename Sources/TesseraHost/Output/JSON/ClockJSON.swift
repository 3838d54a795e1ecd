import TesseraKit

/// The clock's report as JSON: `clock` with the time (seconds, to the microsecond), the frames
/// run, the offset, the scroll animation (`scroll`: `to` and `ends`, or `ended`), the finger and
/// the layout's motion.
enum ClockJSON {
  static func json(_ r: ClockReport) -> JSONOutput {
    var members: [(String, JSONOutput)] = [
      ("time", .number(micro(r.time))), ("frames", .number(Double(r.framesRun))),
      ("offset", JSONFormatter.pair(r.offset.x, r.offset.y)),
    ]
    if let to = r.scrollingTo, let ends = r.scrollEnds {
      members.append(("scroll", .object([("to", JSONFormatter.pair(to.x, to.y)), ("ends", .number(micro(ends)))])))
    } else if let ended = r.scrollEnded {
      members.append(("scroll", .object([("ended", .number(micro(ended)))])))
    }
    if let touch = r.touch { members.append(("touch", JSONFormatter.pair(touch.x, touch.y))) }
    var layout: [(String, JSONOutput)] = [
      ("name", .string(r.layout)), ("movesWithTime", .bool(r.movesWithTime)), ("moving", .bool(r.moving)),
    ]
    if let rested = r.restedAt { layout.append(("restedAt", .number(micro(rested)))) }
    members.append(("layout", .object(layout)))
    if !r.stoppedMoving { members.append(("stillMoving", .bool(true))) }
    return .object([("clock", .object(members))])
  }

  private static func micro(_ value: Double) -> Double { (value * 1e6).rounded() / 1e6 }
}
