import TesseraKit

/// Self-sizing as a collection view does it: when the visible cells are shown they are measured,
/// and each one whose measured size differs from its current one reports a preferred size; the
/// layout decides whether that invalidates it; repeat until nothing changes.
package struct SelfSizing {
  package init() {}

  /// `selfsizing on`: visible cells are measured and report preferred sizes until they settle.
  package var isOn = false
  /// Passes before a loop that does not settle is an error.
  package var budget = 50
  /// How often each `measureCycle` cell was measured, by id.
  package var measureCounts: [String: Int] = [:]

  /// What a cell measures: the next entry of its `measureCycle` prop (`[w, h, w, h, ...]`, a way
  /// to script a cell that never settles), else its dataset `size`; nil when it has neither.
  package mutating func measure(_ path: IndexPath, in dataset: Dataset) -> Size? {
    let items = dataset.sections[path.section].items
    if case .numbers(let cycle) = items.property("measureCycle", at: path.item), cycle.count >= 2,
      cycle.count % 2 == 0
    {
      let id = items.ids[path.item]
      let count = measureCounts[id, default: 0]
      measureCounts[id] = count + 1
      let pair = count % (cycle.count / 2)
      return Size(width: cycle[2 * pair], height: cycle[2 * pair + 1])
    }
    return items[path.item].size
  }

  /// Measures the visible cells until they agree with the layout. Returns the number of passes
  /// that changed something; throws when `budget` passes do not settle.
  package mutating func settle(_ layout: LayoutInstance, in model: CollectionModel) throws(HostError) -> Int {
    guard isOn else { return 0 }
    var history: [IndexPath: [Size]] = [:]
    var firstChange: [IndexPath: Int] = [:]
    for pass in 1...(budget + 1) {
      let cells = try layout.attributes(in: model.bounds).filter { $0.category == .cell }
      var changed: [IndexPath] = []
      for cell in cells {
        guard let measured = measure(cell.indexPath, in: model.dataset), measured != cell.frame.size else { continue }
        guard let request = try layout.preferredSize(measured, for: cell) else { continue }
        layout.invalidate(request)
        layout.preferredLog.append(
          (model.dataset.sections[cell.indexPath.section].items.ids[cell.indexPath.item], measured))
        history[cell.indexPath, default: [cell.frame.size]].append(measured)
        if firstChange[cell.indexPath] == nil { firstChange[cell.indexPath] = pass }
        changed.append(cell.indexPath)
      }
      if changed.isEmpty { return pass - 1 }
      if pass > budget {
        let named = changed.prefix(5).map { path -> String in
          let sizes = (history[path] ?? []).suffix(2).map(\.formatted).joined(separator: " ↔ ")
          return "\(path) (\(sizes), since pass \(firstChange[path] ?? pass))"
        }
        throw HostError(
          "self-sizing did not settle after \(budget) passes: \(named.joined(separator: ", "))\(changed.count > 5 ? " and \(changed.count - 5) more" : "") keep changing size (raise the budget with 'selfsizing on N', or fix the cell's measurement)"
        )
      }
      try layout.prepareIfNeeded()
    }
    return budget
  }
}
