import TesseraKit

/// What a batch update animates: every element visible before or after it, matched across the
/// update by identity, with its start and end attributes.
enum BatchAnimation {
  /// Start and end attributes of every element visible before or after the update, matched by
  /// identity (cells by item id, supplementary views by kind and section id).
  static func match(
    old: Dataset, oldBounds: Rect, beforeVisible: [Element], result: BatchResult, layout: LayoutInstance,
    model: CollectionModel
  ) throws(HostError) -> [BatchReport.Animation] {
    let new = model.dataset
    // Cells by item id; other elements by kind, section id and index (a section may hold many
    // elements of one kind, like the schematic's connectors; the first is just `kind@section`).
    func identity(_ e: Element, in dataset: Dataset) -> String {
      let section = dataset.sections[e.indexPath.section]
      if e.category == .cell { return section.items.ids[e.indexPath.item] }
      return "\(e.kind ?? "")@\(section.id)" + (e.indexPath.item == 0 ? "" : "#\(e.indexPath.item)")
    }
    let afterVisible = try layout.attributes(in: model.bounds)
    var before: [String: Element] = [:]
    for e in beforeVisible { before[identity(e, in: old)] = e }
    var after: [String: Element] = [:]
    for e in afterVisible { after[identity(e, in: new)] = e }
    // The old layout, for elements that become visible but were off screen before.
    var shadow: LayoutInstance?
    func oldLayout() throws(HostError) -> LayoutInstance {
      if let shadow { return shadow }
      let made = try LayoutInstance(
        layout.layoutClass, model: CollectionModel(dataset: old, bounds: oldBounds), options: layout.options)
      shadow = made
      return made
    }
    var newSectionOf: [String: Int] = [:]
    for (a, section) in new.sections.enumerated() { newSectionOf[section.id] = a }
    var oldSectionOf: [String: Int] = [:]
    for (b, section) in old.sections.enumerated() { oldSectionOf[section.id] = b }
    var animations: [BatchReport.Animation] = []
    let kinds = layout.layoutClass.kindNames(nil)
    for e in Element.sortedForOutput(afterVisible, kinds: kinds) {
      let id = identity(e, in: new)
      let from: IndexPath?
      if e.category == .cell {
        from =
          result.newPaths.indices.lazy.compactMap { s in
            result.newPaths[s].firstIndex(of: e.indexPath).map { IndexPath(s, $0) }
          }.first
      } else {
        from = oldSectionOf[new.sections[e.indexPath.section].id].map { IndexPath($0, e.indexPath.item) }
      }
      let start: Element
      if let visible = before[id] {
        start = visible
      } else if let from, let found = try oldAttributes(e, at: from, in: oldLayout()) {
        start = found
      } else {
        start = try layout.initialAttributes(forAppearing: e)
      }
      animations.append(.init(element: e.kind ?? "cell", id: id, from: from, to: e.indexPath, start: start, end: e))
    }
    for e in Element.sortedForOutput(beforeVisible, kinds: kinds) {
      let id = identity(e, in: old)
      guard after[id] == nil else { continue }
      let to: IndexPath?
      if e.category == .cell {
        to = result.newPaths[e.indexPath.section][e.indexPath.item]
      } else {
        to = newSectionOf[old.sections[e.indexPath.section].id].map { IndexPath($0, e.indexPath.item) }
      }
      let end: Element
      if let to, let found = try oldAttributes(e, at: to, in: layout) {
        end = found
      } else {
        end = try layout.finalAttributes(forDisappearing: e)
      }
      animations.append(.init(element: e.kind ?? "cell", id: id, from: e.indexPath, to: to, start: e, end: end))
    }
    return animations
  }

  /// The attributes `instance` gives the element like `e` at `path`.
  private static func oldAttributes(_ e: Element, at path: IndexPath, in instance: LayoutInstance) throws(HostError)
    -> Element?
  {
    var moved = e
    moved.indexPath = path
    return try instance.counterpart(of: moved)
  }
}
