import TesseraKit

extension DatasetDiff {
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
        FewestMoves.moved(
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
