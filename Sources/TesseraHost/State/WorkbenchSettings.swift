/// What a person sets with commands and every later command reads: the output format (`format`),
/// tracing (`trace`), self-sizing (`selfsizing`) and the watchdog (`watchdog`).
struct WorkbenchSettings {
  var format: WorkbenchState.Format = .table
  /// `trace on`: every host→plugin call is printed before the command's output.
  var tracing = false
  /// `selfsizing on|off`, its pass budget and what the cells measured so far.
  var selfSizing = SelfSizing()
  /// `events on`: each command reports the views that entered and left the screen.
  var displayEvents = false
  /// How long the supervisor lets one command run before it stops the engine.
  var watchdogSeconds = 10.0
}
