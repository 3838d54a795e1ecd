/// `apply PATH`: diff a new version of the dataset against the current one by ids, print the
/// batch that turns one into the other, and apply it the way `batch` does.
extension Session {
  /// For tests: put a dataset in place as `load` would.
  public func replaceDatasetForTesting(_ dataset: Dataset) throws(HostError) {
    try replaceDataset(dataset)
  }

  /// For tests: `apply` with a dataset instead of a file; returns the table report.
  public func applyDatasetForTesting(_ target: Dataset) throws(HostError) -> String {
    let diff = DatasetDiff.diff(from: model.dataset, to: target)
    let report = try performBatch(
      BatchUpdate(operations: diff.operations), target: target, everything: diff.sectionDataChanged)
    return BatchReportTable.text(report)
  }

  func applyCommand(_ args: Arguments) throws(HostError) -> CommandResult {
    let target = try readDataset(try args.word("PATH"))
    let diff = DatasetDiff.diff(from: model.dataset, to: target)
    var report = try performBatch(
      BatchUpdate(operations: diff.operations), target: target, everything: diff.sectionDataChanged)
    report.derivation = BatchReport.Derivation(
      operations: diff.operations.map(\.description), rewrites: diff.rewrites)
    return .batch(report)
  }
}
