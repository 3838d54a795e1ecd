/// `stats [reset]`: counts of each plugin call and of full prepares.
struct StatsCommand: WorkbenchCommand {
  static let spec = CommandSpec(
    "stats",
    [
      CommandForm(misfit: "stats takes nothing or 'reset'"),
      CommandForm(["reset"], misfit: "stats takes nothing or 'reset'"),
    ], summary: "counts of each plugin call and of full prepares",
    discussion: "To catch over-invalidation, e.g. a prepare on every scroll step.",
    examples: ["stats", "stats reset"],
    reads: .withoutArguments,
    run: .command(StatsCommand.self))

  var resets: Bool

  init(_ arguments: Arguments) { resets = arguments.subcommand == ["reset"] }

  func run(on state: WorkbenchState) throws(HostError) -> CommandResult {
    let layout = try state.currentLayout()
    guard !resets else {
      layout.stats = PluginCallStats()
      return .statsReset
    }
    return .stats(StatsReport(layout: layout.layoutClass.name, stats: layout.stats))
  }
}
