import TesseraABI
import TesseraKit

/// `load`, `gen`, `data`: the dataset.
extension WorkbenchState {
  /// Puts a new dataset in place and lays it out; on failure nothing changes.
  func replaceDataset(_ dataset: Dataset) throws(HostError) {
    try atomically { () throws(HostError) in
      model.dataset = dataset
      if let layout {
        // New data is measured afresh: no preferred size accepted before counts.
        layout.preferredLog.removeAll()
        try layout.invalidate(flags: UInt32(TESSERA_INVALIDATE_EVERYTHING | TESSERA_INVALIDATE_DATA_SOURCE_COUNTS))
        do throws(HostError) {
          try layout.prepareIfNeeded()
        } catch {
          // The layout refuses the data (the timeline needs days): say how to get past it.
          throw HostError(
            error.message
              + "\nthe dataset stays as it was: the current layout (\(layout.layoutClass.name)) cannot lay this one out; switch to a layout that can first ('layout NAME')"
          )
        }
        _ = try layout.contentSize()
      }
    }
  }

  /// Reads and decodes a dataset file a person named.
  func readDataset(_ path: String) throws(HostError) -> Dataset {
    let bytes = try files.readUTF8(resolve(path), shownAs: path)
    return try bytes.withUnsafeBufferPointer { (buffer) throws(HostError) in
      try DatasetDecoder.decode(utf8: buffer, file: path)
    }
  }

  func loadCommand(_ args: Arguments) throws(HostError) -> CommandResult {
    try refuseDuringTransition("load")
    let path = try args.word("PATH")
    let dataset = try readDataset(path)
    try replaceDataset(dataset)
    return .datasetMade(
      DatasetSummary(source: .loaded(path: path), sections: dataset.sections.count, items: dataset.itemCount))
  }

  func genCommand(_ args: Arguments) throws(HostError) -> CommandResult {
    try refuseDuringTransition("gen")
    guard let generator = DatasetGenerator.named(try args.word("KIND")) else {
      throw HostError("internal error: gen read a kind it does not know (please report it)")
    }
    let count = args.has("N") ? try args.count("N") : 0
    let parameters = args.pairs("key=value")
    let dataset = try generator.generate(
      count: count, arguments: Dictionary(uniqueKeysWithValues: parameters.map { ($0.key, $0.value) }))
    try replaceDataset(dataset)
    return .datasetMade(
      DatasetSummary(
        source: .generated(kind: generator.kind), sections: dataset.sections.count, items: dataset.itemCount))
  }

  func dataCommand(_ args: Arguments) throws(HostError) -> CommandResult {
    .dataset(model.dataset)
  }
}
