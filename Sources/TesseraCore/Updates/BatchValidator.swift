import Algorithms
import TesseraKit

/// UIKit's judgement of a batch (docs/uikit-behaviour.md, "performBatchUpdates"): the checks run in
/// UIKit's order, the first failure is the error, and its text is UIKit's word for word. Where
/// several operations break the same rule, the first in UIKit's sorted order is named: deletes by
/// descending index path, inserts and moves (by their source) ascending.
///
/// Reloads split first: each is a delete at its path before the update and an insert at that
/// path shifted by the batch's deletes and inserts (moves not counted), and both take part in
/// every check — which is how a reload collides with a move from the same item (check 4) or a
/// move's destination (check 10). Duplicate deletes and inserts count once per occurrence,
/// staggered: the second delete at 0.0 takes 0.1, the second insert at 0.0 lands at 0.1.
package enum BatchValidator {
  /// UIKit prints an index path as an NSIndexPath description.
  package static func ip(_ path: IndexPath) -> String { "{length = 2, path = \(path.section) - \(path.item)}" }

  package static func plan(_ batch: BatchUpdate, itemsBefore: [Int]) throws(HostError) -> BatchPlan {
    let sectionsBefore = itemsBefore.count
    var warnings: [String] = []

    // ---- normalise: each kind of operation once, in the order typed ----
    var sectionDeletes: [Int] = []
    var sectionInserts: [(section: Int, count: Int)] = []
    var sectionMoves: [(from: Int, to: Int)] = []
    var sectionReloads: [Int] = []
    var deletes: [IndexPath] = []
    var inserts: [BatchPlan.Insert] = []
    var moves: [(from: IndexPath, to: IndexPath)] = []
    var reloads: [(path: IndexPath, size: Size?)] = []
    /// Deletes and reloads together, as typed: the range checks treat a reload as a delete.
    var deleteLike: [IndexPath] = []
    var sectionDeleteLike: [Int] = []
    // What each list already holds, so normalising a batch takes linear time.
    var seenSections: [Set<Int>] = [[], [], []]  // deleted, inserted, reloaded
    var seenSectionMoves = Set<SIMD2<Int>>()
    var seenPaths: [Set<IndexPath>] = [[], [], []]  // deleted, inserted, reloaded
    var seenMoves = Set<SIMD4<Int>>()
    for operation in batch.operations {
      switch operation {
      case .deleteSection(let s):
        // Sections count once per occurrence too, staggered below.
        if !seenSections[0].insert(s).inserted {
          warnings.append(
            "section \(s) is deleted more than once: UIKit accepts this and deletes one section per delete (the next ones after it), but the update it animates is corrupt"
          )
        }
        sectionDeletes.append(s)
      case .insertSection(let s, let count):
        seenSections[1].insert(s)
        sectionInserts.append((s, count))
      case .moveSection(let from, let to):
        if seenSectionMoves.insert(SIMD2(from, to)).inserted { sectionMoves.append((from, to)) }
      case .reloadSection(let s):
        if seenSections[2].insert(s).inserted {
          sectionReloads.append(s)
          sectionDeleteLike.append(s)
        }
      case .deleteItem(let p):
        // Each delete counts (staggered below), as UIKit counts them; a device crashes later.
        if !seenPaths[0].insert(p).inserted {
          warnings.append(
            "\(p) is deleted more than once: UIKit accepts this and deletes one item per delete (the next ones after it), but a device crashes later (UICollectionViewData)"
          )
        }
        deletes.append(p)
        deleteLike.append(p)
      case .insertItem(let p, let size, let id):
        // Each insert counts, staggered below (IGListKit #651).
        seenPaths[1].insert(p)
        inserts.append(BatchPlan.Insert(path: p, size: size, id: id))
      case .moveItem(let from, let to):
        if seenMoves.insert(SIMD4(from.section, from.item, to.section, to.item)).inserted { moves.append((from, to)) }
      case .reloadItem(let p, let size):
        if seenPaths[2].insert(p).inserted {
          reloads.append((p, size))
          deleteLike.append(p)
        } else {
          // An identical reload counts once, like an identical move; the first size stays.
          warnings.append("reload \(p) is listed more than once: it reloads once, with the first size given")
        }
      }
    }

    // Repeated section deletes and inserts take the next sections after them (inserts in the
    // order typed).
    sectionDeletes = Self.staggered(
      sectionDeletes.map { IndexPath(0, $0) }, around: Set(sectionReloads.map { IndexPath(0, $0) })
    )
    .map(\.item)
    sectionDeleteLike = sectionDeletes + sectionReloads
    let typedInserts = sectionInserts.enumerated().sorted {
      ($0.element.section, $0.offset) < ($1.element.section, $1.offset)
    }
    let insertSlots = Self.staggered(typedInserts.map { IndexPath(0, $0.element.section) }, around: [])
    sectionInserts = zip(typedInserts, insertSlots).map { ($1.item, $0.element.count) }
    // UIKit's sorted order, in which each check names its first offender.
    sectionDeletes.sort(by: >)
    sectionDeleteLike.sort(by: >)
    sectionInserts.sort { $0.section < $1.section }
    sectionMoves.sort { ($0.from, $0.to) < ($1.from, $1.to) }
    sectionReloads.sort(by: >)
    moves.sort { ($0.from, $0.to) < ($1.from, $1.to) }
    reloads.sort { $0.path > $1.path }
    // 1
    for reload in reloads where seenPaths[0].contains(reload.path) {
      throw HostError("attempt to delete and reload the same index path (\(ip(reload.path)))")
    }
    for s in sectionReloads where seenSections[0].contains(s) {
      throw HostError("attempt to delete and reload the same section (\(s))")
    }
    // 2
    for s in sectionDeleteLike where s >= sectionsBefore {
      throw HostError("attempt to delete section \(s), but there are only \(sectionsBefore) sections before the update")
    }
    let goneSections = Set(sectionDeleteLike)
    // 3
    for move in sectionMoves where goneSections.contains(move.from) {
      throw HostError("attempt to perform a delete and a move from the same section (\(move.from))")
    }
    // 4: a reload's delete counts like any other.
    // (Deletes as staggered: a repeated delete that reaches a move's source counts here too.)
    let deletedOrReloaded = Set(Self.staggered(deletes, around: seenPaths[2])).union(seenPaths[2])
    for move in moves where deletedOrReloaded.contains(move.from) {
      throw HostError("attempt to perform a delete and a move from the same index path (\(ip(move.from)))")
    }
    // 5
    for move in moves where goneSections.contains(move.from.section) {
      throw HostError("cannot move an item from a deleted section (\(move.from.section))")
    }
    // Item deletes and reloads inside deleted (or reloaded) sections are dropped.
    deletes.removeAll { goneSections.contains($0.section) }
    reloads.removeAll { goneSections.contains($0.path.section) }
    // Each delete takes its own item: a repeated path takes the next ones after it.
    deletes = Self.staggered(deletes, around: Set(reloads.map(\.path)))
    deleteLike = (deletes + reloads.map(\.path)).sorted(by: >)
    // 6, 7
    for path in deleteLike {
      guard path.section < sectionsBefore else {
        throw HostError(
          "attempt to delete item \(path.item) from section \(path.section), but there are only \(sectionsBefore) sections before the update"
        )
      }
      guard path.item < itemsBefore[path.section] else {
        throw HostError(
          "attempt to delete item \(path.item) from section \(path.section) which only contains \(itemsBefore[path.section]) items before the update"
        )
      }
    }

    // ---- the sections after the update ----
    let derivedSections = sectionsBefore - sectionDeletes.count + sectionInserts.count
    let sectionsAfter = batch.counts?.count ?? derivedSections
    let sectionShift = Shift(deleted: sectionDeletes, inserted: sectionInserts.map(\.section))
    let reloadedSections = sectionReloads.map { (from: $0, to: sectionShift($0)) }
    // 8
    for s in sectionInserts.map(\.section) + reloadedSections.map(\.to) where s >= sectionsAfter {
      throw HostError("attempt to insert section \(s) but there are only \(sectionsAfter) sections after the update")
    }
    let newSections = Set(sectionInserts.map(\.section) + reloadedSections.map(\.to))
    // 9
    for move in sectionMoves where newSections.contains(move.to) {
      throw HostError("attempt to perform an insert and a move to the same section (\(move.to))")
    }
    // Where each section goes. Moves are checked later (14, 19, 20); until then only those with
    // a real source may place a section, so an out-of-range one cannot index anything.
    let placeableMoves = sectionMoves.filter { $0.from < sectionsBefore }
    let movedAway = Set(placeableMoves.map(\.from))
    let sectionSlots = arrange(
      count: derivedSections,
      reserved: sectionInserts.map { ($0.section, BatchPlan.SectionSource.inserted(count: $0.count)) }
        + placeableMoves.map { ($0.to, .existing($0.from)) } + reloadedSections.map { ($0.to, .reloaded($0.from)) },
      survivors: (0..<sectionsBefore).filter { s in
        !goneSections.contains(s) && !movedAway.contains(s)
      }.map { BatchPlan.SectionSource.existing($0) })
    var afterOf = [Int?](repeating: nil, count: sectionsBefore)
    for (a, source) in sectionSlots.enumerated() {
      switch source {
      case .existing(let b), .reloaded(let b): afterOf[b] = a
      case .inserted, nil: break
      }
    }
    // Each insert takes its own slot: a repeated path lands on the next ones after it.
    let staggeredInserts = Self.staggered(inserts.map(\.path), around: [])
    // `staggered` sorts: put the inserts in that order too (repeated paths in the order typed),
    // each at its slot.
    inserts = inserts.enumerated().sorted { ($0.element.path, $0.offset) < ($1.element.path, $1.offset) }.map(\.element)
    for index in inserts.indices { inserts[index].path = staggeredInserts[index] }
    // Reload destinations: the path shifted by the section's deletes and inserts.
    var reloadPlans: [BatchPlan.Reload] = []
    if !reloads.isEmpty {
      // Grouped once, so each reload's shift costs a binary search, not a pass over the batch.
      let deletedItems = Dictionary(grouping: deletes.map { ($0.section, $0.item) }, by: \.0).mapValues { $0.map(\.1) }
      let insertedItems = Dictionary(grouping: inserts.map { ($0.path.section, $0.path.item) }, by: \.0).mapValues {
        $0.map(\.1)
      }
      var shifts: [SIMD2<Int>: Shift] = [:]
      for reload in reloads {
        guard let a = afterOf[reload.path.section] else { continue }
        let key = SIMD2(reload.path.section, a)
        let shift =
          shifts[key]
          ?? Shift(deleted: deletedItems[reload.path.section] ?? [], inserted: insertedItems[a] ?? [])
        shifts[key] = shift
        reloadPlans.append(
          BatchPlan.Reload(before: reload.path, after: IndexPath(a, shift(reload.path.item)), size: reload.size))
      }
      // A reload's insert that lands where another insert does counts too: the later slot.
      Self.staggerReloads(&reloadPlans, after: Set(inserts.map(\.path)))
    }
    // 10
    let insertLike = Set(inserts.map(\.path) + reloadPlans.map(\.after))
    for move in moves where insertLike.contains(move.to) {
      throw HostError("attempt to perform an insert and a move to the same index path (\(ip(move.to)))")
    }
    // 11
    for move in moves where newSections.contains(move.to.section) {
      throw HostError("cannot move an item into a newly inserted section (\(move.to.section))")
    }
    // Item inserts inside inserted sections are dropped.
    inserts.removeAll { newSections.contains($0.path.section) }

    // Per-section tallies, counted once (a batch may touch thousands of sections).
    func tally<S: Sequence>(_ sections: S) -> [Int: Int] where S.Element == Int {
      var counts: [Int: Int] = [:]
      for s in sections { counts[s, default: 0] += 1 }
      return counts
    }
    let deletedFrom = tally(deletes.map(\.section))
    let movedOutOf = tally(moves.map(\.from.section))
    let insertedInto = tally(inserts.map(\.path.section))
    let movedInto = tally(moves.map(\.to.section))
    // Items after the update, per section: what the data source reports.
    var derivedItems = [Int](repeating: 0, count: derivedSections)
    for a in 0..<derivedSections {
      switch sectionSlots[a] {
      case .inserted(let count): derivedItems[a] = count
      case .reloaded(let b): derivedItems[a] = itemsBefore[b]
      case .existing(let b):
        derivedItems[a] =
          itemsBefore[b] - deletedFrom[b, default: 0] - movedOutOf[b, default: 0] + insertedInto[a, default: 0]
          + movedInto[a, default: 0]
      case nil: break
      }
    }
    let itemsAfter = batch.counts ?? derivedItems
    // 12, 13
    for path in (inserts.map(\.path) + reloadPlans.map(\.after)).sorted() {
      guard path.section < sectionsAfter else {
        throw HostError(
          "attempt to insert item \(path.item) into section \(path.section), but there are only \(sectionsAfter) sections after the update"
        )
      }
      guard path.item < itemsAfter[path.section] else {
        throw HostError(
          "attempt to insert item \(path.item) into section \(path.section), but there are only \(itemsAfter[path.section]) items in section \(path.section) after the update"
        )
      }
    }
    // 14
    for move in sectionMoves {
      guard move.from < sectionsBefore else {
        throw HostError(
          "attempt to move section \(move.from), but there are only \(sectionsBefore) sections before the update")
      }
      guard move.to < sectionsAfter else {
        throw HostError(
          "attempt to move section \(move.from) to section \(move.to), but there are only \(sectionsAfter) sections after the update"
        )
      }
    }
    // 15–18
    for move in moves {
      guard move.from.section < sectionsBefore else {
        throw HostError(
          "attempt to move index path (\(ip(move.from))) from a section that does not exist - there are only \(sectionsBefore) sections before the update"
        )
      }
      guard move.from.item < itemsBefore[move.from.section] else {
        throw HostError(
          "attempt to move index path (\(ip(move.from))) that does not exist - there are only \(itemsBefore[move.from.section]) items in section \(move.from.section) before the update"
        )
      }
    }
    for move in moves {
      guard move.to.section < sectionsAfter else {
        throw HostError(
          "attempt to move index path (\(ip(move.from))) to index path (\(ip(move.to))) in section that does not exist - there are only \(sectionsAfter) sections after the update"
        )
      }
      guard move.to.item < itemsAfter[move.to.section] else {
        throw HostError(
          "attempt to move index path (\(ip(move.from))) to index path (\(ip(move.to))) that does not exist - there are only \(itemsAfter[move.to.section]) items in section \(move.to.section) after the update"
        )
      }
    }
    // 19 (the first earlier move from the same place is the one named)
    var movedFrom: [IndexPath: IndexPath] = [:]
    for move in moves {
      if let otherTo = movedFrom[move.from] {
        throw HostError(
          "attempt to move item at index path \(ip(move.from)) to both \(ip(otherTo)) and \(ip(move.to))")
      }
      movedFrom[move.from] = move.to
    }
    var sectionMovedFrom: [Int: Int] = [:]
    for move in sectionMoves {
      if let otherTo = sectionMovedFrom[move.from] {
        throw HostError("attempt to move section \(move.from) to both section \(otherTo) and section \(move.to)")
      }
      sectionMovedFrom[move.from] = move.to
    }
    // 20
    var movedTo: [IndexPath: IndexPath] = [:]
    for move in moves {
      if let otherFrom = movedTo[move.to] {
        throw HostError(
          "attempt to move both item at index path \(ip(otherFrom)) and \(ip(move.from)) to \(ip(move.to))")
      }
      movedTo[move.to] = move.from
    }
    var sectionMovedTo: [Int: (from: Int, to: Int)] = [:]
    for move in sectionMoves {
      if let other = sectionMovedTo[move.to] {
        throw HostError("attempt to move both section \(other.from) and section \(move.from) to section \(move.to)")
      }
      sectionMovedTo[move.to] = move
    }
    // 21
    let sectionsInserted = sectionInserts.count + reloadedSections.count
    let sectionsDeleted = sectionDeletes.count + reloadedSections.count
    if sectionsAfter != sectionsBefore + sectionsInserted - sectionsDeleted {
      throw HostError(
        "Invalid update: invalid number of sections.  The number of sections contained in the collection view after the update (\(sectionsAfter)) must be equal to the number of sections contained in the collection view before the update (\(sectionsBefore)), plus or minus the number of sections inserted or deleted (\(sectionsInserted) inserted, \(sectionsDeleted) deleted)."
      )
    }
    // 22
    let reloadedInto = tally(reloadPlans.map(\.after.section))
    let reloadedFrom = tally(reloadPlans.map(\.before.section))
    for a in 0..<sectionsAfter {
      guard a < sectionSlots.count, case .existing(let b) = sectionSlots[a] else { continue }
      let inserted = insertedInto[a, default: 0] + reloadedInto[a, default: 0]
      let deleted = deletedFrom[b, default: 0] + reloadedFrom[b, default: 0]
      let movedIn = movedInto[a, default: 0]
      let movedOut = movedOutOf[b, default: 0]
      if itemsAfter[a] != itemsBefore[b] + inserted - deleted + movedIn - movedOut {
        throw HostError(
          "Invalid update: invalid number of items in section \(a).  The number of items contained in an existing section after the update (\(itemsAfter[a])) must be equal to the number of items contained in that section before the update (\(itemsBefore[b])), plus or minus the number of items inserted or deleted from that section (\(inserted) inserted, \(deleted) deleted) and plus or minus the number of items moved into or out of that section (\(movedIn) moved in, \(movedOut) moved out)."
        )
      }
    }

    // Accepted, but corrupting: items inserted into, deleted from or moved within, into or out of
    // a section that moves (IGListKit rewrites such a section move as a delete and an insert).
    let hazard = "UIKit accepts this, but the update it animates is corrupt (delete and insert the section instead)"
    for insert in inserts {
      if let move = sectionMovedTo[insert.path.section] {
        warnings.append(
          "insert \(insert.path) puts an item into section \(insert.path.section), which moves (move-section \(move.from) \(move.to)): \(hazard)"
        )
      }
    }
    for path in deletes.reversed() {
      if let to = sectionMovedFrom[path.section] {
        warnings.append(
          "delete \(path) takes an item out of section \(path.section), which moves (move-section \(path.section) \(to)): \(hazard)"
        )
      }
    }
    for move in moves {
      if let to = sectionMovedFrom[move.from.section] {
        warnings.append(
          "move \(move.from) \(move.to) takes an item out of section \(move.from.section), which moves (move-section \(move.from.section) \(to)): \(hazard)"
        )
      } else if let section = sectionMovedTo[move.to.section] {
        warnings.append(
          "move \(move.from) \(move.to) puts an item into section \(move.to.section), which moves (move-section \(section.from) \(section.to)): \(hazard)"
        )
      }
    }

    var plan = BatchPlan(
      sectionsBefore: sectionsBefore, itemsBefore: itemsBefore, sectionsAfter: sectionsAfter, itemsAfter: itemsAfter)
    plan.deletedSections = sectionDeletes.sorted()
    plan.insertedSections = sectionInserts
    plan.movedSections = sectionMoves
    plan.reloadedSections = reloadedSections
    plan.deletes = deletes
    plan.inserts = inserts
    plan.moves = moves
    plan.reloads = reloadPlans.sorted { $0.before < $1.before }
    plan.sectionSources = sectionSlots.map { $0! }
    plan.warnings = warnings
    return plan
  }

  /// Paths in ascending order, each repeated one moved to the next free item after it in its
  /// section (`[0.0, 0.0, 0.1]` → `[0.0, 0.1, 0.2]`), skipping `taken` paths: what UIKit's
  /// per-occurrence counting does with duplicates.
  package static func staggered(_ paths: [IndexPath], around taken: Set<IndexPath>) -> [IndexPath] {
    var result: [IndexPath] = []
    result.reserveCapacity(paths.count)
    var previous: IndexPath?
    for path in paths.sorted() {
      var item = path.item
      if let previous, previous.section == path.section { item = max(item, previous.item + 1) }
      while taken.contains(IndexPath(path.section, item)) { item += 1 }
      let placed = IndexPath(path.section, item)
      result.append(placed)
      previous = placed
    }
    return result
  }

  /// Reload destinations made distinct from the inserts and from each other: a reload landing on
  /// a taken slot takes the next free one.
  package static func staggerReloads(_ reloads: inout [BatchPlan.Reload], after inserts: Set<IndexPath>) {
    var taken = inserts
    for index in reloads.indices.sorted(by: { reloads[$0].after < reloads[$1].after }) {
      var after = reloads[index].after
      while taken.contains(after) { after = IndexPath(after.section, after.item + 1) }
      taken.insert(after)
      reloads[index].after = after
    }
  }

  /// Where an index lands when `deleted` indexes (before) go and `inserted` ones (after) arrive:
  /// deletes first, then inserts in ascending order. Sorted once; each index costs two binary
  /// searches, so a batch of many reloads takes n log n, not n².
  package struct Shift {
    package let deleted: [Int]
    /// `inserted[j] - j`, ascending: an insert at `i` pushes an index up when `i` is at most
    /// the index as pushed by the inserts before it.
    package let insertedLessRank: [Int]

    package init(deleted: [Int], inserted: [Int]) {
      self.deleted = deleted.sorted()
      insertedLessRank = Array(Set(inserted)).sorted().enumerated().map { $0.element - $0.offset }
    }

    package func callAsFunction(_ index: Int) -> Int {
      let base = index - deleted.partitioningIndex { $0 >= index }
      return base + insertedLessRank.partitioningIndex { $0 > base }
    }
  }
}
