import TesseraCore
import TesseraKit

// The string-keyed diff that `DatasetDiff` replaced (ids matched as `String`s in dictionaries,
// the fewest moves over `String` ranks), kept as the oracle: the ordinal-keyed diff must derive
// the same operations and the same rewrites, in the same order. Slow on purpose: it is the plain
// statement of the rules.

// The batch that turns one dataset into another, matched by section and item ids (after
/// Heckel, as IGListKit does it): of the elements in both versions, only those outside a longest
/// run already in the new order move (the fewest moves). The ones that stay keep their relative
/// order, so UIKit's rule — moved and inserted elements at their destinations, the rest filling
/// the gaps in their old order — puts every one exactly where the new version has it.
///
/// The batch is one UIKit accepts and animates correctly: combinations it rejects or corrupts
/// are rewritten, and each rewrite is named. The phases, in order: match ids (`Matching`), the
/// sections (`planSections`: fewest moves; reload or replace), the items of the sections that
/// stay (`planItems`: fewest moves), reload or replace the items that change (`missedReloads`,
/// planning the items again without the reloads that cannot land).
struct StringKeyedDiff {
  var operations: [BatchOperation] = []
  var rewrites: [String] = []
  /// Section-level data (headers, footers, props) changed: the layout must start over.
  var sectionDataChanged = false

  /// `old` and `new` must each have unique section ids and unique item ids.
  static func diff(from old: Dataset, to new: Dataset) -> StringKeyedDiff {
    var diff = StringKeyedDiff()
    let match = Matching(old: old, new: new)
    let sections = diff.planSections(match)
    for (b, section) in old.sections.enumerated() where !sections.stays(section.id, match) {
      diff.operations.append(.deleteSection(b))
    }
    for (a, section) in new.sections.enumerated()
    where match.oldSection[section.id] == nil || sections.recreated.contains(section.id) {
      diff.operations.append(.insertSection(a, count: section.items.count))
    }
    for (from, to) in sections.moved { diff.operations.append(.moveSection(from: from, to: to)) }
    diff.operations += sections.reloaded.map { .reloadSection($0) }
    diff.sectionDataChanged = !sections.reloaded.isEmpty || !sections.recreated.isEmpty
    // Plan the items, then land the reloads; a reload that misses is deleted and inserted
    // instead, and the items are planned again without it (it no longer needs a place in the
    // order): each round replaces at least one item, so this ends.
    let planned = diff.rewrites
    var replaced: [ItemPlan.Change] = []
    var items = ItemPlan()
    while true {
      diff.rewrites = planned
      items = diff.planItems(match, sections, replacing: Set(replaced.map(\.id)), keeping: items.staying)
      let missed = diff.missedReloads(items)
      if missed.isEmpty { break }
      replaced += missed
    }
    diff.rewrites += replaced.map { diff.landingRewrite($0, in: items) }
    diff.operations += items.moves.map { .moveItem(from: $0.from, to: $0.to) }
    diff.operations += items.inserts.sorted { $0.path < $1.path }.map {
      .insertItem($0.path, size: $0.size, id: $0.id)
    }
    diff.operations += items.deletes.sorted().map { .deleteItem($0) }
    diff.operations += items.reloads.map { .reloadItem($0.from, size: $0.size) }
    return diff
  }
}

extension StringKeyedDiff {
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

extension StringKeyedDiff {
  /// What the section phase decides: which sections are deleted and inserted again with new
  /// data (`recreated`), which move, and which are reloaded in place.
  struct SectionPlan {
    var recreated = Set<String>()
    var moved: [(from: Int, to: Int)] = []
    /// Old indexes, ascending, and their ids.
    var reloaded: [Int] = []
    var reloadedIDs = Set<String>()

    /// Whether a section is in both versions and not recreated: its items are diffed.
    func stays(_ id: String, _ match: Matching) -> Bool {
      match.oldSection[id] != nil && match.newSection[id] != nil && !recreated.contains(id)
    }
  }

