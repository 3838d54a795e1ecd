/// `gen KIND [N] [key=value ...]`: a deterministic dataset.
struct GenCommand: WorkbenchCommand {
  static let spec = CommandSpec(
    "gen",
    [
      CommandForm(
        [],
        [
          kind.required, count.optional, parameters.optional,
        ], misfit: "gen needs a kind and a count")
    ],
    summary: "generate a deterministic dataset",
    discussion: DatasetGenerator.all.map { generator in
      "gen \(generator.kind): \(generator.summary)\n"
        + generator.parameters.helpLines.joined(separator: "\n")
    }.joined(separator: "\n")
      + "\nLimits: N up to \(Limits.generatedItems), sections up to \(Limits.generatedSections), fanout up to \(Limits.treeFanout), random sizes up to \(formatNumber(Limits.generatedSide)) points a side, sizes given up to \(Limits.coordinateText); a request beyond them is refused before anything is made.",
    examples: [
      "gen grid 10", "gen grid 100 sections=4 header=390x40", "gen random 1000 seed=7", "gen tree depth=4 fanout=3",
    ],
    run: .command(GenCommand.self))

  static let kind = Argument<GeneratorKind>("KIND")
  static let count = Argument("N", .generatorCount)
  static let parameters = Argument(
    "key=value", OptionPairs.reader { DatasetGenerator.named($0.named)?.parameters })

  var generator: DatasetGenerator
  var count: Int
  var parameters: [(key: String, value: String)]

  init(_ arguments: Arguments) throws(HostError) {
    generator = try arguments.value(Self.kind).generator
    count = arguments[Self.count] ?? 0
    parameters = arguments[Self.parameters]?.pairs ?? []
  }

  func run(on state: WorkbenchState) throws(HostError) -> CommandResult {
    try state.refuseDuringTransition("gen")
    let dataset = try generator.generate(count: count, parameters: parameters)
    try state.replaceDataset(dataset)
    return .datasetMade(
      DatasetSummary(
        source: .generated(kind: generator.kind), sections: dataset.sections.count, items: dataset.itemCount))
  }
}
