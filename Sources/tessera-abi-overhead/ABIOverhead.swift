import FlowLayout
import TesseraABI
import TesseraHost
import TesseraKit

#if canImport(Glibc)
  import Glibc
#endif

/// `tessera-abi-overhead [ITEMS]` (default 1,000,000): the bundled flow layout's visible query
/// through the C ABI, as `tessera bench` measures it, beside the same query made directly on the
/// Swift layout object on the same model — what crossing the ABI costs. A target of its own, so
/// that the `tessera` executable links no plugin's code. Use a release build:
/// `swift build -c release && .build/release/tessera-abi-overhead 1000000`.
@main
struct ABIOverhead {
  static func main() {
    let arguments = CommandLine.arguments.dropFirst()
    guard let items = arguments.first.map({ Int($0) }) ?? 1_000_000, (1...10_000_000).contains(items) else {
      complain("usage: tessera-abi-overhead [ITEMS] (1 to 10000000 items, default 1000000)")
      exit(64)
    }
    let registry = Launch.registry(pluginPaths: []).0
    let configuration = Benchmark.Configuration(
      layout: "flow", items: items, dataset: "random", seed: 1, queries: 10_000, prepareRuns: 5)
    do {
      let result = try Benchmark.run(configuration, registry: registry, direct: probe)
      print(result.text)
    } catch {
      complain("error: \(error.message)")
      exit(1)
    }
  }

  /// A line on standard error.
  static func complain(_ text: String) {
    let line = Array((text + "\n").utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
  }

  /// The flow layout made directly on the host's data source table.
  static func probe(_ table: UnsafePointer<tessera_data_source>) -> Benchmark.DirectProbe {
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
