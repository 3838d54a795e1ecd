import TesseraKit

extension DatasetGenerator {
  /// N items with a `value` prop (whole numbers between min= and max=, drawn with the seed) and a
  /// `series` prop (`s1`, `s2`, … cycling through series= names): bars for the chart.
  public static let bars = DatasetGenerator(
    kind: "bars",
    summary: "N items with a value prop (whole numbers from min= to max=) and a series prop, for the chart (seed=K)",
    parameters: common + [
      seed,
      OptionSpec("min", .integer, default: "-20", range: -1e9...1e9, placeholder: "V", doc: "lowest value"),
      OptionSpec("max", .integer, default: "100", range: -1e9...1e9, placeholder: "V", doc: "highest value"),
      OptionSpec(
        "series", .integer, default: "3", range: 1...1_000, placeholder: "K", doc: "series names, s1 to sK, in turn"),
    ]
  ) { count, arguments throws(HostError) in
    var rng = SplitMix64(seed: arguments.seed("seed") ?? 1)
    let (low, high) = (arguments.integer("min") ?? -20, arguments.integer("max") ?? 100)
    guard low <= high else { throw HostError("min=\(low) must not exceed max=\(high)") }
    let series = arguments.integer("series") ?? 3
    var dataset = try build(count, arguments, property: "value", { _ in .number(Double(rng.int(in: low...high))) }) {
      _ in (nil, nil)
    }
    for s in dataset.sections.indices {
      for item in dataset.sections[s].items.ids.indices {
        dataset.sections[s].items.setProperty("series", .string("s\(item % series + 1)"), at: item)
      }
    }
    return dataset
  }
}
