/// The dataset `tessera bench` gives a layout when `--dataset` does not say: the one each bundled
/// layout is about (a tree for the schematic, events for the timeline, quilt spans for the quilt,
/// photos for the waterfall), random sizes for the rest and for third-party layouts.
public enum BenchDatasets {
  static let natural: [String: String] = [
    "schematic": "tree", "timeline": "events", "quilt": "blocks", "waterfall": "photos", "chart": "bars",
  ]

  public static func natural(for layout: String) -> String { natural[layout] ?? "random" }
}

extension Benchmark {
  /// `tessera bench --layout all`: one row per layout (and size). No memory column: the runs
  /// share one process and its allocator, which keeps what one run freed for the next, so only a
  /// run alone (`--layout NAME`) measures a layout's memory.
  public static func summary(_ results: [Result]) -> String {
    let scrolls = results.allSatisfy { $0.scroll != nil }
    var header = ["layout", "dataset", "items", "prepare/item", "visible query", "per element", "item lookup"]
    if scrolls { header += ["scroll p99", "over 8.3 ms"] }

    var table = TextTable(header)
    for result in results {
      var row = [
        result.configuration.layout, result.configuration.dataset, String(result.items),
        "\(Result.fixed(result.nanosecondsPerItem, 1)) ns",
        "\(Result.fixed(result.visibleQueryNanoseconds / 1000, 2)) µs",
        "\(Result.fixed(result.visibleQueryNanosecondsPerElement, 1)) ns",
        "\(Result.fixed(result.itemLookupNanoseconds, 0)) ns",
      ]
      if let scroll = result.scroll {
        row += ["\(Result.fixed(scroll.p99Milliseconds * 1000, 1)) µs", String(scroll.framesOverBudget)]
      }
      table.add(row)
    }
    return table.rendered
      + "\nMemory: measure one layout at a time (--layout NAME); runs in one process share its allocator."
  }
}
