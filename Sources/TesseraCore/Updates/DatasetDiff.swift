import TesseraKit

/// The batch that turns one dataset into another, matched by section and item ids (after
/// Heckel, as IGListKit does it): of the elements in both versions, only those outside a longest
/// run already in the new order move (the fewest moves). The ones that stay keep their relative
/// order, so UIKit's rule — moved and inserted elements at their destinations, the rest filling
/// the gaps in their old order — puts every one exactly where the new version has it.
///
/// The batch is one UIKit accepts and animates correctly: combinations it rejects or corrupts
/// are rewritten, and each rewrite is named.
public struct DatasetDiff {
  public var operations: [BatchOperation] = []
  public var rewrites: [String] = []
  /// Section-level data (headers, footers, props) changed: the layout must start over.
  public var sectionDataChanged = false

  /// `old` and `new` must each have unique section ids and unique item ids.
  public static func diff(from old: Dataset, to new: Dataset) -> DatasetDiff {
    var diff = DatasetDiff()
    var oldSection: [String: Int] = [:]
    for (s, section) in old.sections.enumerated() { oldSection[section.id] = s }
    var newSection: [String: Int] = [:]
    for (s, section) in new.sections.enumerated() { newSection[section.id] = s }
    var oldItem: [String: IndexPath] = [:]
    for (s, section) in old.sections.enumerated() {
      for (i, id) in section.items.ids.enumerated() { oldItem[id] = IndexPath(s, i) }
    }
    var newItem: [String: IndexPath] = [:]
    for (s, section) in new.sections.enumerated() {
      for (i, id) in section.items.ids.enumerated() { newItem[id] = IndexPath(s, i) }
    }

    // Sections in both versions, and whether their items or their own data change at all.
    func itemsChange(_ b: Int, _ a: Int) -> Bool {
      old.sections[b].items != new.sections[a].items
    }
    func dataChanges(_ b: Int, _ a: Int) -> Bool {
      let (o, n) = (old.sections[b], new.sections[a])
      return o.header != n.header || o.footer != n.footer || o.props != n.props
    }
    // A section whose own data (header, footer, props) changes is reloaded when its items stay
    // the same ones in the same order; otherwise, like one that moves and changes, it is
    // deleted and inserted with its new data.
    var recreated = Set<String>()
    for (b, section) in old.sections.enumerated() {
      guard let a = newSection[section.id], dataChanges(b, a), section.items.ids != new.sections[a].items.ids
      else { continue }
      recreated.insert(section.id)
      diff.rewrites.append(
        "section \(section.id) changes its own data and its items: deleted and inserted with its new data")
    }
    var movedSections: [(from: Int, to: Int)] = []
    while true {
      let common = old.sections.map(\.id).filter { newSection[$0] != nil && !recreated.contains($0) }
      let changes = common.filter {
        itemsChange(oldSection[$0]!, newSection[$0]!) || dataChanges(oldSection[$0]!, newSection[$0]!)
      }
      let moved = Self.movedByRank(
        common, oldOrder: old.sections.map(\.id), newOrder: new.sections.map(\.id), isCommon: Set(common),
        preferred: Set(changes))
      // A section that moves and changes is deleted and inserted with its new items: items
      // moving inside, into or out of a moved section are what UIKit rejects or animates wrongly.
      let changing = moved.filter {
        itemsChange(oldSection[$0]!, newSection[$0]!) || dataChanges(oldSection[$0]!, newSection[$0]!)
      }
      if changing.isEmpty {
        // A section whose own data changes is reloaded where the reload (shifted by the section
        // deletes and inserts, moves ignored) lands on its new place; else deleted and inserted.
        let deletedBefore = old.sections.indices.filter {
          newSection[old.sections[$0].id] == nil || recreated.contains(old.sections[$0].id)
        }
        let insertedAfter = new.sections.indices.filter {
          oldSection[new.sections[$0].id] == nil || recreated.contains(new.sections[$0].id)
        }
        let shift = BatchValidator.Shift(deleted: deletedBefore, inserted: insertedAfter)
        let movedIDs = Set(moved)
        let missing = common.filter { id in
          let (b, a) = (oldSection[id]!, newSection[id]!)
          return !movedIDs.contains(id) && dataChanges(b, a) && shift(b) != a
        }
        if missing.isEmpty {
          movedSections = moved.map { (oldSection[$0]!, newSection[$0]!) }
          break
        }
        for id in missing {
          recreated.insert(id)
          diff.rewrites.append(
            "section \(id) changes its own data where sections move: deleted and inserted (a reload would land on section \(shift(oldSection[id]!)), not \(newSection[id]!))"
          )
        }
        continue
      }
      for id in changing {
        recreated.insert(id)
        diff.rewrites.append(
          itemsChange(oldSection[id]!, newSection[id]!)
            ? "section \(id) moves and its items change: deleted and inserted with its new items"
            : "section \(id) moves and its own data changes: deleted and inserted with its new data")
      }
    }
    for (b, section) in old.sections.enumerated() where newSection[section.id] == nil || recreated.contains(section.id)
    {
      diff.operations.append(.deleteSection(b))
    }
    for (a, section) in new.sections.enumerated() where oldSection[section.id] == nil || recreated.contains(section.id)
    {
      diff.operations.append(.insertSection(a, count: section.items.count))
    }
    for (from, to) in movedSections { diff.operations.append(.moveSection(from: from, to: to)) }
    // Sections that stay in place with their items but change their own data: reloaded, their
    // items with them.
    var reloadedSections = Set<String>()
    let movedIDs = Set(movedSections.map { old.sections[$0.from].id })
    for (b, section) in old.sections.enumerated() {
      guard let a = newSection[section.id], !recreated.contains(section.id), !movedIDs.contains(section.id),
        dataChanges(b, a)
      else { continue }
      reloadedSections.insert(section.id)
      diff.operations.append(.reloadSection(b))
    }
    diff.sectionDataChanged = !reloadedSections.isEmpty || !recreated.isEmpty

    // Items of sections that stay (not deleted, inserted or recreated).
    func stays(_ sectionID: String) -> Bool {
      oldSection[sectionID] != nil && newSection[sectionID] != nil && !recreated.contains(sectionID)
    }
    var moves: [(from: IndexPath, to: IndexPath)] = []
    var inserts: [(path: IndexPath, size: Size?, id: String)] = []
    var deletes: [IndexPath] = []
    /// Items that stay in place (by rank) but whose content changed: a reload, where UIKit lets
    /// one land on the item's new place.
    var changedInPlace: [(from: IndexPath, to: IndexPath, size: Size?, id: String)] = []
    for (a, section) in new.sections.enumerated() where stays(section.id) && !reloadedSections.contains(section.id) {
      let b = oldSection[section.id]!
      // Items that are here in both versions compete for rank; the others arrive or leave.
      let common = section.items.ids.filter { oldItem[$0]?.section == b }
      let changing = common.filter { id in
        let (from, to) = (oldItem[id]!, newItem[id]!)
        return old.sections[from.section].items[from.item] != new.sections[to.section].items[to.item]
      }
      let moved = Set(
        Self.movedByRank(
          common, oldOrder: Array(old.sections[b].items.ids), newOrder: Array(section.items.ids), isCommon: Set(common),
          preferred: Set(changing)))
      for (i, id) in section.items.ids.enumerated() {
        let to = IndexPath(a, i)
        let item = section.items[i]
        if let from = oldItem[id], stays(old.sections[from.section].id) {
          let changed = old.sections[from.section].items[from.item] != item
          if from.section != b || moved.contains(id) {
            if changed {
              // A moving cell is not reloaded: it would keep its old content (IGListKit's rule).
              diff.rewrites.append("item \(id) moves and changes: deleted and inserted with its new content")
              deletes.append(from)
              inserts.append((to, item.size, id))
            } else {
              moves.append((from, to))
            }
          } else if changed {
            changedInPlace.append((from, to, item.size, id))
          }
        } else {
          if let from = oldItem[id] {
            diff.rewrites.append(
              "item \(id) leaves section \(old.sections[from.section].id), which is deleted or recreated: inserted anew"
            )
          }
          inserts.append((to, item.size, id))
        }
      }
    }
    for (b, section) in old.sections.enumerated() where stays(section.id) {
      for (i, id) in section.items.ids.enumerated() {
        guard let to = newItem[id] else {
          deletes.append(IndexPath(b, i))
          continue
        }
        if !stays(new.sections[to.section].id) {
          diff.rewrites.append(
            "item \(id) goes to section \(new.sections[to.section].id), which is inserted or recreated: deleted here")
          deletes.append(IndexPath(b, i))
        }
      }
    }
    // A reload lands where its path is shifted by the batch's deletes and inserts, ignoring moves
    // (docs/uikit-behaviour.md, "performBatchUpdates"): it is used only where that is the item's
    // new place. Elsewhere the item is deleted and inserted; each such change can move other
    // reloads' landing places, so this repeats until every reload left lands right.
    var reloads = changedInPlace
    while true {
      var deletedIn: [Int: [Int]] = [:]
      for path in deletes { deletedIn[path.section, default: []].append(path.item) }
      var insertedIn: [Int: [Int]] = [:]
      for insert in inserts { insertedIn[insert.path.section, default: []].append(insert.path.item) }
      var shifts: [SIMD2<Int>: BatchValidator.Shift] = [:]
      var landing: [(from: IndexPath, to: IndexPath, size: Size?, id: String)] = []
      var missing: [(from: IndexPath, to: IndexPath, size: Size?, id: String)] = []
      for reload in reloads {
        let key = SIMD2(reload.from.section, reload.to.section)
        let shift =
          shifts[key]
          ?? BatchValidator.Shift(
            deleted: deletedIn[reload.from.section] ?? [], inserted: insertedIn[reload.to.section] ?? [])
        shifts[key] = shift
        if shift(reload.from.item) == reload.to.item { landing.append(reload) } else { missing.append(reload) }
      }
      if missing.isEmpty {
        reloads = landing
        break
      }
      for reload in missing {
        diff.rewrites.append(
          "item \(reload.id) changes where items move: deleted and inserted (a reload would land on \(reload.to.section).\(BatchValidator.Shift(deleted: deletedIn[reload.from.section] ?? [], inserted: insertedIn[reload.to.section] ?? [])(reload.from.item)), not \(reload.to))"
        )
        deletes.append(reload.from)
        inserts.append((reload.to, reload.size, reload.id))
      }
      reloads = landing
    }
    diff.operations += moves.map { .moveItem(from: $0.from, to: $0.to) }
    diff.operations += inserts.sorted { $0.path < $1.path }.map { .insertItem($0.path, size: $0.size, id: $0.id) }
    diff.operations += deletes.sorted().map { .deleteItem($0) }
    diff.operations += reloads.map { .reloadItem($0.from, size: $0.size) }
    return diff
  }

