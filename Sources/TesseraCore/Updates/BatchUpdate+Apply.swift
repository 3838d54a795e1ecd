import TesseraKit

/// What a batch did: the dataset after it, the operations as the layout sees them, and, per
/// category, the items they touched (for the report).
package struct BatchResult {
  package var dataset: Dataset
  package var updateItems: [UpdateItem]
  package var inserted: [(path: IndexPath, id: String)] = []
  package var deleted: [(path: IndexPath, id: String)] = []
  package var moved: [(from: IndexPath, to: IndexPath, id: String)] = []
  package var reloaded: [(from: IndexPath, to: IndexPath, id: String)] = []
  package var insertedSections: [(section: Int, id: String)] = []
  package var deletedSections: [(section: Int, id: String)] = []
  package var movedSections: [(from: Int, to: Int, id: String)] = []
  package var reloadedSections: [(from: Int, to: Int, id: String)] = []
  /// For every item before the update, where it is after it (nil: deleted), indexed by section
  /// and item before the update. Only kept when asked for (the JSON report): for a million
  /// items it costs more than the rest of the batch.
  package var newPaths: [[IndexPath?]] = []
  package var tracksPaths = false

  package mutating func place(_ old: IndexPath, at new: IndexPath) {
    if tracksPaths { newPaths[old.section][old.item] = new }
  }
  package var warnings: [String] = []
}

