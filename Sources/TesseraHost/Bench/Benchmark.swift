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
    /// Also run the scroll benchmark (`ScrollBenchmark`), with self-sizing cells when asked.
    public var scroll = false
    public var scrollSelfSizing = false
    /// How the fling's self-sizing cells fit their dataset size to the size the layout proposes.
    package var scrollFit = SelfSizing.DatasetFit.both
    /// Also run the clock benchmark (`ClockBenchmark`): a drag, then frames until the layout rests.
    public var clock = false
    /// Also time `apply` of a version of the data that differs by 1% (`ApplyBenchmark`).
    public var apply = false
    /// The measured layout's options, as `layout NAME key=value` takes them.
    public var options: [(key: String, value: String)] = []
    /// Where long runs say what they are doing (a terminal's standard error, or nowhere).
    public var progress = BenchProgress.silent

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
    /// Items in the dataset measured (a tree's nodes, an events dataset's events).
    public var items: Int
    public var prepareSeconds: Double
    /// The first prepare, into fresh memory (page faults included); later ones reuse it.
    public var firstPrepareSeconds: Double
    public var nanosecondsPerItem: Double
    public var visibleQueryNanoseconds: Double
    public var visibleElements: Double
    /// The median over queries of time ÷ (elements returned + 1): flat when a query costs
    /// O(log n + k), whatever k the layout's geometry puts on screen.
    public var visibleQueryNanosecondsPerElement: Double
    public var itemLookupNanoseconds: Double
    public var directQueryNanoseconds: Double?
    /// The process's peak resident memory over generating, preparing and querying (before the
    /// optional measures, which build more instances), and what it held at each step.
    public var peakMemoryMiB: Double
    public var memory: MemorySteps
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

    public var scroll: ScrollBenchmark.Result?
    public var clock: ClockBenchmark.Result?
    public var apply: ApplyBenchmark.Result?

    public var abiOverheadRatio: Double? { directQueryNanoseconds.map { visibleQueryNanoseconds / $0 } }
    public var bytesPerItem: Double? { items > 0 ? peakMemoryMiB * 1_048_576 / Double(items) : nil }
  }

  /// Resident memory (MiB) before the dataset, with it, and with the prepared layout too.
  public struct MemorySteps: Sendable {
    public var baseline: Double
    public var dataset: Double
    public var prepared: Double
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
    let progress = configuration.progress
    MemoryProbe.resetPeak()
    let baseline = MemoryProbe.residentMiB()
    progress.show("\(configuration.layout): generating \(configuration.items) items (gen \(generator.kind))")
    let dataset = try makeDataset(configuration, generator)
    let datasetMemory = MemoryProbe.residentMiB()
    let model = CollectionModel(dataset: dataset, bounds: Rect(origin: .zero, size: Session.defaultViewport))
    let optionValues = try layoutClass.optionSchema.parse(configuration.options).all
    let instance = try LayoutInstance(layoutClass, model: model, options: optionValues)

    var prepareTimes: [Double] = []
    var preparedMemory = datasetMemory
    for run in 0..<max(1, configuration.prepareRuns) {
      progress.show("\(configuration.layout): prepare \(run + 1) of \(max(1, configuration.prepareRuns))")
      if run == 1 { preparedMemory = MemoryProbe.residentMiB() }
      try instance.invalidate(flags: UInt32(TESSERA_INVALIDATE_EVERYTHING))
      let start = now()
      try instance.prepareIfNeeded()
      prepareTimes.append(Double(now() - start))
    }
    let content = try instance.contentSize()

    // Viewport-sized rects centred on random cells, clamped to the content, the same for both
    // measures: a query lands where the elements are, also in a layout whose content is mostly
    // empty (a tree); at a random offset when there are no cells.
    var rng = SplitMix64(seed: UInt64(configuration.seed))
    let viewport = model.bounds.size
    let rangeY = max(0, content.height - viewport.height)
    let rangeX = max(0, content.width - viewport.width)
    var rects: [Rect] = []
    for _ in 0..<max(1, configuration.queries) {
      var origin = Point(
        x: rangeX > 0 ? Double(rng.next() % UInt64(rangeX)) : 0,
        y: rangeY > 0 ? Double(rng.next() % UInt64(rangeY)) : 0)
      if let path = Self.randomCell(in: dataset, &rng), let cell = try instance.item(at: path) {
        origin = Point(
          x: min(max(0, cell.frame.midX - viewport.width / 2), rangeX),
          y: min(max(0, cell.frame.midY - viewport.height / 2), rangeY))
      }
      rects.append(Rect(origin: origin, size: viewport))
    }
    progress.show("\(configuration.layout): \(rects.count) visible queries and item lookups")
    _ = try instance.countAttributes(in: rects[0])  // warm the buffer
    var queryTimes: [Double] = []
    queryTimes.reserveCapacity(rects.count)
    var elements: [Double] = []
    var perElement: [Double] = []
    for rect in rects {
      let start = now()
      let count = try instance.countAttributes(in: rect)
      let time = Double(now() - start)
      queryTimes.append(time)
      elements.append(Double(count))
      perElement.append(time / Double(count + 1))
    }

    var lookupTimes: [Double] = []
    if Self.randomCell(in: dataset, &rng) != nil {
      let paths = (0..<max(1, configuration.queries)).compactMap { _ in Self.randomCell(in: dataset, &rng) }
      for path in paths {
        let start = now()
        _ = try instance.item(at: path)
        lookupTimes.append(Double(now() - start))
      }
    }

    // The peak of the measure itself: the optional measures below build instances of their own.
    let peak = MemoryProbe.peakMiB()
    if configuration.prepareRuns <= 1 { preparedMemory = MemoryProbe.residentMiB() }

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
      progress.show("\(configuration.layout): random batches")
      let measured = try measureBatches(configuration, layoutClass: layoutClass, dataset: dataset, rng: &rng)
      batchTime = measured.milliseconds
      batchDeletesOnly = measured.deletesOnly
    }

    var selfSizing: (total: Double, median: Double)?
    if configuration.selfSizingEvents > 0 {
      progress.show("\(configuration.layout): self-sizing events")
      selfSizing = try measureSelfSizing(configuration, layoutClass: layoutClass, dataset: dataset, rng: &rng)
    }

    var scroll: ScrollBenchmark.Result?
    if configuration.scroll {
      scroll = try ScrollBenchmark.run(
        layoutClass: layoutClass, dataset: dataset, selfSizing: configuration.scrollSelfSizing,
        fit: configuration.scrollFit, progress: progress)
    }
    var apply: ApplyBenchmark.Result?
    if configuration.apply {
      apply = try ApplyBenchmark.run(
        layoutClass: layoutClass, dataset: dataset, options: optionValues, registry: registry, seed: configuration.seed,
        runs: configuration.prepareRuns, progress: progress)
    }
    var clock: ClockBenchmark.Result?
    if configuration.clock {
      // A fresh instance at the top of the content, as a person starts dragging it.
      let clockModel = CollectionModel(dataset: dataset, bounds: Rect(origin: .zero, size: Session.defaultViewport))
      clock = try ClockBenchmark.run(
        LayoutInstance(layoutClass, model: clockModel, options: optionValues), model: clockModel, progress: progress)
    }
    progress.clear()

    let prepare = median(prepareTimes)
    let items = dataset.itemCount
    return Result(
      configuration: configuration, items: items, prepareSeconds: prepare / 1e9,
      firstPrepareSeconds: prepareTimes[0] / 1e9, nanosecondsPerItem: items > 0 ? prepare / Double(items) : 0,
      visibleQueryNanoseconds: median(queryTimes), visibleElements: median(elements),
      visibleQueryNanosecondsPerElement: median(perElement),
      itemLookupNanoseconds: median(lookupTimes), directQueryNanoseconds: directTime, peakMemoryMiB: peak,
      memory: MemorySteps(baseline: baseline, dataset: datasetMemory, prepared: preparedMemory),
      contentSize: content, sectionCount: dataset.sections.count, batchMilliseconds: batchTime,
      batchDeletesOnly: batchDeletesOnly, selfSizingTotalMilliseconds: selfSizing?.total,
      selfSizingMedianMicroseconds: selfSizing?.median, scroll: scroll, clock: clock, apply: apply)
  }

  /// The dataset `--dataset` names with `--items` items: a tree of exactly that many nodes
  /// (`gen tree nodes=N`), every other kind that many items.
  static func makeDataset(_ configuration: Configuration, _ generator: DatasetGenerator) throws(HostError) -> Dataset {
    var arguments: [String: String] = [:]
    let names = Set(generator.parameters.options.map(\.name))
    if names.contains("seed") { arguments["seed"] = String(configuration.seed) }
    if let sections = configuration.sections {
      guard let key = ["sections", "tracks"].first(where: names.contains) else {
        throw HostError("bench: gen \(generator.kind) decides its own sections; leave out --sections")
      }
      arguments[key] = String(sections)
    }
    if !generator.takesCount {
      guard names.contains("nodes") else {
        throw HostError("bench: gen \(generator.kind) cannot make a given number of items")
      }
      arguments["nodes"] = String(configuration.items)
    }
    let dataset = try generator.generate(count: configuration.items, arguments: arguments)
    guard dataset.itemCount == configuration.items else {
      throw HostError(
        "bench: gen \(generator.kind) made \(dataset.itemCount) items, not the \(configuration.items) asked for (please report it)"
      )
    }
    return dataset
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
    session.install(try LayoutInstance(layoutClass, model: session.model))
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
        _ = try session.state.perform(batch)
      } catch  where run == 0 && !deletesOnly && error.message.contains("failed to prepare") {
        deletesOnly = true
        _ = try session.state.perform(RandomBatch.deletes(of: batch))
      }
      _ = try session.layout!.countAttributes(in: session.model.bounds)
      if run > 0 { times.append(Double(now() - start)) }
    }
    return (median(times) / 1e6, deletesOnly)
  }
  /// A random cell's index path (a random section with items, then a random item); nil when the
  /// dataset has none.
  static func randomCell(in dataset: Dataset, _ rng: inout SplitMix64) -> IndexPath? {
    guard dataset.sections.contains(where: { !$0.items.isEmpty }) else { return nil }
    var s = Int(rng.next() % UInt64(dataset.sections.count))
    while dataset.sections[s].items.isEmpty { s = (s + 1) % dataset.sections.count }
    return IndexPath(s, Int(rng.next() % UInt64(dataset.sections[s].items.count)))
  }
}
