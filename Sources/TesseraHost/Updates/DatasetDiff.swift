import TesseraKit

/// The batch that turns one dataset into another, matched by section and item ids, in linear
/// time (after Heckel, as IGListKit does it): an element counts as moved only when its rank
/// among the elements that stay differs between the two versions. The ones that stay then keep
/// their relative order, so UIKit's rule — moved and inserted elements at their destinations,
/// the rest filling the gaps in their old order — puts every one exactly where the new version
/// has it.
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

    // Sections in both versions, and whether their items change at all.
    func itemsChange(_ b: Int, _ a: Int) -> Bool {
      old.sections[b].items != new.sections[a].items
    }
    var recreated = Set<String>()
    var movedSections: [(from: Int, to: Int)] = []
    while true {
      let common = old.sections.map(\.id).filter { newSection[$0] != nil && !recreated.contains($0) }
      let moved = Self.movedByRank(
        common, oldOrder: old.sections.map(\.id), newOrder: new.sections.map(\.id), isCommon: Set(common))
      // A section that moves and changes is deleted and inserted with its new items: items
      // moving inside, into or out of a moved section are what UIKit rejects or animates wrongly.
      let changing = moved.filter { itemsChange(oldSection[$0]!, newSection[$0]!) }
      if changing.isEmpty {
        movedSections = moved.map { (oldSection[$0]!, newSection[$0]!) }
        break
      }
      for id in changing {
        recreated.insert(id)
        diff.rewrites.append("section \(id) moves and its items change: deleted and inserted with its new items")
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
    for section in new.sections {
      guard let b = oldSection[section.id] else { continue }
      let o = old.sections[b]
      if o.header != section.header || o.footer != section.footer || o.props != section.props {
        diff.sectionDataChanged = true
      }
    }

    // Items of sections that stay (not deleted, inserted or recreated).
    func stays(_ sectionID: String) -> Bool {
      oldSection[sectionID] != nil && newSection[sectionID] != nil && !recreated.contains(sectionID)
    }
    var sectionsWithMoves = Set<String>()
    var itemOperations: [BatchOperation] = []
    var changedItems: [(path: IndexPath, size: Size?, id: String)] = []
    for (a, section) in new.sections.enumerated() where stays(section.id) {
      let b = oldSection[section.id]!
      // Items that are here in both versions compete for rank; the others arrive or leave.
      let common = section.items.ids.filter { oldItem[$0]?.section == b }
      let moved = Set(
        Self.movedByRank(
          common, oldOrder: Array(old.sections[b].items.ids), newOrder: Array(section.items.ids), isCommon: Set(common))
      )
      for (i, id) in section.items.ids.enumerated() {
        let to = IndexPath(a, i)
        let item = section.items[i]
        if let from = oldItem[id], stays(old.sections[from.section].id) {
          if from.section != b || moved.contains(id) {
            itemOperations.append(.moveItem(from: from, to: to))
            sectionsWithMoves.insert(old.sections[from.section].id)
            sectionsWithMoves.insert(section.id)
            if old.sections[from.section].items[from.item] != item {
              diff.rewrites.append("item \(id) moves and changes: moved, not reloaded in the same batch")
            }
          } else if old.sections[b].items[from.item] != item {
            changedItems.append((from, item.size, id))
          }
        } else {
          if let from = oldItem[id] {
            diff.rewrites.append(
              "item \(id) leaves section \(old.sections[from.section].id), which is deleted or recreated: inserted anew"
            )
          }
          itemOperations.append(.insertItem(to, size: item.size, id: id))
        }
      }
    }
    for (b, section) in old.sections.enumerated() where stays(section.id) {
      for (i, id) in section.items.ids.enumerated() {
        guard let to = newItem[id] else {
          itemOperations.append(.deleteItem(IndexPath(b, i)))
          continue
        }
        if !stays(new.sections[to.section].id) {
          diff.rewrites.append(
            "item \(id) goes to section \(new.sections[to.section].id), which is inserted or recreated: deleted here")
          itemOperations.append(.deleteItem(IndexPath(b, i)))
        }
      }
    }
    // Reloads only where no item moves: a reload lands by the shift rule, which ignores moves
    // and so could collide with one. The data is updated either way.
    for changed in changedItems {
      if sectionsWithMoves.contains(old.sections[changed.path.section].id) {
        diff.rewrites.append("item \(changed.id) changes in a section where items move: updated without a reload")
      } else {
        itemOperations.append(.reloadItem(changed.path, size: changed.size))
      }
    }
    diff.operations += itemOperations
    return diff
  }

  /// The elements of `candidates` whose rank among the candidates differs between the two
  /// orders: the ones that must move for the others to keep their relative order.
  static func movedByRank(_ candidates: [String], oldOrder: [String], newOrder: [String], isCommon: Set<String>)
    -> [String]
  {
    var oldRank: [String: Int] = [:]
    var rank = 0
    for id in oldOrder where isCommon.contains(id) {
      oldRank[id] = rank
      rank += 1
    }
    var moved: [String] = []
    rank = 0
    for id in newOrder where isCommon.contains(id) {
      if oldRank[id] != rank { moved.append(id) }
      rank += 1
    }
    return moved
  }
}
