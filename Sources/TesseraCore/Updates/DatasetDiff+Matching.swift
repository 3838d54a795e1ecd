import TesseraKit

extension DatasetDiff {
  /// The first phase: where every section and item id is in each version, and what changes.
  /// Items are matched by `IDMatching` (the ids' stored bytes, no `String` made): each item is
  /// known by its ordinal, its place in its version counting across sections.
  struct Matching {
    let old: Dataset
    let new: Dataset
    var oldSection: [String: Int] = [:]
    var newSection: [String: Int] = [:]
    /// Each section's first ordinal, then the version's item count.
    let oldStarts: [Int]
    let newStarts: [Int]
    /// Per new ordinal, the old ordinal of the item with the same id, or -1 (an item that
    /// arrives); per old ordinal, the new one, or -1 (an item that leaves).
    let oldOrdinal: [Int32]
    let newOrdinal: [Int32]

    init(old: Dataset, new: Dataset) {
      self.old = old
      self.new = new
      for (s, section) in old.sections.enumerated() { oldSection[section.id] = s }
      for (s, section) in new.sections.enumerated() { newSection[section.id] = s }
      oldStarts = Self.starts(old)
      newStarts = Self.starts(new)
      let ids = IDMatching(old: old.sections.map(\.items.ids), new: new.sections.map(\.items.ids))
      oldOrdinal = ids.oldOrdinal
      newOrdinal = ids.newOrdinal
    }

    private static func starts(_ dataset: Dataset) -> [Int] {
      var starts = [0]
      starts.reserveCapacity(dataset.sections.count + 1)
      for section in dataset.sections { starts.append(starts.last! + section.items.count) }
      return starts
    }

    /// The index path of an ordinal (a binary search over the section starts).
    private static func path(_ ordinal: Int, _ starts: [Int]) -> IndexPath {
      var low = 0
      var high = starts.count - 2
      while low < high {
        let middle = (low + high + 1) / 2
        if starts[middle] <= ordinal { low = middle } else { high = middle - 1 }
      }
      // Empty sections share a start: the last of them with this start holds the item.
      return IndexPath(low, ordinal - starts[low])
    }

    func oldPath(_ ordinal: Int) -> IndexPath { Self.path(ordinal, oldStarts) }
    func newPath(_ ordinal: Int) -> IndexPath { Self.path(ordinal, newStarts) }

    /// Whether section `b` (old) and `a` (new) hold different items.
    func itemsChange(_ b: Int, _ a: Int) -> Bool { old.sections[b].items != new.sections[a].items }

    /// Whether their own data (header, footer, props) differs.
    func dataChanges(_ b: Int, _ a: Int) -> Bool {
      let (o, n) = (old.sections[b], new.sections[a])
      return o.header != n.header || o.footer != n.footer || o.props != n.props
    }

    /// Whether the section with this id changes at all between the versions.
    func changes(_ id: String) -> Bool {
      let (b, a) = (oldSection[id]!, newSection[id]!)
      return itemsChange(b, a) || dataChanges(b, a)
    }
  }
}
