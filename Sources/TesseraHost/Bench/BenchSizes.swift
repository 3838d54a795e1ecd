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
    let scrolls = results.allSatisfy { $0.scroll != nil }
    func ratio(_ value: Double, _ base: Double) -> String { "\(Result.fixed(value / max(1e-9, base), 2))×" }
    var header = ["items", "prepare/item", "visible query", "ratio", "per element", "ratio", "item lookup", "ratio"]
    if scrolls { header += ["scroll frame", "ratio"] }
    var table = TextTable(header)
    for result in results {
      var row = [
        String(result.items), "\(Result.fixed(result.nanosecondsPerItem, 2)) ns",
        "\(Result.fixed(result.visibleQueryNanoseconds / 1000, 3)) µs",
        ratio(result.visibleQueryNanoseconds, first.visibleQueryNanoseconds),
        "\(Result.fixed(result.visibleQueryNanosecondsPerElement, 1)) ns",
        ratio(result.visibleQueryNanosecondsPerElement, first.visibleQueryNanosecondsPerElement),
        "\(Result.fixed(result.itemLookupNanoseconds, 1)) ns",
        ratio(result.itemLookupNanoseconds, first.itemLookupNanoseconds),
      ]
      if let scroll = result.scroll, let base = first.scroll {
        row += [
          "\(Result.fixed(scroll.medianMilliseconds * 1000, 2)) µs",
          ratio(scroll.medianMilliseconds, base.medianMilliseconds),
        ]
      }
      table.add(row)
    }
    return "scaling of \(first.configuration.layout) (ratios to \(first.items) items; flat is near 1×)\n"
      + table.rendered
      + "\nRandom-offset queries land in cold memory at large sizes (a cache miss per level of a search and per element); the scroll frames, which move as a finger does, show the steady state."
  }
}
