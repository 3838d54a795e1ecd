import TesseraKit

/// UIKit's judgement of a batch (docs/uikit-behaviour.md, "performBatchUpdates"): the batch is
/// typed once (`TypedBatch`), UIKit's checks run in UIKit's order (`BatchRule`, the first failure
/// is the error, in UIKit's words), and what passes becomes a plan, with warnings for what UIKit
/// accepts but animates wrongly (`BatchHazard`).
///
/// Reloads split first: each is a delete at its path before the update and an insert at that
/// path shifted by the batch's deletes and inserts (moves not counted), and both take part in
/// every check — which is how a reload collides with a move from the same item (check 4) or a
/// move's destination (check 10). Duplicate deletes and inserts count once per occurrence,
/// staggered: the second delete at 0.0 takes 0.1, the second insert at 0.0 lands at 0.1.
package enum BatchValidator {
  package static func plan(_ update: BatchUpdate, itemsBefore: [Int]) throws(HostError) -> BatchPlan {
    let batch = TypedBatch(update, itemsBefore: itemsBefore)
    var after: BatchAfterUpdate?
    for rule in BatchRule.allCases {
      switch rule.stage {
      case .typed(let check):
        try check(batch)
      case .afterUpdate(let check):
        let built = after ?? BatchAfterUpdate(batch, counts: update.counts)
        after = built
        try check(built)
      }
    }
    let passed = after ?? BatchAfterUpdate(batch, counts: update.counts)
    var plan = BatchPlan(
      sectionsBefore: batch.sectionsBefore, itemsBefore: itemsBefore, sectionsAfter: passed.sectionsAfter,
      itemsAfter: passed.itemsAfter)
    plan.deletedSections = batch.sectionDeletes.sorted()
    plan.insertedSections = batch.sectionInserts
    plan.movedSections = batch.sectionMoves
    plan.reloadedSections = passed.reloadedSections
    plan.deletes = batch.deletes
    plan.inserts = passed.keptInserts
    plan.moves = batch.moves
    plan.reloads = passed.reloads.sorted { $0.before < $1.before }
    plan.sectionSources = passed.sectionSlots.compactMap { $0 }
    plan.warnings = batch.warnings + BatchHazard.allCases.flatMap { $0.warnings(passed) }
    return plan
  }
}
