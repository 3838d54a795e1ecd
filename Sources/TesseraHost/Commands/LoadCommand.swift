/// `load PATH`: a dataset from a JSON file.
struct LoadCommand: WorkbenchCommand {
  static let spec = CommandSpec(
    "load", [CommandForm([], [file.required], misfit: "load takes one file")],
    summary: "load a dataset (JSON)",
    discussion:
      "The format: {\"sections\": [{\"id\": \"s0\", \"header\": [W, H], \"footer\": [W, H], \"props\": {...}, \"items\": [{\"id\": \"a\", \"size\": [W, H], \"estimated\": [W, H], \"props\": {...}}]}]}. Every key but 'sections' is optional. A relative path resolves against the session file's folder. A malformed file is refused with file:line:column and the loaded dataset stays. Limits: regular files only (not FIFOs, devices or sockets), at most 1 GiB, at most \(Limits.loadedItems) items and \(Limits.loadedSections) sections, sizes at most \(Limits.coordinateText) points a side, and only when the memory available (MemAvailable) can hold it.",

    examples: ["load sessions/data/people.json"],
    run: .command(LoadCommand.self))

  static let file = Argument<FilePath>("PATH")

  var path: String

  init(_ arguments: Arguments) throws(HostError) { path = try arguments.value(Self.file).path }

  func run(on state: WorkbenchState) throws(HostError) -> CommandResult {
    try state.refuseDuringTransition("load")
    let dataset = try state.readDataset(path)
    try state.replaceDataset(dataset)
    return .datasetMade(
      DatasetSummary(source: .loaded(path: path), sections: dataset.sections.count, items: dataset.itemCount))
  }
}