/// Applies a validated plan: sections and, inside each, items take their slots the way UIKit
/// arranges them (moved and inserted ones at their destinations, the others in their old order
/// around them). Sections no item operation touches are reused as they are.
package enum BatchApplier {
  package enum ItemSource {
    case old(section: Int, item: Int, size: Size?)
    case new(BatchPlan.Insert)
  }

  package static func apply(
    _ plan: BatchPlan, to old: Dataset, trackingPaths: Bool, newIDs: (Int, Set<String>) -> [String],
    taken: ([String]) -> Set<String>
  ) throws(HostError) -> BatchResult {
    var result = BatchResult(dataset: Dataset(), updateItems: updateItems(plan))
    result.warnings = plan.warnings
    result.tracksPaths = trackingPaths
    if trackingPaths { result.newPaths = old.sections.map { [IndexPath?](repeating: nil, count: $0.items.count) } }
    // Ids given to inserts must be free after the update: in use by no item the batch keeps,
    // and given once.
    let named = plan.inserts.compactMap(\.id)
    let inUse = named.isEmpty ? [] : taken(named)
    let deletedIDs =
      inUse.isEmpty
      ? []
      : Set(
        plan.deletes.map { old.sections[$0.section].items.ids[$0.item] }
          + plan.deletedSections.flatMap { old.sections[$0].items.ids })
    var usedNewIDs = Set<String>()
    for insert in plan.inserts {
      guard let id = insert.id else { continue }
      if (inUse.contains(id) && !deletedIDs.contains(id)) || usedNewIDs.contains(id) {
        throw HostError("insert \(insert.path) id=\(id): item id '\(id)' is already in use")
      }
      usedNewIDs.insert(id)
    }
    // Items inserted without an id get fresh ones, in the order the sections are built.
    let unnamed = plan.inserts.count - named.count + plan.insertedSections.reduce(0) { $0 + $1.count }
    var fresh = (unnamed == 0 ? [] : newIDs(unnamed, usedNewIDs)).makeIterator()
    let newID = { fresh.next()! }

    let byBefore = OperationsBySection(plan)
    // Section ids in use, built once: new sections' ids are found in constant time each.
    var takenSectionIDs = Set(old.sections.map(\.id))
    var nextSectionID = old.sections.count
    for (a, source) in plan.sectionSources.enumerated() {
      switch source {
      case .inserted(let count):
        var section = DatasetSection(
          id: newSectionID(taken: &takenSectionIDs, next: &nextSectionID, old.sections.count + a))
        for item in 0..<count {
          let id = newID()
          section.items.append(DatasetItem(id: id))
          result.inserted.append((IndexPath(a, item), id))
        }
        result.insertedSections.append((a, section.id))
        result.dataset.sections.append(section)
      case .reloaded(let b):
        result.dataset.sections.append(old.sections[b])
        result.reloadedSections.append((b, a, old.sections[b].id))
        if trackingPaths {
          for item in old.sections[b].items.indices { result.place(IndexPath(b, item), at: IndexPath(a, item)) }
        }
      case .existing(let b):
        result.dataset.sections.append(
          try rebuild(
            section: b, into: a, plan: plan, operations: byBefore, old: old, result: &result, newID: newID))
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
    return result
  }

  /// The items of a section that existed before: untouched sections are reused whole; the
  /// others are rebuilt in one walk, copying the runs of untouched items in bulk between the
  /// slots that moves, inserts and reloads reserve.
  package static func rebuild(
    section b: Int, into a: Int, plan: BatchPlan, operations o: OperationsBySection, old: Dataset,
    result: inout BatchResult, newID: () -> String
  ) throws(HostError) -> DatasetSection {
    let items = old.sections[b].items
    let deleted = o.deletes[b, default: []]
    let movedOut = o.movesOut[b, default: []]
    let reloads = o.reloads[b, default: []]
    let inserts = o.inserts[a, default: []]
    let movedIn = o.movesIn[a, default: []]
    if deleted.isEmpty && movedOut.isEmpty && reloads.isEmpty && inserts.isEmpty && movedIn.isEmpty {
      if result.tracksPaths {
        for item in items.indices { result.place(IndexPath(b, item), at: IndexPath(a, item)) }
      }
      return old.sections[b]
    }
    let leaving = Array(Set(deleted.map(\.item) + movedOut.map(\.from.item) + reloads.map(\.before.item))).sorted()
    var reserved: [Int: ItemSource] = [:]
    for insert in inserts { reserved[insert.path.item] = .new(insert) }
    for reload in reloads {
      reserved[reload.after.item] = .old(section: b, item: reload.before.item, size: reload.size)
    }
    for move in movedIn {
      reserved[move.to.item] = .old(
        section: move.from.section, item: move.from.item, size: nil)
    }
    let count = plan.itemsAfter[a]
    var section = old.sections[b]
    var rebuilt = ItemList()
    rebuilt.reserveCapacity(count)
    var slot = 0
    var next = 0  // the next old item that may survive
    var leavingIndex = 0
    for reservedSlot in reserved.keys.sorted() + [count] {
      // Survivors fill the slots before the next reserved one, in their old order, in runs.
      while slot < reservedSlot {
        while leavingIndex < leaving.count && leaving[leavingIndex] < next { leavingIndex += 1 }
        let runEnd = min(
          leavingIndex < leaving.count ? leaving[leavingIndex] : items.count, next + (reservedSlot - slot))
        guard runEnd > next else {
          if next >= items.count {
            throw HostError("internal error: section \(a) ran out of items at slot \(slot) (please report it)")
          }
          next += 1  // `next` is leaving: skip it
          continue
        }
        rebuilt.append(contentsOf: items, range: next..<runEnd)
        if result.tracksPaths {
          for i in next..<runEnd { result.place(IndexPath(b, i), at: IndexPath(a, slot + i - next)) }
        }
        slot += runEnd - next
        next = runEnd
      }
      guard reservedSlot < count, let source = reserved[reservedSlot] else { break }
      switch source {
      case .old(let s, let i, let size):
        rebuilt.append(from: old.sections[s].items, at: i, size: size)
        result.place(IndexPath(s, i), at: IndexPath(a, slot))
      case .new(let insert):
        let id = insert.id ?? newID()
        rebuilt.append(DatasetItem(id: id, size: insert.size))
        result.inserted.append((IndexPath(a, slot), id))
      }
      slot += 1
    }
    section.items = rebuilt
    return section
  }

  /// The plan's item operations grouped by the section they concern (before the update for
  /// deletes, reloads and move sources; after it for inserts and move destinations).
  package struct OperationsBySection {
    package var deletes: [Int: [IndexPath]]
    package var movesOut: [Int: [(from: IndexPath, to: IndexPath)]]
    package var reloads: [Int: [BatchPlan.Reload]]
    package var inserts: [Int: [BatchPlan.Insert]]
    package var movesIn: [Int: [(from: IndexPath, to: IndexPath)]]

    package init(_ plan: BatchPlan) {
      deletes = Dictionary(grouping: plan.deletes, by: \.section)
      movesOut = Dictionary(grouping: plan.moves, by: \.from.section)
      reloads = Dictionary(grouping: plan.reloads, by: \.before.section)
      inserts = Dictionary(grouping: plan.inserts, by: \.path.section)
      movesIn = Dictionary(grouping: plan.moves, by: \.to.section)
    }
  }

  /// `s<k>` from the first k at or after `start` (old + new sections so far) that no section
  /// uses; `next` remembers where the search got to, so a batch's new ids cost linear time.
  package static func newSectionID(taken: inout Set<String>, next: inout Int, _ start: Int) -> String {
    var k = max(next, start)
    while taken.contains("s\(k)") { k += 1 }
    next = k + 1
    taken.insert("s\(k)")
    return "s\(k)"
  }

  /// The batch as the layout sees it (UICollectionViewUpdateItem).
  package static func updateItems(_ plan: BatchPlan) -> [UpdateItem] {
    var items: [UpdateItem] = []
    for s in plan.deletedSections {
      items.append(UpdateItem(action: .delete, before: IndexPath(s, IndexPath.noItem), after: nil, isSection: true))
    }
    for (s, _) in plan.insertedSections {
      items.append(UpdateItem(action: .insert, before: nil, after: IndexPath(s, IndexPath.noItem), isSection: true))
    }
    for (from, to) in plan.movedSections {
      items.append(
        UpdateItem(
          action: .move, before: IndexPath(from, IndexPath.noItem), after: IndexPath(to, IndexPath.noItem),
          isSection: true))
    }
    for (from, to) in plan.reloadedSections {
      items.append(
        UpdateItem(
          action: .reload, before: IndexPath(from, IndexPath.noItem), after: IndexPath(to, IndexPath.noItem),
          isSection: true))
    }
    for path in plan.deletes { items.append(UpdateItem(action: .delete, before: path, after: nil)) }
    for insert in plan.inserts { items.append(UpdateItem(action: .insert, before: nil, after: insert.path)) }
    for (from, to) in plan.moves { items.append(UpdateItem(action: .move, before: from, after: to)) }
    for reload in plan.reloads { items.append(UpdateItem(action: .reload, before: reload.before, after: reload.after)) }
    return items
  }
}
