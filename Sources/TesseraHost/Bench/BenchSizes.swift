/// `tessera bench --items 10000,100000,1000000`: the sizes to measure, smallest first.
public enum BenchSizes {
  public static let most = Limits.generatedItems

  public static func parse(_ text: String) -> Result<[Int], HostError> {
    var sizes: [Int] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      let word = String(part.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
      guard let n = Int(word), n >= 1, n <= most else {
        return .failure(
          HostError("invalid --items '\(word)': expected whole numbers from 1 to \(most), separated by commas"))
      }
      if !sizes.contains(n) { sizes.append(n) }
    }
    return .success(sizes.sorted())
  }
}

extension Benchmark {
  /// How the per-query figures grow with the data, for several sizes of one layout: each size's
  /// prepare per item, visible query and item lookup, and their ratio to the smallest size's.
  /// A layout whose queries do not grow with the data shows ratios near 1.
  public static func scaling(_ results: [Result]) -> String {
    guard let first = results.first else { return "" }
    var table = TextTable([
      "items", "prepare/item", "visible query", "ratio", "per element", "ratio", "item lookup", "ratio",
    ])
    for result in results {
      table.add([
        String(result.items), "\(Result.fixed(result.nanosecondsPerItem, 2)) ns",
        "\(Result.fixed(result.visibleQueryNanoseconds / 1000, 3)) µs",
        "\(Result.fixed(result.visibleQueryNanoseconds / max(1, first.visibleQueryNanoseconds), 2))×",
        "\(Result.fixed(result.visibleQueryNanosecondsPerElement, 1)) ns",
        "\(Result.fixed(result.visibleQueryNanosecondsPerElement / max(1, first.visibleQueryNanosecondsPerElement), 2))×",
        "\(Result.fixed(result.itemLookupNanoseconds, 1)) ns",
        "\(Result.fixed(result.itemLookupNanoseconds / max(1, first.itemLookupNanoseconds), 2))×",
      ])
    }
    return "scaling of \(first.configuration.layout) (ratios to \(first.items) items; flat is near 1×)\n"
      + table.rendered
  }
}
