import TesseraKit

/// What a batch did: the dataset after it, the operations as the layout sees them, and, per
/// category, the items they touched (for the report).
struct BatchResult {
  var dataset: Dataset
  var updateItems: [UpdateItem]
  var inserted: [(path: IndexPath, id: String)] = []
  var deleted: [(path: IndexPath, id: String)] = []
  var moved: [(from: IndexPath, to: IndexPath, id: String)] = []
  var reloaded: [(from: IndexPath, to: IndexPath, id: String)] = []
  var insertedSections: [(section: Int, id: String)] = []
  var deletedSections: [(section: Int, id: String)] = []
  var movedSections: [(from: Int, to: Int, id: String)] = []
  var reloadedSections: [(from: Int, to: Int, id: String)] = []
  /// For every item before the update, where it is after it (nil: deleted). Indexed by section
  /// and item before the update.
  var newPaths: [[IndexPath?]] = []
  var warnings: [String] = []
}

/// Applies a validated plan: sections and, inside each, items take their slots the way UIKit
/// arranges them (moved and inserted ones at their destinations, the others in their old order
/// around them). Sections no item operation touches are reused as they are.
enum BatchApplier {
  enum ItemSource {
    case old(section: Int, item: Int, size: Size?)
    case new(BatchPlan.Insert)
  }

  static func apply(
    _ plan: BatchPlan, to old: Dataset, newID: (inout Set<String>) -> String, isTaken: (String) -> Bool
  ) throws(HostError) -> BatchResult {
    var result = BatchResult(dataset: Dataset(), updateItems: updateItems(plan))
    result.warnings = plan.warnings
    result.newPaths = old.sections.map { [IndexPath?](repeating: nil, count: $0.items.count) }
    var usedNewIDs = Set<String>()
    // Ids given to inserts must be free after the update.
    let deletedIDs = Set(
      plan.deletes.map { old.sections[$0.section].items.ids[$0.item] }
        + plan.deletedSections.flatMap { old.sections[$0].items.ids })
    for insert in plan.inserts {
      guard let id = insert.id else { continue }
      if (isTaken(id) && !deletedIDs.contains(id)) || usedNewIDs.contains(id) {
        throw HostError("insert \(insert.path) id=\(id): item id '\(id)' is already in use")
      }
      usedNewIDs.insert(id)
    }

    let resizedMoves = Dictionary(plan.movedAndReloaded.map { ($0.path, $0.size) }, uniquingKeysWith: { a, _ in a })
    for (a, source) in plan.sectionSources.enumerated() {
      switch source {
      case .inserted(let count):
        var section = DatasetSection(id: newSectionID(old, result.dataset, a))
        for item in 0..<count {
          let id = newID(&usedNewIDs)
          section.items.append(DatasetItem(id: id))
          result.inserted.append((IndexPath(a, item), id))
        }
        result.insertedSections.append((a, section.id))
        result.dataset.sections.append(section)
      case .reloaded(let b):
        result.dataset.sections.append(old.sections[b])
        result.reloadedSections.append((b, a, old.sections[b].id))
        for item in old.sections[b].items.indices { result.newPaths[b][item] = IndexPath(a, item) }
      case .existing(let b):
        result.dataset.sections.append(
          try rebuild(section: b, into: a, plan: plan, old: old, resizedMoves: resizedMoves, result: &result) {
            newID(&usedNewIDs)
          })
      }
    }
    for b in plan.deletedSections { result.deletedSections.append((b, old.sections[b].id)) }
    // Like items, a section counts as moved only when a move names it, not when it shifts.
    for (from, to) in plan.movedSections { result.movedSections.append((from, to, old.sections[from].id)) }
    for path in plan.deletes { result.deleted.append((path, old.sections[path.section].items.ids[path.item])) }
    for move in plan.moves {
      result.moved.append((move.from, move.to, old.sections[move.from.section].items.ids[move.from.item]))
    }
    for reload in plan.reloads {
      result.reloaded.append(
        (reload.before, reload.after, old.sections[reload.before.section].items.ids[reload.before.item]))
    }
    for (path, _) in plan.movedAndReloaded {
      let id = old.sections[path.section].items.ids[path.item]
      if let to = result.newPaths[path.section][path.item] { result.reloaded.append((path, to, id)) }
    }
    return result
  }

