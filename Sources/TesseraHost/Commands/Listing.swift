import TesseraKit

/// Elements as the listings of `visible`, `dump` and `item` show them.
extension WorkbenchState {
  /// Elements as a listing: in the order the layouts declare their kinds (both layouts' during a
  /// transition), each cell with its dataset id.
  func listing(
    _ elements: [Element], command: String? = nil, showsAll: Bool = true, total: Int? = nil
  ) -> AttributeList {
    var list = AttributeList(
      elements, kinds: listedKinds,
      id: { [dataset = model.dataset] path in
        dataset.contains(path) ? dataset.sections[path.section].items.ids[path.item] : nil
      }, command: command, showsAll: showsAll, total: total)
    for layoutClass in [layout?.layoutClass, transition?.next.layoutClass].compactMap({ $0 }) {
      for (kind, hint) in layoutClass.drawings {
        if let label = hint.label, label.format == .date {
          list.dateValues.insert(AttributeList.KindKey(kind: kind, key: label.key))
        }
      }
    }
    return list
  }

  private var listedKinds: [String] {
    LayoutClass.kindNames(of: [layout?.layoutClass, transition?.next.layoutClass], nil)
  }

  /// What `visible` and `dump` list: everything, or only the first `rowsKept` rows, counting the
  /// rest (a table of five million elements keeps a thousand, not five million; every record is
  /// still checked).
  func shownListing(in rect: Rect?, command: String, showsAll: Bool, rowsKept: Int?) throws(HostError)
    -> AttributeList
  {
    guard transition == nil, let rowsKept else {
      let elements: [Element]
      if let rect { elements = try shownElements(in: rect) } else { elements = try shownElements() }
      return listing(elements, command: command, showsAll: showsAll)
    }
    let (kept, total) = try currentLayout().attributes(in: rect, keeping: rowsKept, kinds: listedKinds)
    return listing(kept, command: command, showsAll: showsAll, total: total)
  }

  /// How many rows `visible` and `dump` keep: a table stops after `Limits.rowsShown` unless
  /// `--all`; JSON lists every element.
  func rowsKept(showsAll: Bool) -> Int? { showsAll || format == .json ? nil : Limits.rowsShown }
}
