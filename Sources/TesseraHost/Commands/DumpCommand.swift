import TesseraKit

/// `dump [X Y W H] [--all]`: every element, or those in a rect.
struct DumpCommand: WorkbenchCommand {
  static let spec = CommandSpec(
    "dump",
    [CommandForm([], [rect.optional], flag: "--all", misfit: "dump takes no rect or a whole one")],
    summary: "attributes in a rect; without one, all elements",
    discussion:
      "Without a rect every element is listed, zero-area ones included. Each number of the rect is within ±\(Limits.coordinateText). A table shows the first \(Limits.rowsShown) rows and says how many there are; --all prints every row (format json always lists every element).",
    examples: ["dump", "dump 0 0 390 200", "dump --all"],
    reads: .always,
    run: .command(DumpCommand.self))

  static let rect = Argument<Rect>("X Y W H")

  var rect: Rect?
  var showsAll: Bool

  init(_ arguments: Arguments) {
    rect = arguments[Self.rect]
    showsAll = arguments.flag
  }

  func run(on state: WorkbenchState) throws(HostError) -> CommandResult {
    .attributes(
      try state.shownListing(
        in: rect, command: "dump", showsAll: showsAll, rowsKept: state.rowsKept(showsAll: showsAll)))
  }
}
