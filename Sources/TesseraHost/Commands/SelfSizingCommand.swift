/// `selfsizing on [BUDGET]`, `selfsizing off`: measure visible cells and feed their preferred
/// sizes until they settle.
struct SelfSizingCommand: WorkbenchCommand {
  static let spec = CommandSpec(
    "selfsizing",
    [
      CommandForm(
        ["on"], [budget.optional],
        misfit: "selfsizing on takes at most a pass budget"),
      CommandForm(["off"], misfit: "selfsizing off takes nothing more"),
    ],
    summary: "measure visible cells and feed their preferred sizes until they settle",
    discussion: """
      With self-sizing on, whenever the visible set is computed (visible, scroll, viewport) each visible cell \
      is measured — its dataset size, or the next entry of a measureCycle prop [w, h, w, h, ...] — and a cell \
      whose measured size differs reports it as its preferred size; this repeats until nothing changes. A pass \
      budget (default 50) stops a feedback loop with an error naming the items, their alternating sizes and \
      the pass where it began; the session is left as it was.
      """,
    examples: ["selfsizing on", "selfsizing on 10", "selfsizing off"],
    unknownSubcommand: { _ in "selfsizing takes on or off" },
    run: .command(SelfSizingCommand.self))

  static let budget = Argument("BUDGET", .count(in: 1...10_000, what: "pass budget"))

  var isOn: Bool
  var budget: Int?

  init(_ arguments: Arguments) {
    isOn = arguments.subcommand == ["on"]
    budget = arguments[Self.budget]
  }

  func run(on state: WorkbenchState) throws(HostError) -> CommandResult {
    try state.refuseDuringTransition("selfsizing")
    guard isOn else {
      state.settings.selfSizing.isOn = false
      return .selfSizingOff
    }
    let budget = budget ?? state.settings.selfSizing.budget
    // A failed command changes nothing: the atomic scope puts the setting back.
    return try state.atomically { () throws(HostError) in
      state.settings.selfSizing.isOn = true
      state.settings.selfSizing.budget = budget
      return .selfSizingOn(budget: budget, passes: try state.settleVisibleCells())
    }
  }
}
