import TesseraKit

/// What a batch update animates: every element visible before or after it, matched across the
/// update by where the update takes it, with its start and end attributes.
package enum BatchAnimation {
  /// Start and end attributes of every element visible before or after the update. A cell is
  /// followed from its old index path to its new one (`BatchResult.newPaths`); a deleted cell and
  /// an inserted one are two cells even when the data gives them one id (UIKit knows no ids: it
  /// fades one out and the other in). A supplementary or decoration view is followed by its kind,
  /// its index and its section, which a deleted or an inserted section does not carry over.
  package static func match(
    old: Dataset, oldBounds: Rect, beforeVisible: [Element], result: BatchResult, layout: LayoutInstance,
    model: CollectionModel
  ) throws(HostError) -> [BatchReport.Animation] {
    let new = model.dataset
    let afterVisible = try layout.attributes(in: model.bounds)
    // Sections across the update: by id, unless deleted (old) or inserted (new).
    let deletedSections = Set(result.deletedSections.map(\.section))
    let insertedSections = Set(result.insertedSections.map(\.section))
    var newSectionOf: [String: Int] = [:]
    for (a, section) in new.sections.enumerated() where !insertedSections.contains(a) { newSectionOf[section.id] = a }
    var oldSectionOf: [String: Int] = [:]
    for (b, section) in old.sections.enumerated() where !deletedSections.contains(b) { oldSectionOf[section.id] = b }
    // Cells: where each old one lands, and where each new one came from.
    var oldPathOf: [IndexPath: IndexPath] = [:]
    for (s, paths) in result.newPaths.enumerated() {
      for (item, path) in paths.enumerated() {
        if let path { oldPathOf[path] = IndexPath(s, item) }
      }
    }
    func newPath(of e: Element) -> IndexPath? {
      if e.category == .cell {
        guard e.indexPath.section < result.newPaths.count, e.indexPath.item < result.newPaths[e.indexPath.section].count
        else { return nil }
        return result.newPaths[e.indexPath.section][e.indexPath.item]
      }
      return newSectionOf[old.sections[e.indexPath.section].id].map { IndexPath($0, e.indexPath.item) }
    }
    func oldPath(of e: Element) -> IndexPath? {
      if e.category == .cell { return oldPathOf[e.indexPath] }
      return oldSectionOf[new.sections[e.indexPath.section].id].map { IndexPath($0, e.indexPath.item) }
    }
    struct Key: Hashable {
      var category: ElementCategory
      var kind: String?
      var path: IndexPath
    }
    var before: [Key: Element] = [:]
    for e in beforeVisible { before[Key(category: e.category, kind: e.kind, path: e.indexPath)] = e }
    var after: Set<Key> = []
    for e in afterVisible { after.insert(Key(category: e.category, kind: e.kind, path: e.indexPath)) }
    // The old layout, for elements that become visible but were off screen before.
    var shadow: LayoutInstance?
    func oldLayout() throws(HostError) -> LayoutInstance {
      if let shadow { return shadow }
      let made = try LayoutInstance(
        layout.layoutClass, model: CollectionModel(dataset: old, bounds: oldBounds), options: layout.options)
      shadow = made
      return made
    }
    func name(_ e: Element, in dataset: Dataset) -> String {
      let section = dataset.sections[e.indexPath.section]
      if e.category == .cell { return section.items.ids[e.indexPath.item] }
      return "\(e.kind ?? "")@\(section.id)" + (e.indexPath.item == 0 ? "" : "#\(e.indexPath.item)")
    }
    var animations: [BatchReport.Animation] = []
    let kinds = layout.layoutClass.kindNames(nil)
    for e in Element.sortedForOutput(afterVisible, kinds: kinds) {
      let from = oldPath(of: e)
      let start: Element
      if let from, let visible = before[Key(category: e.category, kind: e.kind, path: from)] {
        start = visible
      } else if let from, let found = try oldAttributes(e, at: from, in: oldLayout()) {
        start = found
      } else {
        start = try layout.initialAttributes(forAppearing: e)
      }
      animations.append(
        .init(element: e.kind ?? "cell", id: name(e, in: new), from: from, to: e.indexPath, start: start, end: e))
    }
    for e in Element.sortedForOutput(beforeVisible, kinds: kinds) {
      let to = newPath(of: e)
      if let to, after.contains(Key(category: e.category, kind: e.kind, path: to)) { continue }
      let end: Element
      if let to, let found = try oldAttributes(e, at: to, in: layout) {
        end = found
      } else {
        end = try layout.finalAttributes(forDisappearing: e)
      }
      animations.append(
        .init(element: e.kind ?? "cell", id: name(e, in: old), from: e.indexPath, to: to, start: e, end: end))
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
