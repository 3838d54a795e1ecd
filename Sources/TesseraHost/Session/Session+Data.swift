import TesseraABI
import TesseraKit

extension Session {
  /// Puts a new dataset in place and lays it out; on failure nothing changes.
  func replaceDataset(_ dataset: Dataset) throws(HostError) {
    try atomically { () throws(HostError) in
      model.dataset = dataset
      if let layout {
        try layout.invalidate(flags: UInt32(TESSERA_INVALIDATE_EVERYTHING | TESSERA_INVALIDATE_DATA_SOURCE_COUNTS))
        try layout.prepareIfNeeded()
        _ = try layout.contentSize()
      }
    }
  }

  func summary(_ dataset: Dataset) -> String {
    let items = dataset.itemCount
    let sections = dataset.sections.count
    return "\(items) item\(items == 1 ? "" : "s") in \(sections) section\(sections == 1 ? "" : "s")"
  }

  func loadCommand(_ args: [String]) throws(HostError) -> Reply {
    guard args.count == 1 else { throw HostError.usage("load takes one file") }
    let text = try files.readText(resolve(args[0]), shownAs: args[0])
    let dataset = try DatasetDecoder.decode(text, file: args[0])
    try replaceDataset(dataset)
    return Reply(
      text: "loaded \(args[0]): \(summary(dataset))",
      json: .object([
        ("loaded", .string(args[0])), ("sections", .number(Double(dataset.sections.count))),
        ("items", .number(Double(dataset.itemCount))),
      ]))
  }

  func genCommand(_ args: [String]) throws(HostError) -> Reply {
    guard !args.isEmpty else { throw HostError.usage("gen needs a kind and a count") }
    guard let generator = DatasetGenerator.named(args[0]) else {
      let near = CommandLookup.closest(to: args[0], among: DatasetGenerator.all.map(\.kind))
      let hint = near.isEmpty ? "" : " Did you mean '\(near[0])'?"
      throw HostError(
        "unknown dataset kind '\(args[0])'.\(hint) Kinds: \(DatasetGenerator.all.map(\.kind).joined(separator: ", "))")
    }
    var count = 0
    var rest = args.dropFirst()
    if generator.takesCount {
      guard args.count >= 2 else { throw HostError.usage("gen \(generator.kind) needs a count") }
      guard let n = Int(args[1]), n >= 0 else {
        throw HostError.usage("invalid count '\(args[1])': expected a whole number of items, 0 or more")
      }
      count = n
      rest = rest.dropFirst()
    }
    let pairs = try Tokenizer.keyValues(rest)
    let dataset = try generator.generate(count: count, arguments: Dictionary(uniqueKeysWithValues: pairs))
    try replaceDataset(dataset)
    return Reply(
      text: "generated \(summary(dataset))",
      json: .object([
        ("generated", .string(generator.kind)), ("sections", .number(Double(dataset.sections.count))),
        ("items", .number(Double(dataset.itemCount))),
      ]))
  }

  func dataCommand(_ args: [String]) throws(HostError) -> Reply {
    guard args.isEmpty else { throw HostError.usage("data takes no arguments") }
    let sections = model.dataset.sections
    let json = JSONOutput.object([
      (
        "sections",
        .array(
          sections.map { section in
            .object([("id", .string(section.id)), ("items", .array(section.items.ids.map { .string($0) }))])
          })
      )
    ])
    guard !sections.isEmpty else { return Reply(text: "(no sections)", json: json) }
    let shown = 12
    var lines: [String] = []
    for (index, section) in sections.enumerated() {
      var extras: [String] = []
      if let header = section.header { extras.append("header \(header.formatted)") }
      if let footer = section.footer { extras.append("footer \(footer.formatted)") }
      let n = section.items.count
      var line = "section \(index) \(section.id.escapingAllControls): \(n) item\(n == 1 ? "" : "s")"
      if !extras.isEmpty { line += " (\(extras.joined(separator: ", ")))" }
      if n > 0 {
        line += ": " + section.items.ids.prefix(shown).map(\.escapingAllControls).joined(separator: " ")
        if n > shown { line += " … (\(n - shown) more)" }
      }
      lines.append(line)
    }
    return Reply(text: lines.joined(separator: "\n"), json: json)
  }
}
