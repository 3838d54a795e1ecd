import TesseraABI
import TesseraKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// `tessera bench`: how long a layout takes to prepare a large dataset and to answer the
/// queries a scrolling collection view makes. Medians over repeated runs, never single timings.
public struct Benchmark {
  public struct Configuration: Sendable {
    public var layout: String
    public var items: Int
    public var dataset: String
    public var seed: Int
    public var queries: Int
    public var prepareRuns: Int
    /// Operations per random batch (0: no batch measurement).
    public var batchOperations: Int = 0
    public var batchRuns: Int = 5
    /// Sections the items are spread over (tracks for `events`); nil: the generator's default.
    public var sections: Int?
    /// Self-sizing events to time (0: none): a random cell reports a new height, then a
    /// visible query — on a flow with estimatedItemSize.
    public var selfSizingEvents: Int = 0

    public init(layout: String, items: Int, dataset: String, seed: Int, queries: Int, prepareRuns: Int) {
      self.layout = layout
      self.items = items
      self.dataset = dataset
      self.seed = seed
      self.queries = queries
      self.prepareRuns = prepareRuns
    }
  }

  /// The same layout called directly as a Swift object, for the ABI overhead ratio.
  public struct DirectProbe {
    public var prepare: () -> Void
    /// Rect query; returns the element count.
    public var query: (Rect) -> Int

    public init(prepare: @escaping () -> Void, query: @escaping (Rect) -> Int) {
      self.prepare = prepare
      self.query = query
    }
  }

  public struct Result: Sendable {
    public var configuration: Configuration
    public var prepareSeconds: Double
    /// The first prepare, into fresh memory (page faults included); later ones reuse it.
    public var firstPrepareSeconds: Double
    public var nanosecondsPerItem: Double
    public var visibleQueryNanoseconds: Double
    public var visibleElements: Double
    public var itemLookupNanoseconds: Double
    public var directQueryNanoseconds: Double?
    public var peakMemoryMiB: Double
    public var contentSize: Size
    /// Sections the dataset measured has.
    public var sectionCount: Int
    /// Median time of a random batch: validate, apply, relayout, first visible query.
    public var batchMilliseconds: Double?
    /// True when the layout refused random inserts and moves, so the batches were deletes only.
    public var batchDeletesOnly = false
    /// Total and median per event of the self-sizing run.
    public var selfSizingTotalMilliseconds: Double?
    public var selfSizingMedianMicroseconds: Double?

    public var abiOverheadRatio: Double? { directQueryNanoseconds.map { visibleQueryNanoseconds / $0 } }
  }

