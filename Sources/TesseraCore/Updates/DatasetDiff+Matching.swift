import TesseraKit

extension DatasetDiff {
  /// The first phase: where every section and item id is in each version, and what changes.
  struct Matching {
    let old: Dataset
    let new: Dataset
    var oldSection: [String: Int] = [:]
    var newSection: [String: Int] = [:]
    var oldItem: [String: IndexPath] = [:]
    var newItem: [String: IndexPath] = [:]

    init(old: Dataset, new: Dataset) {
      self.old = old
      self.new = new
      for (s, section) in old.sections.enumerated() {
        oldSection[section.id] = s
        for (i, id) in section.items.ids.enumerated() { oldItem[id] = IndexPath(s, i) }
      }
      for (s, section) in new.sections.enumerated() {
        newSection[section.id] = s
        for (i, id) in section.items.ids.enumerated() { newItem[id] = IndexPath(s, i) }
      }
    }

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
