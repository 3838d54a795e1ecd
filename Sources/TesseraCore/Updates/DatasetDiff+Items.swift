import TesseraKit

extension DatasetDiff {
  /// What the item phases decide.
  struct ItemPlan {
    typealias Change = (from: IndexPath, to: IndexPath, size: Size?, id: String)
    var moves: [(from: IndexPath, to: IndexPath)] = []
    var inserts: [(path: IndexPath, size: Size?, id: String)] = []
    var deletes: [IndexPath] = []
    /// Items that stay in place (by rank) but whose content changed: reloaded where UIKit lets
    /// the reload land on the item's new place (`missedReloads`). `ordinal`: the old one.
    var reloads: [(change: Change, ordinal: Int)] = []
    /// Per old ordinal, whether the item was kept out of the moves: what a second planning
    /// prefers to keep again.
    var staying: [Bool] = []
  }

  /// The third phase: the items of the sections that stay (not deleted, inserted, recreated or
  /// reloaded). In each, the items there in both versions compete for rank (the fewest moves);
  /// the others arrive or leave. A moving item that changes is deleted and inserted: a moved
  /// cell keeps its old content (IGListKit's rule).
  /// Items in `replaced` (old ordinals) are deleted and inserted whatever their place
  /// (`missedReloads` found that a reload could not carry them), so they take no part in the
  /// fewest moves; among equally few moves, the items `keeping` marks (the last plan's) stay
  /// again. Linear in the items but for the fewest moves' n log n: no id is made into a string
  /// but those of the items inserted or named in a rewrite.
  mutating func planItems(
    _ match: Matching, _ sections: SectionPlan, replacing replaced: Set<Int> = [], keeping: [Bool] = []
  ) -> ItemPlan {
    let (old, new) = (match.old, match.new)
    let oldStays = old.sections.map { sections.stays($0.id, match) }
    let newStays = new.sections.map { sections.stays($0.id, match) }
    var plan = ItemPlan()
    plan.staying = [Bool](repeating: false, count: match.oldStarts.last!)
    var moving: [Bool] = []
    var sequence: [Int] = []
    var ranks: [Int32] = []
    var common: [Bool] = []
    for (a, section) in new.sections.enumerated() where newStays[a] && !sections.reloadedIDs.contains(section.id) {
      let b = match.oldSection[section.id]!
      let (oldItems, newItems) = (old.sections[b].items, section.items)
      let (oldStart, newStart) = (match.oldStarts[b], match.newStarts[a])
      // The items in both this section and its old self, in new order, and their old ranks.
      common = [Bool](repeating: false, count: oldItems.count)
      sequence.removeAll(keepingCapacity: true)
      for i in newItems.indices {
        let ordinal = Int(match.oldOrdinal[newStart + i])
        let j = ordinal - oldStart
        guard ordinal >= 0, j >= 0, j < oldItems.count, !replaced.contains(ordinal) else { continue }
        common[j] = true
        sequence.append(i)
      }
      var rankOf = [Int32](repeating: -1, count: oldItems.count)
      var rank: Int32 = 0
      for j in common.indices where common[j] {
        rankOf[j] = rank
        rank += 1
      }
      ranks = sequence.map { rankOf[Int(match.oldOrdinal[newStart + $0]) - oldStart] }
      let moved = FewestMoves.moving(ranks: ranks) { k in
        let i = sequence[k]
        let ordinal = Int(match.oldOrdinal[newStart + i])
        return (keeping.isEmpty ? false : keeping[ordinal])
          || !oldItems.sameContent(at: ordinal - oldStart, as: newItems, at: i)
      }
      moving = [Bool](repeating: false, count: newItems.count)
      for (k, i) in sequence.enumerated() {
        if moved[k] { moving[i] = true } else { plan.staying[Int(match.oldOrdinal[newStart + i])] = true }
      }
      for i in newItems.indices {
        let to = IndexPath(a, i)
        let ordinal = Int(match.oldOrdinal[newStart + i])
        let from = ordinal < 0 ? nil : match.oldPath(ordinal)
        guard let from, oldStays[from.section] else {
          if let from {
            rewrites.append(
              "item \(newItems.ids[i]) leaves section \(old.sections[from.section].id), which is deleted or recreated: inserted anew"
            )
          }
          plan.inserts.append((to, newItems.size(at: i), newItems.ids[i]))
          continue
        }
        let changed =
          from.section == b
          ? !oldItems.sameContent(at: from.item, as: newItems, at: i)
          : !old.sections[from.section].items.sameContent(at: from.item, as: newItems, at: i)
        if replaced.contains(ordinal) {
          plan.deletes.append(from)
          plan.inserts.append((to, newItems.size(at: i), newItems.ids[i]))
        } else if from.section != b || moving[i] {
          if changed {
            rewrites.append("item \(newItems.ids[i]) moves and changes: deleted and inserted with its new content")
            plan.deletes.append(from)
            plan.inserts.append((to, newItems.size(at: i), newItems.ids[i]))
          } else {
            plan.moves.append((from, to))
          }
        } else if changed {
          plan.reloads.append(((from, to, newItems.size(at: i), newItems.ids[i]), ordinal))
        }
      }
    }
    for (b, section) in old.sections.enumerated() where oldStays[b] {
      let start = match.oldStarts[b]
      for i in section.items.indices {
        let ordinal = Int(match.newOrdinal[start + i])
        guard ordinal >= 0 else {
          plan.deletes.append(IndexPath(b, i))
          continue
        }
        let to = match.newPath(ordinal)
        if !newStays[to.section] {
          rewrites.append(
            "item \(section.items.ids[i]) goes to section \(new.sections[to.section].id), which is inserted or recreated: deleted here"
          )
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
  func missedReloads(_ plan: ItemPlan) -> [(change: ItemPlan.Change, ordinal: Int)] {
    let shift = Shifts(plan)
    return plan.reloads.filter { shift.lands($0.change) != $0.change.to.item }
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
