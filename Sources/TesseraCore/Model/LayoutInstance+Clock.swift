import TesseraABI
import TesseraKit

/// One frame of the layout's own time (`tessera.clock/1`): what a display link's tick does to a
/// layout with a `UIDynamicAnimator`.
extension LayoutInstance {
  /// Whether the layout's attributes move with time at all.
  public var movesWithTime: Bool { layoutClass.clock != nil }

  /// Whether the layout moves now (its springs were pulled): `is_running`, or false for a layout
  /// without a clock.
  public func isMoving() -> Bool {
    guard let clock = layoutClass.clock, let ask = clock.isRunning else { return false }
    let answer = calling(.advance) { ask(instance) } != 0
    return answer
  }

  /// Advances the layout by `seconds` and records what it invalidated (merged until the next
  /// pass). Returns whether it still moves. A layout without a clock is at rest.
  public func advance(by seconds: Double) throws(HostError) -> Bool {
    guard let clock = layoutClass.clock else { return false }
    try prepareIfNeeded()
    var report = tessera_clock_report()
    report.struct_size = abiSize(tessera_clock_report.self)
    try check(calling(.advance) { clock.advance(instance, seconds, &report) }, "failed to advance its time")
    record(
      .advance, formatNumber((seconds * 1e6).rounded() / 1e6),
      result: "\(report.running != 0 ? "running" : "at rest")\(report.invalidates != 0 ? ", invalidates" : "")")
    guard report.invalidates != 0 else { return report.running != 0 }
    if let context = report.context {
      invalidate(try request(from: context.pointee, for: "a clock step"))
    } else {
      invalidate(InvalidationContext())
    }
    return report.running != 0
  }
}