  public static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted.count % 2 == 1
      ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
  }

  @inline(__always) static func now() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
  }

  static func peakMemoryMiB() -> Double {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return Double(usage.ru_maxrss) / 1024
  }

  /// Runs the benchmark. `direct` builds the Swift layout on the same model, when the host
  /// links it; its rect queries are timed over the same rects.
  public static func run(
    _ configuration: Configuration, registry: PluginRegistry,
    direct: ((UnsafePointer<tessera_data_source>) -> DirectProbe)? = nil
  ) throws(HostError) -> Result {
    guard let layoutClass = registry.layout(named: configuration.layout) else {
      throw HostError(
        "unknown layout '\(configuration.layout)' (layouts: \(registry.layouts.map(\.name).joined(separator: ", ")))")
    }
    guard let generator = DatasetGenerator.named(configuration.dataset) else {
      throw HostError("unknown dataset kind '\(configuration.dataset)'")
    }
    var arguments: [String: String] = [:]
    let names = Set(generator.parameters.map(\.name))
    if names.contains("seed") { arguments["seed"] = String(configuration.seed) }
    if let sections = configuration.sections {
      guard let key = ["sections", "tracks"].first(where: names.contains) else {
        throw HostError("bench: gen \(generator.kind) decides its own sections; leave out --sections")
      }
      arguments[key] = String(sections)
    }
    let dataset = try generator.generate(count: configuration.items, arguments: arguments)
    let model = CollectionModel(dataset: dataset, bounds: Rect(origin: .zero, size: Session.defaultViewport))
    let instance = try LayoutInstance(layoutClass, model: model)

    var prepareTimes: [Double] = []
    for _ in 0..<max(1, configuration.prepareRuns) {
      try instance.invalidate(flags: UInt32(TESSERA_INVALIDATE_EVERYTHING))
      let start = now()
      try instance.prepareIfNeeded()
      prepareTimes.append(Double(now() - start))
    }
    let content = try instance.contentSize()

    // Viewport-sized rects at random offsets along the content, the same for both measures.
    var rng = SplitMix64(seed: UInt64(configuration.seed))
    let viewport = model.bounds.size
    let rangeY = max(0, content.height - viewport.height)
    let rangeX = max(0, content.width - viewport.width)
    let rects = (0..<max(1, configuration.queries)).map { _ in
      Rect(
        x: rangeX > 0 ? Double(rng.next() % UInt64(rangeX)) : 0,
        y: rangeY > 0 ? Double(rng.next() % UInt64(rangeY)) : 0, width: viewport.width, height: viewport.height)
    }
    _ = try instance.countAttributes(in: rects[0])  // warm the buffer
    var queryTimes: [Double] = []
    queryTimes.reserveCapacity(rects.count)
    var elements: [Double] = []
    for rect in rects {
      let start = now()
      let count = try instance.countAttributes(in: rect)
      queryTimes.append(Double(now() - start))
      elements.append(Double(count))
    }

    var lookupTimes: [Double] = []
    let sections = dataset.sections.filter { !$0.items.isEmpty }.count
    if sections > 0 {
      let paths = (0..<max(1, configuration.queries)).map { _ -> IndexPath in
        var s = Int(rng.next() % UInt64(dataset.sections.count))
        while dataset.sections[s].items.isEmpty { s = (s + 1) % dataset.sections.count }
        return IndexPath(s, Int(rng.next() % UInt64(dataset.sections[s].items.count)))
      }
      for path in paths {
        let start = now()
        _ = try instance.item(at: path)
        lookupTimes.append(Double(now() - start))
      }
    }

    var directTime: Double?
    if let direct {
      let probe = direct(model.dataSourceTable)
      probe.prepare()
      _ = probe.query(rects[0])
      var times: [Double] = []
      times.reserveCapacity(rects.count)
      for rect in rects {
        let start = now()
        _ = probe.query(rect)
        times.append(Double(now() - start))
      }
      directTime = median(times)
    }

    var batchTime: Double?
    var batchDeletesOnly = false
    if configuration.batchOperations > 0 {
      let measured = try measureBatches(configuration, layoutClass: layoutClass, dataset: dataset, rng: &rng)
      batchTime = measured.milliseconds
      batchDeletesOnly = measured.deletesOnly
    }

    var selfSizing: (total: Double, median: Double)?
    if configuration.selfSizingEvents > 0 {
      selfSizing = try measureSelfSizing(configuration, layoutClass: layoutClass, dataset: dataset, rng: &rng)
    }

    let prepare = median(prepareTimes)
    return Result(
      configuration: configuration, prepareSeconds: prepare / 1e9, firstPrepareSeconds: prepareTimes[0] / 1e9,
      nanosecondsPerItem: configuration.items > 0 ? prepare / Double(configuration.items) : 0,
      visibleQueryNanoseconds: median(queryTimes), visibleElements: median(elements),
      itemLookupNanoseconds: median(lookupTimes), directQueryNanoseconds: directTime, peakMemoryMiB: peakMemoryMiB(),
      contentSize: content, sectionCount: dataset.sections.count, batchMilliseconds: batchTime,
      batchDeletesOnly: batchDeletesOnly, selfSizingTotalMilliseconds: selfSizing?.total,
      selfSizingMedianMicroseconds: selfSizing?.median)
  }

  /// Self-sizing cells on a large layout: each event is a random cell reporting a new height
  /// (its width kept), the layout's decision and context, and the visible query that follows
  /// (which runs the incremental prepare). Layouts without an `estimatedItemSize` option are
  /// measured as they are.
  static func measureSelfSizing(
    _ configuration: Configuration, layoutClass: LayoutClass, dataset: Dataset, rng: inout SplitMix64
  ) throws(HostError) -> (total: Double, median: Double) {
    let model = CollectionModel(dataset: dataset, bounds: Rect(origin: .zero, size: Session.defaultViewport))
    var values: [OptionSpec.Value] = []
    for option in layoutClass.options {
      values.append(option.name == "estimatedItemSize" ? try option.parse("60x40") : option.defaultValue)
    }
    let instance = try LayoutInstance(layoutClass, model: model, options: values)
    let content = try instance.contentSize()
    let nonEmpty = dataset.sections.indices.filter { !dataset.sections[$0].items.isEmpty }
    guard !nonEmpty.isEmpty else { return (0, 0) }
    var times: [Double] = []
    times.reserveCapacity(configuration.selfSizingEvents)
    let started = now()
    for _ in 0..<configuration.selfSizingEvents {
      let s = nonEmpty[Int(rng.next() % UInt64(nonEmpty.count))]
      let path = IndexPath(s, Int(rng.next() % UInt64(dataset.sections[s].items.count)))
      let y = Double(rng.next() % UInt64(max(1, content.height - model.bounds.height)))
      let start = now()
      if let original = try instance.item(at: path),
        let request = try instance.preferredSize(
          Size(width: original.frame.width, height: Double(20 + rng.next() % 100)), for: original)
      {
        instance.invalidate(request)
      }
      _ = try instance.countAttributes(in: Rect(x: 0, y: y, width: model.bounds.width, height: model.bounds.height))
      times.append(Double(now() - start))
    }
    return (Double(now() - started) / 1e6, median(times) / 1000)
  }

  /// Random batches through a whole session (the `batch` command's path): validate, apply,
  /// relayout, and the first visible query after it. One warm-up batch first builds the id
  /// index a dataset needs once.
  static func measureBatches(
    _ configuration: Configuration, layoutClass: LayoutClass, dataset: Dataset, rng: inout SplitMix64
  ) throws(HostError) -> (milliseconds: Double, deletesOnly: Bool) {
    let registry = PluginRegistry()
    let session = Session(registry: registry)
    session.layout = try LayoutInstance(layoutClass, model: session.model)
    try session.state.replaceDataset(dataset)
    var times: [Double] = []
    // A layout that needs something of its data (the timeline: days in order) may refuse what
    // random inserts and moves make; then every batch is its deletes alone, as conform does.
    var deletesOnly = false
    for run in 0...max(1, configuration.batchRuns) {
      var batch = RandomBatch.make(session.model.dataset, operations: configuration.batchOperations, rng: &rng)
      if deletesOnly { batch = RandomBatch.deletes(of: batch) }
      let start = now()
      do {
        _ = try session.state.performBatch(batch)
      } catch  where run == 0 && !deletesOnly && error.message.contains("failed to prepare") {
        deletesOnly = true
        _ = try session.state.performBatch(RandomBatch.deletes(of: batch))
      }
      _ = try session.layout!.countAttributes(in: session.model.bounds)
      if run > 0 { times.append(Double(now() - start)) }
    }
    return (median(times) / 1e6, deletesOnly)
  }
}

