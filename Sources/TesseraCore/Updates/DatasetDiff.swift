import TesseraKit

/// The batch that turns one dataset into another, matched by section and item ids (after
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
public struct DatasetDiff {
  public var operations: [BatchOperation] = []
  public var rewrites: [String] = []
  /// Section-level data (headers, footers, props) changed: the layout must start over.
  public var sectionDataChanged = false

  /// `old` and `new` must each have unique section ids and unique item ids.
  public static func diff(from old: Dataset, to new: Dataset) -> DatasetDiff {
    var diff = DatasetDiff()
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
    var replaced: [(change: ItemPlan.Change, ordinal: Int)] = []
    var items = ItemPlan()
    while true {
      diff.rewrites = planned
      items = diff.planItems(match, sections, replacing: Set(replaced.map(\.ordinal)), keeping: items.staying)
      let missed = diff.missedReloads(items)
      if missed.isEmpty { break }
      replaced += missed
    }
    diff.rewrites += replaced.map { diff.landingRewrite($0.change, in: items) }
    diff.operations += items.moves.map { .moveItem(from: $0.from, to: $0.to) }
    diff.operations += items.inserts.sorted { $0.path < $1.path }.map {
      .insertItem($0.path, size: $0.size, id: $0.id)
    }
    diff.operations += items.deletes.sorted().map { .deleteItem($0) }
    diff.operations += items.reloads.map { .reloadItem($0.change.from, size: $0.change.size) }
    return diff
  }
}