  /// The second phase: the fewest section moves, then reload or replace. A section whose own
  /// data (header, footer, props) changes is reloaded when its items stay the same ones in the
  /// same order and the reload lands on its new place; otherwise, like one that moves and
  /// changes, it is deleted and inserted with its new data. Each rewrite can change what moves,
  /// so this repeats until none is needed.
  mutating func planSections(_ match: Matching) -> SectionPlan {
    let (old, new) = (match.old, match.new)
    var plan = SectionPlan()
    for (b, section) in old.sections.enumerated() {
      guard let a = match.newSection[section.id], match.dataChanges(b, a),
        section.items.ids != new.sections[a].items.ids
      else { continue }
      plan.recreated.insert(section.id)
      rewrites.append(
        "section \(section.id) changes its own data and its items: deleted and inserted with its new data")
    }
    while true {
      let common = old.sections.map(\.id).filter { match.newSection[$0] != nil && !plan.recreated.contains($0) }
      let moved = StringFewestMoves.moved(
        common, oldOrder: old.sections.map(\.id), newOrder: new.sections.map(\.id), isCommon: Set(common),
        preferred: Set(common.filter(match.changes)))
      // A section that moves and changes is deleted and inserted with its new items: items
      // moving inside, into or out of a moved section are what UIKit rejects or animates wrongly.
      let changing = moved.filter(match.changes)
      guard changing.isEmpty else {
        for id in changing {
          plan.recreated.insert(id)
          rewrites.append(
            match.itemsChange(match.oldSection[id]!, match.newSection[id]!)
              ? "section \(id) moves and its items change: deleted and inserted with its new items"
              : "section \(id) moves and its own data changes: deleted and inserted with its new data")
        }
        continue
      }
      let missing = misplacedReloads(match, common: common, moved: Set(moved), recreated: plan.recreated)
      guard missing.isEmpty else {
        for (id, landing) in missing {
          plan.recreated.insert(id)
          rewrites.append(
            "section \(id) changes its own data where sections move: deleted and inserted (a reload would land on section \(landing), not \(match.newSection[id]!))"
          )
        }
        continue
      }
      plan.moved = moved.map { (match.oldSection[$0]!, match.newSection[$0]!) }
      break
    }
    // Sections that stay in place with their items but change their own data: reloaded, their
    // items with them.
    let movedIDs = Set(plan.moved.map { old.sections[$0.from].id })
    for (b, section) in old.sections.enumerated() {
      guard let a = match.newSection[section.id], !plan.recreated.contains(section.id),
        !movedIDs.contains(section.id), match.dataChanges(b, a)
      else { continue }
      plan.reloaded.append(b)
      plan.reloadedIDs.insert(section.id)
    }
    return plan
  }

  /// Sections whose own data changes but whose reload (shifted by the section deletes and
  /// inserts, moves ignored) would not land on their new place, with where it would land.
  private func misplacedReloads(
    _ match: Matching, common: [String], moved: Set<String>, recreated: Set<String>
  ) -> [(id: String, landing: Int)] {
    let (old, new) = (match.old, match.new)
    let deletedBefore = old.sections.indices.filter {
      match.newSection[old.sections[$0].id] == nil || recreated.contains(old.sections[$0].id)
    }
    let insertedAfter = new.sections.indices.filter {
      match.oldSection[new.sections[$0].id] == nil || recreated.contains(new.sections[$0].id)
    }
    let shift = IndexShift(deleted: deletedBefore, inserted: insertedAfter)
    return common.compactMap { id in
      let (b, a) = (match.oldSection[id]!, match.newSection[id]!)
      return !moved.contains(id) && match.dataChanges(b, a) && shift(b) != a ? (id, shift(b)) : nil
    }
  }
}

extension StringKeyedDiff {
  /// What the item phases decide.
  struct ItemPlan {
    typealias Change = (from: IndexPath, to: IndexPath, size: Size?, id: String)
    var moves: [(from: IndexPath, to: IndexPath)] = []
    var inserts: [(path: IndexPath, size: Size?, id: String)] = []
    var deletes: [IndexPath] = []
    /// Items that stay in place (by rank) but whose content changed: reloaded where UIKit lets
    /// the reload land on the item's new place (`missedReloads`).
    var reloads: [Change] = []
    /// The items kept out of the moves, by id: what a second planning prefers to keep again.
    var staying: Set<String> = []
  }