extension Benchmark.Result {
  public var text: String {
    var table = TextTable(["measure", "median"])
    let c = configuration
    table.add([
      "layout",
      "\(c.layout) (\(c.items) items in \(sectionCount) section\(sectionCount == 1 ? "" : "s"), gen \(c.dataset), viewport \(Session.defaultViewport.formatted))",
    ])
    table.add(["content size", contentSize.formatted])
    table.add(["prepare", "\(Self.fixed(prepareSeconds * 1000, 2)) ms (median of \(c.prepareRuns) runs)"])
    table.add(["first prepare (cold memory)", "\(Self.fixed(firstPrepareSeconds * 1000, 2)) ms"])
    table.add(["prepare per item", "\(Self.fixed(nanosecondsPerItem, 2)) ns"])
    table.add([
      "visible query (ABI)",
      "\(Self.fixed(visibleQueryNanoseconds / 1000, 3)) µs for \(formatNumber(visibleElements)) elements (\(c.queries) queries)",
    ])
    if let direct = directQueryNanoseconds, let ratio = abiOverheadRatio {
      table.add(["visible query (direct Swift)", "\(Self.fixed(direct / 1000, 3)) µs"])
      table.add(["ABI / direct", "\(Self.fixed(ratio, 3))×"])
    }
    table.add(["item lookup", "\(Self.fixed(itemLookupNanoseconds, 1)) ns"])
    if let total = selfSizingTotalMilliseconds, let each = selfSizingMedianMicroseconds {
      table.add([
        "\(c.selfSizingEvents) self-sizing height changes",
        "\(Self.fixed(total, 1)) ms in all, \(Self.fixed(each, 2)) µs each (new height, context, visible query)",
      ])
    }
    if let batch = batchMilliseconds {
      table.add([
        "batch of \(c.batchOperations) random ops" + (batchDeletesOnly ? " (deletes only)" : ""),
        "\(Self.fixed(batch, 2)) ms (validate, apply, relayout, visible query; \(c.batchRuns) runs)"
          + (batchDeletesOnly ? "; the layout refuses random inserts and moves" : ""),
      ])
    }
    table.add(["peak memory", "\(Self.fixed(peakMemoryMiB, 1)) MiB"])
    return table.rendered
  }

  public var json: JSONOutput {
    var members: [(String, JSONOutput)] = [
      ("layout", .string(configuration.layout)), ("items", .number(Double(configuration.items))),
      ("dataset", .string(configuration.dataset)), ("prepareMs", .number(prepareSeconds * 1000)),
      ("prepareNsPerItem", .number(nanosecondsPerItem)),
      ("firstPrepareMs", .number(firstPrepareSeconds * 1000)), ("visibleQueryNs", .number(visibleQueryNanoseconds)),
      ("visibleElements", .number(visibleElements)), ("itemLookupNs", .number(itemLookupNanoseconds)),
      ("peakMemoryMiB", .number(peakMemoryMiB)),
    ]
    if let direct = directQueryNanoseconds, let ratio = abiOverheadRatio {
      members += [("directQueryNs", .number(direct)), ("abiOverheadRatio", .number(ratio))]
    }
    if let batch = batchMilliseconds {
      members += [("batchMs", .number(batch)), ("batchDeletesOnly", .bool(batchDeletesOnly))]
    }
    if let total = selfSizingTotalMilliseconds, let each = selfSizingMedianMicroseconds {
      members += [("selfSizingTotalMs", .number(total)), ("selfSizingMedianUs", .number(each))]
    }
    return .object(members)
  }

  static func fixed(_ value: Double, _ digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    var text = String(rounded)
    if let dot = text.firstIndex(of: ".") {
      let decimals = text.distance(from: dot, to: text.endIndex) - 1
      if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
    }
    return text
  }
}
