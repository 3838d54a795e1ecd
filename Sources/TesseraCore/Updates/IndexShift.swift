import Algorithms
import TesseraKit

/// Where an index lands when `deleted` indexes (before) go and `inserted` ones (after) arrive:
/// deletes first, then inserts in ascending order, as UIKit moves the items a batch leaves.
/// Sorted once; each index costs two binary searches, so a batch of many reloads takes n log n,
/// not n².
package struct IndexShift {
  package let deleted: [Int]
  /// `inserted[j] - j`, ascending: an insert at `i` pushes an index up when `i` is at most
  /// the index as pushed by the inserts before it.
  package let insertedLessRank: [Int]

  package init(deleted: [Int], inserted: [Int]) {
    self.deleted = deleted.sorted()
    insertedLessRank = Array(Set(inserted)).sorted().enumerated().map { $0.element - $0.offset }
  }

  package func callAsFunction(_ index: Int) -> Int {
    let base = index - deleted.partitioningIndex { $0 >= index }
    return base + insertedLessRank.partitioningIndex { $0 > base }
  }

  /// Paths in ascending order, each repeated one moved to the next free item after it in its
  /// section (`[0.0, 0.0, 0.1]` → `[0.0, 0.1, 0.2]`), skipping `taken` paths: what UIKit's
  /// per-occurrence counting does with duplicates.
  package static func staggered(_ paths: [IndexPath], around taken: Set<IndexPath>) -> [IndexPath] {
    var result: [IndexPath] = []
    result.reserveCapacity(paths.count)
    var previous: IndexPath?
    for path in paths.sorted() {
      var item = path.item
      // Saturating: a path at Int.max (refused later as out of range) has no next item.
      if let previous, previous.section == path.section, previous.item < .max { item = max(item, previous.item + 1) }
      while item < .max, taken.contains(IndexPath(path.section, item)) { item += 1 }
      let placed = IndexPath(path.section, item)
      result.append(placed)
      previous = placed
    }
    return result
  }

  /// Sections staggered the same way (`[3, 3]` → `[3, 4]`), skipping `taken` ones.
  package static func staggered(sections: [Int], around taken: Set<Int>) -> [Int] {
    staggered(sections.map { IndexPath(0, $0) }, around: Set(taken.map { IndexPath(0, $0) })).map(\.item)
  }
}