  /// The third phase: the items of the sections that stay (not deleted, inserted, recreated or
  /// reloaded). In each, the items there in both versions compete for rank (the fewest moves);
  /// the others arrive or leave. A moving item that changes is deleted and inserted: a moved
  /// cell keeps its old content (IGListKit's rule).
  /// Items in `replaced` are deleted and inserted whatever their place (`missedReloads` found that
  /// a reload could not carry them), so they take no part in the fewest moves; among equally few
  /// moves, the items in `keeping` (the last plan's) stay again.
  mutating func planItems(
    _ match: Matching, _ sections: SectionPlan, replacing replaced: Set<String> = [], keeping: Set<String> = []
  ) -> ItemPlan {
    let (old, new) = (match.old, match.new)
    var plan = ItemPlan()
    for (a, section) in new.sections.enumerated()
    where sections.stays(section.id, match) && !sections.reloadedIDs.contains(section.id) {
      let b = match.oldSection[section.id]!
      let common = section.items.ids.filter { match.oldItem[$0]?.section == b && !replaced.contains($0) }
      let changing = common.filter { id in
        let (from, to) = (match.oldItem[id]!, match.newItem[id]!)
        return old.sections[from.section].items[from.item] != new.sections[to.section].items[to.item]
      }
      let moved = Set(
        StringFewestMoves.moved(
          common, oldOrder: Array(old.sections[b].items.ids), newOrder: Array(section.items.ids),
          isCommon: Set(common), preferred: keeping.union(changing)))
      plan.staying.formUnion(common.lazy.filter { !moved.contains($0) })
      for (i, id) in section.items.ids.enumerated() {
        let to = IndexPath(a, i)
        let item = section.items[i]
        guard let from = match.oldItem[id], sections.stays(old.sections[from.section].id, match) else {
          if let from = match.oldItem[id] {
            rewrites.append(
              "item \(id) leaves section \(old.sections[from.section].id), which is deleted or recreated: inserted anew"
            )
          }
          plan.inserts.append((to, item.size, id))
          continue
        }
        let changed = old.sections[from.section].items[from.item] != item
        if replaced.contains(id) {
          plan.deletes.append(from)
          plan.inserts.append((to, item.size, id))
        } else if from.section != b || moved.contains(id) {
          if changed {
            rewrites.append("item \(id) moves and changes: deleted and inserted with its new content")
            plan.deletes.append(from)
            plan.inserts.append((to, item.size, id))
          } else {
            plan.moves.append((from, to))
          }
        } else if changed {
          plan.reloads.append((from, to, item.size, id))
        }
      }
    }
    for (b, section) in old.sections.enumerated() where sections.stays(section.id, match) {
      for (i, id) in section.items.ids.enumerated() {
        guard let to = match.newItem[id] else {
          plan.deletes.append(IndexPath(b, i))
          continue
        }
        if !sections.stays(new.sections[to.section].id, match) {
          rewrites.append(
            "item \(id) goes to section \(new.sections[to.section].id), which is inserted or recreated: deleted here")
          plan.deletes.append(IndexPath(b, i))
        }
      }
    }
    return plan
  }

  /// The last phase, reload or replace: a reload lands where its path is shifted by the batch's
  /// deletes and inserts, ignoring moves (docs/uikit-behaviour.md, "performBatchUpdates"), so it
  /// is kept only where that is the item's new place. Returns the reloads that miss: the caller
  /// plans the items again with those deleted and inserted (which changes the shifts, and may
  /// leave fewer items to move), until every reload lands.
  func missedReloads(_ plan: ItemPlan) -> [ItemPlan.Change] {
    let shift = Shifts(plan)
    return plan.reloads.filter { shift.lands($0) != $0.to.item }
  }

  /// Why an item that changed was deleted and inserted, against the final batch: where a reload
  /// of it would have landed (its own delete and insert left out).
  func landingRewrite(_ change: ItemPlan.Change, in plan: ItemPlan) -> String {
    let lands = Shifts(plan, leavingOut: change).lands(change)
    return
      "item \(change.id) changes where items move: deleted and inserted (a reload would land on \(change.to.section).\(lands), not \(change.to))"
  }

  /// The shifts a plan's deletes and inserts make, per pair of sections.
  struct Shifts {
    var deletedIn: [Int: [Int]] = [:]
    var insertedIn: [Int: [Int]] = [:]

    init(_ plan: ItemPlan, leavingOut change: ItemPlan.Change? = nil) {
      for path in plan.deletes where path != change?.from { deletedIn[path.section, default: []].append(path.item) }
      for insert in plan.inserts where insert.path != change?.to {
        insertedIn[insert.path.section, default: []].append(insert.path.item)
      }
    }

    /// Where a reload of `change` lands: its old item shifted by the deletes in its old section
    /// and the inserts in its new one.
    func lands(_ change: ItemPlan.Change) -> Int {
      IndexShift(deleted: deletedIn[change.from.section] ?? [], inserted: insertedIn[change.to.section] ?? [])(
        change.from.item)
    }
  }
}
/// The fewest moves that turn one order into another: the phase of `StringKeyedDiff` that decides,
/// for sections and for the items of each section, which stay and which move.
enum StringFewestMoves {
  /// The elements of `candidates` that must move for the others to keep their relative order:
  /// all but a longest run of candidates whose old order is already the new one (a longest
  /// increasing subsequence of their old ranks, in new order) — the fewest moves. Among the
  /// longest runs it keeps one with the most `preferred` elements (those that change: kept in
  /// place they are reloaded, moved they must be deleted and inserted), then the most whose
  /// rank does not change, so a move to the same place appears only where every shortest batch
  /// needs it. n log n, with a Fenwick tree over the old ranks.
  static func moved(
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