  /// The items of a section that existed before: untouched sections are reused whole.
  static func rebuild(
    section b: Int, into a: Int, plan: BatchPlan, old: Dataset, resizedMoves: [IndexPath: Size?],
    result: inout BatchResult, newID: () -> String
  ) throws(HostError) -> DatasetSection {
    let items = old.sections[b].items
    let deleted = plan.deletes.filter { $0.section == b }
    let movedOut = plan.moves.filter { $0.from.section == b }
    let reloads = plan.reloads.filter { $0.before.section == b }
    let inserts = plan.inserts.filter { $0.path.section == a }
    let movedIn = plan.moves.filter { $0.to.section == a }
    if deleted.isEmpty && movedOut.isEmpty && reloads.isEmpty && inserts.isEmpty && movedIn.isEmpty {
      for item in items.indices { result.newPaths[b][item] = IndexPath(a, item) }
      return old.sections[b]
    }
    var leaving = Set(deleted.map(\.item))
    leaving.formUnion(movedOut.map(\.from.item))
    leaving.formUnion(reloads.map(\.before.item))
    var reserved: [(slot: Int, value: ItemSource)] = []
    for insert in inserts { reserved.append((insert.path.item, .new(insert))) }
    for reload in reloads {
      reserved.append((reload.after.item, .old(section: b, item: reload.before.item, size: reload.size)))
    }
    for move in movedIn {
      let size = resizedMoves[move.from] ?? nil
      reserved.append((move.to.item, .old(section: move.from.section, item: move.from.item, size: size)))
    }
    let survivors = items.indices.lazy.filter { !leaving.contains($0) }.map {
      ItemSource.old(section: b, item: $0, size: nil)
    }
    let slots = arrange(count: plan.itemsAfter[a], reserved: reserved, survivors: Array(survivors))
    var section = old.sections[b]
    var rebuilt = ItemList()
    rebuilt.reserveCapacity(slots.count)
    for (slot, source) in slots.enumerated() {
      switch source {
      case .old(let s, let i, let size):
        rebuilt.append(from: old.sections[s].items, at: i, size: size)
        result.newPaths[s][i] = IndexPath(a, slot)
      case .new(let insert):
        let id = insert.id ?? newID()
        rebuilt.append(DatasetItem(id: id, size: insert.size))
        result.inserted.append((IndexPath(a, slot), id))
      case nil:
        throw HostError("internal error: slot \(a).\(slot) was left empty by the batch (please report it)")
      }
    }
    section.items = rebuilt
    return section
  }

  static func newSectionID(_ old: Dataset, _ new: Dataset, _ index: Int) -> String {
    let taken = Set(old.sections.map(\.id) + new.sections.map(\.id))
    var k = old.sections.count + new.sections.count
    while taken.contains("s\(k)") { k += 1 }
    return "s\(k)"
  }

  /// The batch as the layout sees it (UICollectionViewUpdateItem).
  static func updateItems(_ plan: BatchPlan) -> [UpdateItem] {
    var items: [UpdateItem] = []
    for s in plan.deletedSections {
      items.append(UpdateItem(action: .delete, before: IndexPath(s, -1), after: nil, isSection: true))
    }
    for (s, _) in plan.insertedSections {
      items.append(UpdateItem(action: .insert, before: nil, after: IndexPath(s, -1), isSection: true))
    }
    for (from, to) in plan.movedSections {
      items.append(UpdateItem(action: .move, before: IndexPath(from, -1), after: IndexPath(to, -1), isSection: true))
    }
    for (from, to) in plan.reloadedSections {
      items.append(UpdateItem(action: .reload, before: IndexPath(from, -1), after: IndexPath(to, -1), isSection: true))
    }
    for path in plan.deletes { items.append(UpdateItem(action: .delete, before: path, after: nil)) }
    for insert in plan.inserts { items.append(UpdateItem(action: .insert, before: nil, after: insert.path)) }
    for (from, to) in plan.moves { items.append(UpdateItem(action: .move, before: from, after: to)) }
    for reload in plan.reloads { items.append(UpdateItem(action: .reload, before: reload.before, after: reload.after)) }
    return items
  }
}
