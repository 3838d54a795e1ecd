/// `apply PATH`: diff a new version of the dataset against the current one by ids, print the
/// batch that turns one into the other, and apply it the way `batch` does.
extension WorkbenchState {
  func applyCommand(_ args: Arguments) throws(HostError) -> CommandResult {
    try refuseDuringTransition("apply")
    let target = try readDataset(try args.word("PATH"))
    let diff = DatasetDiff.diff(from: model.dataset, to: target)
    var report = try perform(
      BatchUpdate(operations: diff.operations), target: target, everything: diff.sectionDataChanged,
      animations: format == .json)
    report.derivation = BatchReport.Derivation(
      operations: diff.operations.map(\.description), rewrites: diff.rewrites)
    return .batch(report)
  }
}
