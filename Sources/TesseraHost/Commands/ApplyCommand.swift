/// `apply PATH`: diff a new version of the dataset against the current one by ids, print the
/// batch that turns one into the other, and apply it the way `batch` does.
struct ApplyCommand: WorkbenchCommand {
  static let spec = CommandSpec(
    "apply", [CommandForm([], [file.required], misfit: "apply takes one file")],
    summary: "turn the dataset into a new version of it with one batch update",
    discussion: """
      Diffs the file against the current dataset by section and item ids (after Heckel), prints the derived \
      operations, and applies them as 'batch' does, landing exactly on the new data. Only the items (and \
      sections) outside a longest run already in order move: the fewest moves. The batch is one UIKit accepts \
      and animates correctly, and changed content always refreshes: an item that moves and changes is deleted \
      and inserted; a changed item is reloaded where the reload lands on its new place (moves do not shift a \
      reload), else deleted and inserted; a section whose own data changes is reloaded, or deleted and inserted \
      when it moves or its items change too. Each rewrite is printed.
      """,
    examples: ["apply sessions/data/people-v2.json"],
    run: .command(ApplyCommand.self))

  static let file = Argument<FilePath>("PATH")

  var path: String

  init(_ arguments: Arguments) throws(HostError) { path = try arguments.value(Self.file).path }

  func run(on state: WorkbenchState) throws(HostError) -> CommandResult {
    try state.refuseDuringTransition("apply")
    let target = try state.readDataset(path)
    let diff = DatasetDiff.diff(from: state.model.dataset, to: target)
    var report = try state.perform(
      BatchUpdate(operations: diff.operations), target: target, everything: diff.sectionDataChanged,
      animations: state.format == .json)
    report.derivation = BatchReport.Derivation(
      operations: diff.operations.map(\.description), rewrites: diff.rewrites)
    return .batch(report)
  }
}
