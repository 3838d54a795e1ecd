import TesseraKit

/// What a batch leaves, as UIKit's later checks read it: how many sections and items there are
/// after the update (the data source's counts, or the batch's own arithmetic), where each
/// section comes from, where inserts and reloads land, and how many items each section gains
/// and loses. Built once the checks on the sections and items before the update have passed
/// (`BatchRule.Stage`): it indexes the counts before the update by the sections those checks
/// kept in range.
package struct BatchAfterUpdate {
  package let batch: TypedBatch
  package let sectionsAfter: Int
  /// Set last: the batch's arithmetic reads the tallies.
  package private(set) var itemsAfter: [Int] = []
  /// Reloaded sections: before index → after index.
  package let reloadedSections: [(from: Int, to: Int)]
  /// Sections inserted, and those a reload inserts again.
  package let newSections: Set<Int>
  /// For every slot after the update (by the batch's arithmetic), where its section comes from.
  package let sectionSlots: [BatchPlan.SectionSource?]
  /// Every insert, staggered, ascending (repeated paths in the order typed).
  package let inserts: [BatchPlan.Insert]
  /// The inserts outside inserted sections.
  package let keptInserts: [BatchPlan.Insert]
  /// Each reload's delete and its insert, shifted by its section's deletes and inserts.
  package let reloads: [BatchPlan.Reload]
  /// Per-section tallies (before index for what leaves, after index for what arrives).
  package let deletedFrom: [Int: Int]
  package let movedOutOf: [Int: Int]
  package let insertedInto: [Int: Int]
  package let movedInto: [Int: Int]
  package let reloadedInto: [Int: Int]
  package let reloadedFrom: [Int: Int]

  package init(_ batch: TypedBatch, counts: [Int]?) {
    self.batch = batch
    let derivedSections = batch.sectionsBefore - batch.sectionDeletes.count + batch.sectionInserts.count
    sectionsAfter = counts?.count ?? derivedSections
    let sectionShift = IndexShift(deleted: batch.sectionDeletes, inserted: batch.sectionInserts.map(\.section))
    reloadedSections = batch.sectionReloads.map { (from: $0, to: sectionShift($0)) }
    newSections = Set(batch.sectionInserts.map(\.section) + reloadedSections.map(\.to))
    sectionSlots = Self.arrangeSections(batch, count: derivedSections, reloaded: reloadedSections)
    inserts = Self.staggeredInserts(batch.inserts)
    reloads = Self.placeReloads(batch, sectionSlots: sectionSlots, inserts: inserts)
    let newSections = newSections
    keptInserts = inserts.filter { !newSections.contains($0.path.section) }
    deletedFrom = Self.tally(batch.deletes.map(\.section))
    movedOutOf = Self.tally(batch.moves.map(\.from.section))
    insertedInto = Self.tally(keptInserts.map(\.path.section))
    movedInto = Self.tally(batch.moves.map(\.to.section))
    reloadedInto = Self.tally(reloads.map(\.after.section))
    reloadedFrom = Self.tally(reloads.map(\.before.section))
    itemsAfter = counts ?? Self.derivedItems(self)
  }

  /// Where each section goes. Only moves with a real source place a section (they are checked
  /// later), so an out-of-range one cannot index anything.
  private static func arrangeSections(
    _ batch: TypedBatch, count: Int, reloaded: [(from: Int, to: Int)]
  ) -> [BatchPlan.SectionSource?] {
    let placeableMoves = batch.sectionMoves.filter { $0.from < batch.sectionsBefore }
    let movedAway = Set(placeableMoves.map(\.from))
    return arrange(
      count: count,
      reserved: batch.sectionInserts.map { ($0.section, BatchPlan.SectionSource.inserted(count: $0.count)) }
        + placeableMoves.map { ($0.to, .existing($0.from)) } + reloaded.map { ($0.to, .reloaded($0.from)) },
      survivors: (0..<batch.sectionsBefore).filter { s in
        !batch.goneSections.contains(s) && !movedAway.contains(s)
      }.map { BatchPlan.SectionSource.existing($0) })
  }

  /// Each insert takes its own slot: a repeated path lands on the next ones after it.
  private static func staggeredInserts(_ typed: [BatchPlan.Insert]) -> [BatchPlan.Insert] {
    let slots = IndexShift.staggered(typed.map(\.path), around: [])
    // `staggered` sorts: put the inserts in that order too (repeated paths in the order typed).
    var inserts = typed.enumerated().sorted { ($0.element.path, $0.offset) < ($1.element.path, $1.offset) }.map(
      \.element)
    for index in inserts.indices { inserts[index].path = slots[index] }
    return inserts
  }

  /// Reload destinations: the path shifted by its section's deletes and inserts; one landing
  /// where an insert (or an earlier reload) does takes the next free slot.
  private static func placeReloads(
    _ batch: TypedBatch, sectionSlots: [BatchPlan.SectionSource?], inserts: [BatchPlan.Insert]
  ) -> [BatchPlan.Reload] {
    guard !batch.keptReloads.isEmpty else { return [] }
    var afterOf = [Int?](repeating: nil, count: batch.sectionsBefore)
    for (a, source) in sectionSlots.enumerated() {
      switch source {
      case .existing(let b), .reloaded(let b): afterOf[b] = a
      case .inserted, nil: break
      }
    }
    // Grouped once, so each reload's shift costs a binary search, not a pass over the batch.
    let deletedItems = Dictionary(grouping: batch.deletes, by: \.section).mapValues { $0.map(\.item) }
    let insertedItems = Dictionary(grouping: inserts.map(\.path), by: \.section).mapValues { $0.map(\.item) }
    var shifts: [SIMD2<Int>: IndexShift] = [:]
    var reloads: [BatchPlan.Reload] = []
    for reload in batch.keptReloads {
      guard let a = afterOf[reload.path.section] else { continue }
      let key = SIMD2(reload.path.section, a)
      let shift =
        shifts[key] ?? IndexShift(deleted: deletedItems[reload.path.section] ?? [], inserted: insertedItems[a] ?? [])
      shifts[key] = shift
      reloads.append(
        BatchPlan.Reload(before: reload.path, after: IndexPath(a, shift(reload.path.item)), size: reload.size))
    }
    var taken = Set(inserts.map(\.path))
    for index in reloads.indices.sorted(by: { reloads[$0].after < reloads[$1].after }) {
      var after = reloads[index].after
      while taken.contains(after) { after = IndexPath(after.section, after.item + 1) }
      taken.insert(after)
      reloads[index].after = after
    }
    return reloads
  }

  /// Items after the update, per section, by the batch's arithmetic: what a data source that
  /// followed the batch reports.
  private static func derivedItems(_ after: BatchAfterUpdate) -> [Int] {
    after.sectionSlots.enumerated().map { a, source in
      switch source {
      case .inserted(let count): count
      case .reloaded(let b): after.batch.itemsBefore[b]
      case .existing(let b):
        after.batch.itemsBefore[b] - after.deletedFrom[b, default: 0] - after.movedOutOf[b, default: 0]
          + after.insertedInto[a, default: 0] + after.movedInto[a, default: 0]
      case nil: 0
      }
    }
  }

  /// Per-section counts, taken once (a batch may touch thousands of sections).
  private static func tally(_ sections: [Int]) -> [Int: Int] {
    var counts: [Int: Int] = [:]
    for s in sections { counts[s, default: 0] += 1 }
    return counts
  }
}
