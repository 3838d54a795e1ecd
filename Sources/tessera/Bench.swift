import ArgumentParser
import TesseraABI
import TesseraCore
import TesseraHost
import TesseraKit

struct Bench: ParsableCommand {
  /// `--options "a=1 b=2"` as pairs; a word without '=' is refused.
  static func pairs(_ text: String?) throws(HostError) -> [(key: String, value: String)] {
    guard let text else { return [] }
    var pairs: [(key: String, value: String)] = []
    for word in text.split(separator: " ") {
      guard let equals = word.firstIndex(of: "="), equals != word.startIndex else {
        throw HostError("bench: --options takes key=value words, not '\(word)'")
      }
      pairs.append((String(word[..<equals]), String(word[word.index(after: equals)...])))
    }
    return pairs
  }

  static let configuration = CommandConfiguration(
    abstract: "Time prepare, visible-rect queries and item lookups on a large dataset (use a release build).")

  @OptionGroup var plugins: PluginOptions
  @Option(help: "The layout to measure, or 'all': every layout loaded, each on its own dataset, in one summary table.")
  var layout = "flow"
  @Option(
    help: ArgumentHelp(
      "How many items (a tree's nodes); a comma-separated list (10000,100000,1000000) measures each size in turn.",
      valueName: "n[,n...]"))
  var items = "1000000"
  @Option(
    help:
      "Dataset kind: grid (one size), random (varied sizes), photos, blocks, tree, events or bars; default: the layout's own (tree for schematic, events for timeline, blocks for quilt, photos for waterfall, bars for chart, random otherwise)."
  )
  var dataset: String?
  @Option(help: "Spread the items over this many sections (tracks for events; default: the generator's).")
  var sections: Int?
  @Option(help: "Seed for the dataset and the query offsets.") var seed = 1
  @Option(help: "How many visible-rect queries and item lookups (default 10000; 1000 in a debug build).")
  var queries: Int?

  /// A debug build runs a tenth of the queries: its figures only show that the bench works.
  static var defaultQueries: Int {
    #if DEBUG
      1_000
    #else
      10_000
    #endif
  }
  @Option(help: "How many full prepares (the median is reported).") var prepareRuns = 5
  @Option(help: "Also time random batches of this many operations (validate, apply, relayout, visible query).")
  var batch = 0
  @Option(help: "Also time this many self-sizing height changes, each followed by a visible query.")
  var selfsizing = 0
  @Flag(
    help:
      "Also fling through the whole content at 120 frames a second: per-frame time (median, p99, max), frames over 8.3 ms, prepares triggered."
  )
  var scroll = false
  @Flag(help: "With --scroll: cells start at an estimate and report their dataset size as they come into view.")
  var scrollSelfSizing = false
  @Option(
    help: ArgumentHelp(
      "With --scroll-self-sizing: how a cell fits its dataset size to the size the layout gives it: both (it is its dataset size), height (it keeps the width and reports the dataset height), aspect (it keeps the width and reports the height its dataset size has at that width, as a photo).",
      valueName: "both|height|aspect"))
  var fit = "both"
  @Flag(
    help:
      "Also drag a layout that moves with time (springy) 100 points, then run frames of 1/60 s until it rests: items pulled, per-frame time (advance, prepare, visible query)."
  )
  var clock = false
  @Flag(
    help:
      "Also time 'apply' of a version of the data that differs by 1% (0.5% deleted, 0.5% inserted, 0.2% moved): the diff and the batch it derives, apart (median of --prepare-runs runs)."
  )
  var apply = false
  @Option(
    help: ArgumentHelp(
      "The measured layout's options, as 'layout NAME key=value ...' takes them.", valueName: "key=value ..."))
  var options: String?
  @Option(
    help: ArgumentHelp(
      "Instead: time loading this dataset file (read and decode, median of --prepare-runs runs) and its peak memory.",
      valueName: "file"))
  var load: String?
  @Flag(help: "Print one JSON object (a list of them for several sizes) instead of a table.") var json = false

  func run() throws {
    #if DEBUG
      printError(
        "warning: this is a debug build: its figures are many times slower than a release build's, and it runs \(Self.defaultQueries) queries unless --queries says otherwise (swift build -c release; .build/release/tessera bench)"
      )
    #endif
    if let load {
      do {
        let result = try LoadBenchmark.run(path: load, runs: prepareRuns, progress: .terminal)
        emit(json ? result.json.serialized : result.text)
      } catch {
        printError("error: \(error.message)")
        throw ExitCode.failure
      }
      return
    }
    let sizes: [Int]
    switch BenchSizes.parse(items) {
    case .success(let parsed): sizes = parsed
    case .failure(let error):
      printError("error: \(error.message)")
      throw ExitCode.validationFailure
    }
    if scrollSelfSizing && !scroll {
      printError("error: --scroll-self-sizing goes with --scroll")
      throw ExitCode.validationFailure
    }
    guard let scrollFit = SelfSizing.DatasetFit(rawValue: fit) else {
      printError("error: --fit takes both, height or aspect, not '\(fit)'")
      throw ExitCode.validationFailure
    }
    if fit != "both" && !scrollSelfSizing {
      printError("error: --fit goes with --scroll-self-sizing")
      throw ExitCode.validationFailure
    }
    var results: [Benchmark.Result] = []
    do {
      let registry = plugins.registry()
      let layouts = layout == "all" ? registry.layouts.map(\.name) : [layout]
      for (layout, size) in layouts.flatMap({ name in sizes.map { (name, $0) } }) {
        var configuration = Benchmark.Configuration(
          layout: layout, items: size, dataset: dataset ?? BenchDatasets.natural(for: layout), seed: seed,
          queries: queries ?? Self.defaultQueries, prepareRuns: prepareRuns)
        configuration.batchOperations = batch
        configuration.sections = sections
        configuration.selfSizingEvents = selfsizing
        configuration.scroll = scroll
        configuration.scrollSelfSizing = scrollSelfSizing
        configuration.scrollFit = scrollFit
        configuration.clock = clock
        configuration.apply = apply
        configuration.options = try Self.pairs(options)
        configuration.progress = .terminal
        let result = try Benchmark.run(configuration, registry: registry)
        results.append(result)
        if !json && layouts.count == 1 { emit(result.text + (sizes.count > 1 ? "\n" : "")) }
      }
    } catch {
      printError("error: \(error.message)")
      throw ExitCode.failure
    }
    if json {
      emit(results.count == 1 ? results[0].json.serialized : JSONOutput.array(results.map(\.json)).serialized)
    } else if layout == "all" {
      emit(Benchmark.summary(results))
    } else if results.count > 1 {
      emit(Benchmark.scaling(results))
    }
  }
}
