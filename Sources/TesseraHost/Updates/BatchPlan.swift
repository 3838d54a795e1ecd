import TesseraKit

/// A batch after validation: operations normalised (duplicates merged, operations inside
/// deleted or inserted sections dropped, reloads given their destinations), the counts before
/// and after, and the warnings for combinations UIKit accepts but animates wrongly.
struct BatchPlan {
  struct Insert {
    var path: IndexPath
    var size: Size?
    var id: String?
  }

  struct Reload {
    var before: IndexPath
    var after: IndexPath
    var size: Size?
  }

  /// What fills a section slot after the update.
  enum SectionSource: Equatable {
    case inserted(count: Int)
    case existing(Int)
    case reloaded(Int)
  }

  var sectionsBefore: Int
  var itemsBefore: [Int]
  var sectionsAfter: Int
  var itemsAfter: [Int]

  var deletedSections: [Int] = []
  var insertedSections: [(section: Int, count: Int)] = []
  var movedSections: [(from: Int, to: Int)] = []
  /// Before index → after index.
  var reloadedSections: [(from: Int, to: Int)] = []

  var deletes: [IndexPath] = []
  var inserts: [Insert] = []
  var moves: [(from: IndexPath, to: IndexPath)] = []
  var reloads: [Reload] = []
  var warnings: [String] = []
  /// For every section after the update, where it comes from.
  var sectionSources: [SectionSource] = []
}

/// Places values into `count` slots: reserved ones at their slots (first come wins; slots out
/// of range are ignored), then the survivors, in order, into the slots left. This is how UIKit
/// arranges both sections and the items of a section after a batch.
func arrange<T>(count: Int, reserved: [(slot: Int, value: T)], survivors: [T]) -> [T?] {
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
