import TesseraKit

/// A batch as UIKit's checks read it (docs/uikit-behaviour.md, "performBatchUpdates"): each kind
/// of operation in its own list; identical moves and reloads once; repeated deletes and inserts
/// once per occurrence, staggered (the second delete at 0.0 takes 0.1); every list sorted in
/// UIKit's order, in which each check names its first offender (deletes descending, inserts and
/// moves ascending). Building it checks nothing and indexes nothing, so any batch builds.
package struct TypedBatch {
  package let sectionsBefore: Int
  package let itemsBefore: [Int]

  /// Staggered, descending.
  package private(set) var sectionDeletes: [Int] = []
  /// Staggered deletes and reloads, descending: the range check treats a reload as a delete.
  package private(set) var sectionDeleteLike: [Int] = []
  /// Sections deleted as typed (before staggering).
  package private(set) var typedSectionDeletes = Set<Int>()
  /// Staggered (in the order typed), ascending.
  package private(set) var sectionInserts: [(section: Int, count: Int)] = []
  /// Ascending by source, then destination.
  package private(set) var sectionMoves: [(from: Int, to: Int)] = []
  /// Descending.
  package private(set) var sectionReloads: [Int] = []
  /// Sections deleted or reloaded: their items' operations are dropped.
  package private(set) var goneSections = Set<Int>()

  /// Item deletes as typed (not staggered) and the paths deleted and reloaded as typed.
  package private(set) var typedDeletes: [IndexPath] = []
  package private(set) var typedDeletePaths = Set<IndexPath>()
  package private(set) var typedReloadPaths = Set<IndexPath>()
  /// Deletes outside gone sections, staggered around the reloads, ascending.
  package private(set) var deletes: [IndexPath] = []
  /// Deletes and reloads outside gone sections, descending.
  package private(set) var deleteLike: [IndexPath] = []
  /// Inserts in the order typed (staggered later, against the sections after the update).
  package private(set) var inserts: [BatchPlan.Insert] = []
  /// Ascending by source, then destination.
  package private(set) var moves: [(from: IndexPath, to: IndexPath)] = []
  /// Every reload, descending, and those outside gone sections.
  package private(set) var reloads: [(path: IndexPath, size: Size?)] = []
  package private(set) var keptReloads: [(path: IndexPath, size: Size?)] = []
  /// Combinations UIKit accepts but handles badly, found while typing.
  package private(set) var warnings: [String] = []

  package init(_ batch: BatchUpdate, itemsBefore: [Int]) {
    self.itemsBefore = itemsBefore
    sectionsBefore = itemsBefore.count
    sortByKind(batch.operations)
    stagger()
  }

  private mutating func sortByKind(_ operations: [BatchOperation]) {
    var insertedSections = Set<Int>()
    var reloadedSections = Set<Int>()
    var seenSectionMoves = Set<SIMD2<Int>>()
    var seenMoves = Set<SIMD4<Int>>()
    for operation in operations {
      switch operation {
      case .deleteSection(let s):
        if !typedSectionDeletes.insert(s).inserted {
          warnings.append(
            "section \(s) is deleted more than once: UIKit accepts this and deletes one section per delete (the next ones after it), but the update it animates is corrupt"
          )
        }
        sectionDeletes.append(s)
      case .insertSection(let s, let count):
        insertedSections.insert(s)
        sectionInserts.append((s, count))
      case .moveSection(let from, let to):
        if seenSectionMoves.insert(SIMD2(from, to)).inserted { sectionMoves.append((from, to)) }
      case .reloadSection(let s):
        if reloadedSections.insert(s).inserted { sectionReloads.append(s) }
      case .deleteItem(let p):
        // Each delete counts (staggered), as UIKit counts them; a device crashes later.
        if !typedDeletePaths.insert(p).inserted {
          warnings.append(
            "\(p) is deleted more than once: UIKit accepts this and deletes one item per delete (the next ones after it), but a device crashes later (UICollectionViewData)"
          )
        }
        typedDeletes.append(p)
      case .insertItem(let p, let size, let id):
        // Each insert counts, staggered (IGListKit #651).
        inserts.append(BatchPlan.Insert(path: p, size: size, id: id))
      case .moveItem(let from, let to):
        if seenMoves.insert(SIMD4(from.section, from.item, to.section, to.item)).inserted { moves.append((from, to)) }
      case .reloadItem(let p, let size):
        if typedReloadPaths.insert(p).inserted {
          reloads.append((p, size))
        } else {
          // An identical reload counts once, like an identical move; the first size stays.
          warnings.append("reload \(p) is listed more than once: it reloads once, with the first size given")
        }
      }
    }
  }

  /// Repeated deletes and inserts take the next places after them; everything in UIKit's order.
  private mutating func stagger() {
    sectionDeletes = IndexShift.staggered(sections: sectionDeletes, around: Set(sectionReloads))
    sectionDeleteLike = (sectionDeletes + sectionReloads).sorted(by: >)
    goneSections = Set(sectionDeleteLike)
    // Repeated section inserts take the next sections, in the order typed.
    let typedInserts = sectionInserts.enumerated().sorted {
      ($0.element.section, $0.offset) < ($1.element.section, $1.offset)
    }
    let slots = IndexShift.staggered(sections: typedInserts.map(\.element.section), around: [])
    sectionInserts = zip(typedInserts, slots).map { ($1, $0.element.count) }
    sectionDeletes.sort(by: >)
    sectionMoves.sort { ($0.from, $0.to) < ($1.from, $1.to) }
    sectionReloads.sort(by: >)
    moves.sort { ($0.from, $0.to) < ($1.from, $1.to) }
    reloads.sort { $0.path > $1.path }
    // Item deletes and reloads inside deleted (or reloaded) sections are dropped; each delete
    // left takes its own item.
    let gone = goneSections
    keptReloads = reloads.filter { !gone.contains($0.path.section) }
    deletes = IndexShift.staggered(
      typedDeletes.filter { !gone.contains($0.section) }, around: Set(keptReloads.map(\.path)))
    deleteLike = (deletes + keptReloads.map(\.path)).sorted(by: >)
  }
}
