import TesseraKit

/// `tessera bench --apply`: `apply` of a new version of the data that differs by 1% — half a
/// percent of the items deleted, half a percent new ones inserted, a fifth of a percent moved, at
/// random places (5,000, 5,000 and 2,000 at a million items) — on a session holding the layout.
/// Timed apart: the diff (id matching, fewest moves) and the batch it derives (UIKit's checks,
/// the new dataset, the relayout and the first visible query); the loads of both versions are
/// not counted. Medians over runs, each on a fresh session.
public enum ApplyBenchmark {
  public struct Result: Sendable {
    public var deletes: Int
    public var inserts: Int
    public var moves: Int
    public var runs: Int
    public var diffMilliseconds: Double
    public var batchMilliseconds: Double
    public var totalMilliseconds: Double
  }

  static func run(
    layoutClass: LayoutClass, dataset: Dataset, options: [OptionSpec.Value], registry: PluginRegistry, seed: Int,
    runs: Int, progress: BenchProgress
  ) throws(HostError) -> Result {
    let (target, deletes, inserts, moves) = changed(dataset, seed: UInt64(truncatingIfNeeded: seed))
    var diffs: [Double] = []
    var batches: [Double] = []
    var totals: [Double] = []
    for run in 0..<max(1, runs) {
      progress.show("apply: run \(run + 1) of \(runs)")
      let state = WorkbenchState(registry: registry, baseDirectory: ".")
      try state.replaceDataset(dataset)
      state.slot.install(try LayoutInstance(layoutClass, model: state.model, options: options))
      _ = try state.layout?.attributes(in: state.model.bounds)
      let start = Benchmark.now()
      let diff = DatasetDiff.diff(from: state.model.dataset, to: target)
      let diffed = Benchmark.now()
      _ = try state.perform(
        BatchUpdate(operations: diff.operations), target: target, everything: diff.sectionDataChanged)
      _ = try state.layout?.attributes(in: state.model.bounds)
      let done = Benchmark.now()
      guard state.model.dataset == target else {
        throw HostError("bench --apply: the batch did not land on the new version (a bug in apply)")
      }
      diffs.append(Double(diffed - start) / 1e6)
      batches.append(Double(done - diffed) / 1e6)
      totals.append(Double(done - start) / 1e6)
    }
    progress.clear()
    return Result(
      deletes: deletes, inserts: inserts, moves: moves, runs: max(1, runs), diffMilliseconds: Benchmark.median(diffs),
      batchMilliseconds: Benchmark.median(batches), totalMilliseconds: Benchmark.median(totals))
  }

  /// The new version: in each section, half a percent of the items deleted, half a percent new
  /// ones (ids `new-K`) inserted and a fifth of a percent moved, each at a random place. Built by
  /// one merge per section (O(n log k)), so a million items take a moment.
  static func changed(_ dataset: Dataset, seed: UInt64) -> (Dataset, deletes: Int, inserts: Int, moves: Int) {
    var rng = SplitMix64(seed: seed)
    var result = dataset
    var totals = (deletes: 0, inserts: 0, moves: 0)
    var fresh = 0
    for s in dataset.sections.indices {
      let items = dataset.sections[s].items
      let n = items.count
      guard n > 0 else { continue }
      let deletes = n / 200
      let moves = n / 500
      let inserts = n / 200
      var picked = Set<Int>()
      while picked.count < min(n, deletes + moves) { picked.insert(rng.int(in: 0...n - 1)) }
      let order = picked.sorted()
      let deleted = Set(order.prefix(deletes))
      let moved = order.dropFirst(deletes).map { items[$0] }
      var kept: [DatasetItem] = []
      kept.reserveCapacity(n - picked.count + moves + inserts)
      for index in 0..<n where !picked.contains(index) { kept.append(items[index]) }
      var placed: [(position: Int, item: DatasetItem)] = moved.map { (rng.int(in: 0...kept.count), $0) }
      for _ in 0..<inserts {
        placed.append((rng.int(in: 0...kept.count), DatasetItem(id: "new-\(fresh)", size: Size(width: 50, height: 50))))
        fresh += 1
      }
      placed.sort { $0.position < $1.position }
      var merged: [DatasetItem] = []
      merged.reserveCapacity(kept.count + placed.count)
      var next = 0
      for (index, item) in kept.enumerated() {
        while next < placed.count, placed[next].position == index {
          merged.append(placed[next].item)
          next += 1
        }
        merged.append(item)
      }
      while next < placed.count {
        merged.append(placed[next].item)
        next += 1
      }
      result.sections[s].items = ItemList(merged)
      totals.deletes += deleted.count
      totals.inserts += inserts
      totals.moves += moves
    }
    return (result, totals.deletes, totals.inserts, totals.moves)
  }
}
