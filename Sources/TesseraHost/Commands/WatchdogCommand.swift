/// `watchdog [SECONDS]`: how long one command may run before its plugin is stopped.
struct WatchdogCommand: WorkbenchCommand {
  static let spec = CommandSpec(
    "watchdog",
    [
      CommandForm(
        [], [seconds.optional],
        misfit: "watchdog takes at most one number of seconds")
    ],
    summary: "how long one command may run before its plugin is stopped (default 10)",
    discussion: """
      Plugins run in an engine process of their own. A command that runs longer than this without progress \
      (each command of a 'run' counts as progress, and so does each frame of the clock: 'step', 'fling', 'drag' \
      and 'scroll ... animated' are timed frame by frame) is stopped, the plugin call in flight is named, and a new \
      engine restores the session as it was before the command; Ctrl-C does the same at once. A plugin that \
      crashes or calls exit() costs only its command in the same way. SECONDS is from 0.1 to 86400. With \
      'tessera --in-process' there is no engine and no watchdog.
      """,
    examples: ["watchdog", "watchdog 2"],
    reads: .withoutArguments,
    run: .command(WatchdogCommand.self))

  static let seconds = Argument("SECONDS", .number(in: Watchdog.allowed, what: "watchdog takes a number of seconds"))

  var seconds: Double?

  init(_ arguments: Arguments) { seconds = arguments[Self.seconds] }

  func run(on state: WorkbenchState) throws(HostError) -> CommandResult {
    if let seconds { state.settings.watchdogSeconds = seconds }
    return .watchdog(seconds: state.watchdogSeconds)
  }
}
