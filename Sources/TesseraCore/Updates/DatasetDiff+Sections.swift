import TesseraKit

extension DatasetDiff {
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
      let moved = FewestMoves.moved(
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
