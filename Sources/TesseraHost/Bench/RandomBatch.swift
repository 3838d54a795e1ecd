import Algorithms
import TesseraKit

/// Random valid batches of a given size on any dataset, built the way the tests build them:
/// decide where things end up, then describe that with operations. Works on counts alone, so
/// it scales to a million items.
public enum RandomBatch {
  /// The batch's deletes alone: what any dataset a layout took still satisfies (used when a
  /// layout refuses the data random inserts and moves make, as the timeline a track out of day
  /// order).
  public static func deletes(of batch: BatchUpdate) -> BatchUpdate {
    BatchUpdate(operations: batch.operations.filter { if case .deleteItem = $0 { true } else { false } })
  }

  public static func make(_ dataset: Dataset, operations: Int, rng: inout SplitMix64) -> BatchUpdate {
    let counts = dataset.sections.map(\.items.count)
    let total = counts.reduce(0, +)
    guard total > 0 else { return BatchUpdate() }
    var starts: [Int] = []
    var running = 0
    for count in counts {
      starts.append(running)
      running += count
    }
    func randomPath() -> IndexPath {
      let global = Int(rng.next() % UInt64(total))
      let s = starts.partitioningIndex { $0 > global } - 1
      return IndexPath(s, global - starts[s])
    }
    let deletes = operations * 4 / 10
    let moves = operations * 3 / 10
    let inserts = operations - deletes - moves
    // Distinct sources for deletes and moves.
    var taken = Set<IndexPath>()
    var sources: [IndexPath] = []
    while sources.count < min(deletes + moves, total) {
      let path = randomPath()
      if taken.insert(path).inserted { sources.append(path) }
    }
    let deleted = Array(sources.prefix(deletes))
    let moved = Array(sources.dropFirst(deletes))
    // Destinations: a section for each move and insert, then distinct slots in it.
    var arriving = [Int: Int]()
    var leaving = [Int: Int]()
    for path in sources { leaving[path.section, default: 0] += 1 }
    let movedTo = moved.map { _ in randomPath().section }
    let insertedTo = (0..<inserts).map { _ in randomPath().section }
    for s in movedTo + insertedTo { arriving[s, default: 0] += 1 }
    var freeSlots: [Int: [Int]] = [:]
    for (s, count) in arriving {
      let after = counts[s] - leaving[s, default: 0] + count
      var chosen = Set<Int>()
      while chosen.count < count { chosen.insert(Int(rng.next() % UInt64(after))) }
      freeSlots[s] = Array(chosen)
    }
    var batch = BatchUpdate()
    for path in deleted { batch.operations.append(.deleteItem(path)) }
    for (index, from) in moved.enumerated() {
      let s = movedTo[index]
      batch.operations.append(.moveItem(from: from, to: IndexPath(s, freeSlots[s]!.removeLast())))
    }
    for s in insertedTo {
      batch.operations.append(
        .insertItem(IndexPath(s, freeSlots[s]!.removeLast()), size: Size(width: 60, height: 40), id: nil))
    }
    return batch
  }
}
