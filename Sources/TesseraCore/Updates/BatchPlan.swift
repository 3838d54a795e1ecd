import TesseraKit

/// A batch after validation: operations normalised (duplicates merged, operations inside
/// deleted or inserted sections dropped, reloads given their destinations), the counts before
/// and after, and the warnings for combinations UIKit accepts but animates wrongly.
package struct BatchPlan {
  package struct Insert {
    package var path: IndexPath
    package var size: Size?
    package var id: String?
  }

  package struct Reload {
    package var before: IndexPath
    package var after: IndexPath
    package var size: Size?
  }

  /// What fills a section slot after the update.
  package enum SectionSource: Equatable {
    case inserted(count: Int)
    case existing(Int)
    case reloaded(Int)
  }

  package var sectionsBefore: Int
  package var itemsBefore: [Int]
  package var sectionsAfter: Int
  package var itemsAfter: [Int]

  package var deletedSections: [Int] = []
  package var insertedSections: [(section: Int, count: Int)] = []
  package var movedSections: [(from: Int, to: Int)] = []
  /// Before index → after index.
  package var reloadedSections: [(from: Int, to: Int)] = []

  package var deletes: [IndexPath] = []
  package var inserts: [Insert] = []
  package var moves: [(from: IndexPath, to: IndexPath)] = []
  package var reloads: [Reload] = []
  package var warnings: [String] = []
  /// For every section after the update, where it comes from.
  package var sectionSources: [SectionSource] = []
}

/// Places values into `count` slots: reserved ones at their slots (first come wins; slots out
/// of range are ignored), then the survivors, in order, into the slots left. This is how UIKit
/// arranges both sections and the items of a section after a batch.
package func arrange<T>(count: Int, reserved: [(slot: Int, value: T)], survivors: [T]) -> [T?] {
  var slots = [T?](repeating: nil, count: max(0, count))
  var taken = [Bool](repeating: false, count: max(0, count))
  for (slot, value) in reserved where slot >= 0 && slot < count && !taken[slot] {
    slots[slot] = value
    taken[slot] = true
  }
  var next = survivors.makeIterator()
  for slot in 0..<max(0, count) where !taken[slot] {
    guard let value = next.next() else { break }
    slots[slot] = value
  }
  return slots
}
