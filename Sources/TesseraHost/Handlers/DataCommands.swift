import TesseraABI
import TesseraKit

/// `load`, `gen`, `data`: the dataset.
extension WorkbenchState {
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