  /// The elements of `candidates` that must move for the others to keep their relative order:
  /// all but a longest run of candidates whose old order is already the new one (a longest
  /// increasing subsequence of their old ranks, in new order) — the fewest moves. Among the
  /// longest runs it keeps one with the most `preferred` elements (those that change: kept in
  /// place they are reloaded, moved they must be deleted and inserted), then the most whose
  /// rank does not change, so a move to the same place appears only where every shortest batch
  /// needs it. n log n, with a Fenwick tree over the old ranks.
  package static func movedByRank(
    _ candidates: [String], oldOrder: [String], newOrder: [String], isCommon: Set<String>,
    preferred: Set<String> = []
  ) -> [String] {
    var oldRank: [String: Int] = [:]
    var rank = 0
    for id in oldOrder where isCommon.contains(id) {
      oldRank[id] = rank
      rank += 1
    }
    let sequence = newOrder.filter { isCommon.contains($0) }
    let ranks = sequence.map { oldRank[$0]! }
    // best[k]: the best run ending at sequence index k, as (length, elements in place, k).
    struct Run: Comparable {
      var length = 0
      var preferred = 0
      var inPlace = 0
      var end = -1
      static func < (a: Run, b: Run) -> Bool {
        (a.length, a.preferred, a.inPlace, -a.end) < (b.length, b.preferred, b.inPlace, -b.end)
      }
    }
    var tree = [Run](repeating: Run(), count: ranks.count + 1)
    func query(_ r: Int) -> Run {  // the best run over ranks 0..<r
      var best = Run()
      var i = r
      while i > 0 {
        best = max(best, tree[i])
        i -= i & -i
      }
      return best
    }
    func update(_ r: Int, _ run: Run) {
      var i = r + 1
      while i <= ranks.count {
        tree[i] = max(tree[i], run)
        i += i & -i
      }
    }
    var previous = [Int](repeating: -1, count: ranks.count)
    var overall = Run()
    for (index, value) in ranks.enumerated() {
      let before = query(value)
      previous[index] = before.end
      let run = Run(
        length: before.length + 1, preferred: before.preferred + (preferred.contains(sequence[index]) ? 1 : 0),
        inPlace: before.inPlace + (value == index ? 1 : 0), end: index)
      update(value, run)
      overall = max(overall, run)
    }
    var staying = Set<Int>()
    var cursor = overall.end
    while cursor >= 0 {
      staying.insert(cursor)
      cursor = previous[cursor]
    }
    return sequence.indices.filter { !staying.contains($0) }.map { sequence[$0] }
  }
}
