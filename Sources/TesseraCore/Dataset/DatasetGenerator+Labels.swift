import TesseraKit

extension DatasetGenerator {
  /// N items with a `text` prop of `min` to `max` words and no size: cells that size themselves
  /// to their label (`selfsizing text`). Words of every length, drawn with the seed.
  public static let labels = DatasetGenerator(
    kind: "labels",
    summary: "N items with a text prop of min= to max= words and no size, for selfsizing text (seed=K, default 1)",
    parameters: common + [
      seed,
      OptionSpec("min", .integer, default: "1", range: 1...1_000, placeholder: "WORDS", doc: "fewest words"),
      OptionSpec("max", .integer, default: "12", range: 1...1_000, placeholder: "WORDS", doc: "most words"),
    ]
  ) { count, arguments throws(HostError) in
    var rng = SplitMix64(seed: arguments.seed("seed") ?? 1)
    let (low, high) = (arguments.integer("min") ?? 1, arguments.integer("max") ?? 12)
    guard low <= high else {
      throw HostError("min=\(low) must not exceed max=\(high)\(arguments.has("max") ? "" : " (max's default)")")
    }
    // Refused before anything is made: at most 14 bytes a word (the longest and its space).
    let most = count.multipliedReportingOverflow(by: high * 14)
    guard !most.overflow, most.partialValue <= Limits.fileBytes else {
      throw HostError(
        "gen labels \(count) max=\(high) could make \(most.overflow ? "more than 2^63" : String(most.partialValue / 1_048_576) + " MB") of text: at most \(Limits.fileBytes / 1_048_576) MB (fewer items, or a lower max=)"
      )
    }
    return try build(
      count, arguments, property: "text",
      { _ in
        let words = (0..<rng.int(in: low...high)).map { _ in labelWords[rng.int(in: 0...labelWords.count - 1)] }
        return .string(words.joined(separator: " "))
      }
    ) { _ in (nil, nil) }
  }

  /// Words of one to fourteen letters, from the talks' own vocabulary.
  static let labelWords = [
    "a", "an", "at", "by", "of", "to", "up", "the", "and", "for", "row", "cell", "grid", "item", "view", "zoom",
    "frame", "inset", "quilt", "raggy", "scroll", "layout", "header", "footer", "mosaic", "bounds", "column",
    "section", "diagram", "spacing", "timeline", "waterfall", "schematic", "attributes", "collection",
    "invalidation", "supplementary", "interactively", "self-sizing", "well-known",
  ]
}
