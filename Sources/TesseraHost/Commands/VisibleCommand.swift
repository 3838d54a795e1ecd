/// `visible [--all]`: every element intersecting the viewport.
struct VisibleCommand: WorkbenchCommand {
  static let spec = CommandSpec(
    "visible",
    [
      CommandForm(
        flag: "--all", misfit: "visible takes no arguments but --all (see 'dump X Y W H' for a rect)")
    ],
    summary: "attributes of every element intersecting the viewport",
    discussion:
      "An element counts when its frame intersects the bounds as UIKit's CGRectIntersectsRect has it: touching an edge is enough, and a zero-height line inside counts. A table shows the first \(Limits.rowsShown) rows and says how many there are; --all prints every row (format json always lists every element).",
    examples: ["visible", "visible --all"],
    reads: .always,
    run: .command(VisibleCommand.self))

  var showsAll: Bool

  init(_ arguments: Arguments) { showsAll = arguments.flag }

  func run(on state: WorkbenchState) throws(HostError) -> CommandResult {
    let rowsKept = state.rowsKept(showsAll: showsAll)
    return .attributes(
      try state.shownListing(in: state.model.bounds, command: "visible", showsAll: showsAll, rowsKept: rowsKept))
  }
}
