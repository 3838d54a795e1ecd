import ArgumentParser
import FlowLayout
import TesseraABI
import TesseraHost
import TesseraKit

struct Bench: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Time prepare, visible-rect queries and item lookups on a large dataset (use a release build).")

  @OptionGroup var plugins: PluginOptions
  @Option(help: "The layout to measure.") var layout = "flow"
  @Option(help: "How many items.") var items = 1_000_000
  @Option(
    help: "Dataset kind: grid (one size), random (varied sizes), photos, blocks, tree or events (the timeline's).")
  var dataset = "random"
  @Option(help: "Spread the items over this many sections (tracks for events; default: the generator's).")
  var sections: Int?
  @Option(help: "Seed for the dataset and the query offsets.") var seed = 1
  @Option(help: "How many visible-rect queries and item lookups.") var queries = 10_000
  @Option(help: "How many full prepares (the median is reported).") var prepareRuns = 5
  @Option(help: "Also time random batches of this many operations (validate, apply, relayout, visible query).")
  var batch = 0
  @Option(help: "Also time this many self-sizing height changes, each followed by a visible query.")
  var selfsizing = 0
  @Flag(help: "Print one JSON object instead of a table.") var json = false

  func run() throws {
    var configuration = Benchmark.Configuration(
      layout: layout, items: items, dataset: dataset, seed: seed, queries: queries, prepareRuns: prepareRuns)
    configuration.batchOperations = batch
    configuration.sections = sections
    configuration.selfSizingEvents = selfsizing
    do {
      let result = try Benchmark.run(
        configuration, registry: plugins.registry(), direct: DirectLayouts.probe(for: layout))
      print(json ? result.json.serialized : result.text)
    } catch {
      printError("error: \(error.message)")
      throw ExitCode.failure
    }
  }
}

/// The bundled Swift layouts linked straight into the host, so the benchmark can compare a
/// query through the C ABI with the same query on the Swift object.
enum DirectLayouts {
  static func probe(for name: String) -> ((UnsafePointer<tessera_data_source>) -> Benchmark.DirectProbe)? {
    guard name == FlowLayout.layoutDescription.name else { return nil }
    return { table in
      let layout = FlowLayout(collectionView: CollectionView(table))
      let kinds = FlowLayout.layoutDescription.kinds
      let capacity = 4096
      let records = UnsafeMutablePointer<tessera_attributes>.allocate(capacity: capacity)
      return Benchmark.DirectProbe(
        prepare: { try? layout.prepare() },
        query: { rect in
          kinds.withUnsafeBufferPointer { kindBuffer in
            var sink = AttributesSink(records: records, capacity: capacity, kinds: kindBuffer)
            layout.layoutAttributesForElements(in: rect, into: &sink)
            return sink.count
          }
        })
    }
  }
}
