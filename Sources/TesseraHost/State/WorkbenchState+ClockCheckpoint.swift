import TesseraKit

/// The clock's motion in a checkpoint: an animated scroll or a fling's deceleration in progress
/// (where it runs from and to, when it started, its curve), when the last one ended and where,
/// and when the layout came to rest. A restore from a checkpoint taken mid-scroll goes on exactly
/// as the session would have. (A layout's own motion — springs inside a plugin — is the plugin's
/// to save: `WorkbenchState+MotionCheckpoint`.)
extension WorkbenchState {
  var clockMotionJSON: JSONOutput {
    func point(_ p: Point) -> JSONOutput { .array([.number(p.x), .number(p.y)]) }
    var members: [(String, JSONOutput)] = []
    if let scroll = clock.scroll {
      let curve: JSONOutput
      switch scroll.curve {
      case .easeInOut(let duration): curve = .object([("easeInOut", .number(duration))])
      case .deceleration(let rate): curve = .object([("deceleration", .number(rate))])
      }
      members.append(
        (
          "scroll",
          .object([
            ("from", point(scroll.from)), ("to", point(scroll.to)), ("start", .number(scroll.start)), ("curve", curve),
          ])
        ))
    }
    if let ended = clock.scrollEnded {
      members.append(("scrollEnded", .object([("time", .number(ended.time)), ("offset", point(ended.offset))])))
    }
    if let rested = clock.layoutRestedAt { members.append(("layoutRestedAt", .number(rested))) }
    return .object(members)
  }

  /// Takes the clock back from a checkpoint's `clock` ([time, frames]) and `clockMotion`.
  func restoreClock(_ clockNode: JSONNode?, motion: JSONNode?) {
    guard case .array(let values)? = clockNode?.value, values.count == 2,
      case .number(let time) = values[0].value, case .number(let frames) = values[1].value, time.isFinite, time >= 0
    else { return }
    clock = WorkbenchClock()
    clock.time = time
    clock.frames = Int(exactly: frames) ?? 0
    if let motion { restoreClockMotion(motion) }
  }

  /// Takes the motion back from a checkpoint's `clockMotion` (what does not read is left out: a
  /// checkpoint is the engine's own file).
  func restoreClockMotion(_ node: JSONNode) {
    guard case .object(let members) = node.value else { return }
    func member(_ key: String) -> JSONNode.Value? { members.first { $0.key == key }?.value.value }
    func number(_ value: JSONNode.Value?) -> Double? {
      if case .number(let n)? = value, n.isFinite { return n }
      return nil
    }
    func point(_ value: JSONNode.Value?) -> Point? {
      guard case .array(let values)? = value, values.count == 2, let x = number(values[0].value),
        let y = number(values[1].value)
      else { return nil }
      return Point(x: x, y: y)
    }
    func object(_ value: JSONNode.Value?) -> [(key: String, value: JSONNode)]? {
      if case .object(let members)? = value { return members }
      return nil
    }
    func field(_ members: [(key: String, value: JSONNode)], _ key: String) -> JSONNode.Value? {
      members.first { $0.key == key }?.value.value
    }
    if let scroll = object(member("scroll")), let from = point(field(scroll, "from")),
      let to = point(field(scroll, "to")), let start = number(field(scroll, "start")),
      let curve = object(field(scroll, "curve"))
    {
      if let duration = number(field(curve, "easeInOut")) {
        clock.scroll = ScrollAnimation(from: from, to: to, start: start, curve: .easeInOut(duration: duration))
      } else if let rate = number(field(curve, "deceleration")) {
        clock.scroll = ScrollAnimation(from: from, to: to, start: start, curve: .deceleration(rate: rate))
      }
    }
    if let ended = object(member("scrollEnded")), let time = number(field(ended, "time")),
      let offset = point(field(ended, "offset"))
    {
      clock.scrollEnded = (time, offset)
    }
    clock.layoutRestedAt = number(member("layoutRestedAt"))
  }
}
