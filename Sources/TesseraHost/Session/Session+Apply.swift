extension Session {
  /// For tests: put a dataset in place as `load` would.
  public func replaceDatasetForTesting(_ dataset: Dataset) throws(HostError) {
    try replaceDataset(dataset)
  }

  /// For tests: `apply` with a dataset instead of a file; returns the text reply.
  public func applyDatasetForTesting(_ target: Dataset) throws(HostError) -> String {
    let diff = DatasetDiff.diff(from: model.dataset, to: target)
    return try performBatch(
      BatchUpdate(operations: diff.operations), target: target, everything: diff.sectionDataChanged
    )
    .text
  }

  /// `apply PATH`: diff a new version of the dataset against the current one by ids, print
  /// the batch that turns one into the other, and apply it the way `batch` does.
  func applyCommand(_ args: [String]) throws(HostError) -> Reply {
    guard args.count == 1 else { throw HostError.usage("apply takes one file") }
    let target = try DatasetDecoder.decode(
      try files.readText(resolve(args[0]), shownAs: args[0]), file: args[0])
    let diff = DatasetDiff.diff(from: model.dataset, to: target)
    let batch = BatchUpdate(operations: diff.operations)
    let derived = diff.operations.map(\.description)
    let header =
      ["derived: " + (derived.isEmpty ? "nothing to change" : derived.joined(separator: "; "))]
      + diff.rewrites.map { "rewrite: \($0.escapingAllControls)" }
    var reply = try performBatch(batch, target: target, everything: diff.sectionDataChanged)
    reply.text = (header + [reply.text]).joined(separator: "\n")
    if case .object(let members) = reply.json {
      reply.json = .object(
        [
          ("derived", .array(derived.map { .string($0) })),
          ("rewrites", .array(diff.rewrites.map { .string($0) })),
        ] + members)
    }
    return reply
  }
}
