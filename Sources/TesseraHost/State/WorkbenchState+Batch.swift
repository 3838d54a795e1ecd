import TesseraABI
import TesseraKit

/// The domain operation of a batch update: UIKit's checks, the new dataset, the layout's update
/// cycle and the memo `render PATH batch` draws.
extension WorkbenchState {
  /// Validates, applies and lays out one batch; on any failure nothing changes. With a
  /// `target` (from `apply`), the batch must arrange the items exactly as the target has them,
  /// and the target's data (sizes, properties, headers) then replaces the arranged data.
  /// `animations`: also match every element's start and end attributes (what JSON reports).
  func perform(
    _ batch: BatchUpdate, target: Dataset? = nil, everything: Bool = false, animations wantsAnimations: Bool = false
  ) throws(HostError) -> BatchReport {
    let plan = try BatchValidator.plan(batch, itemsBefore: model.itemCounts)
    let inserting = plan.inserts.count + plan.insertedSections.reduce(0) { $0 + $1.count }
    if inserting > 0 {
      try Limits.checkMemory(items: model.dataset.itemCount + inserting, for: "the batch's dataset")
    }
    let old = model.dataset
    let model = self.model
    var result = try BatchApplier.apply(
      plan, to: old, trackingPaths: true, newIDs: { model.generateIDs($0, avoiding: $1) },
      taken: { model.takenIDs($0) })
    if let target { try land(&result, on: target) }
    let beforeVisible = wantsAnimations ? try layout?.attributes(in: model.bounds) ?? [] : []
    var animations: [BatchReport.Animation]?
    let oldBounds = model.bounds
    try atomically { () throws(HostError) in
      model.applyBatch(result.dataset)
      guard let layout else { return }
      // Deleted and reloaded items are measured afresh (UIKit asks a reloaded cell again): the
      // preferred sizes accepted for them no longer count, for a rebuilt instance either.
      var dropped = Set(result.deleted.map(\.id) + result.reloaded.map(\.id))
      for section in result.deletedSections.map(\.section) + result.reloadedSections.map(\.from) {
        dropped.formUnion(old.sections[section].items.ids)
      }
      if !dropped.isEmpty { layout.preferredLog.removeAll { dropped.contains($0.id) } }
      let flags = TESSERA_INVALIDATE_DATA_SOURCE_COUNTS | (everything ? TESSERA_INVALIDATE_EVERYTHING : 0)
      try layout.invalidate(flags: UInt32(flags), updateItems: result.updateItems)
      try layout.prepareIfNeeded()
      try layout.prepareForUpdates(result.updateItems)
      defer { layout.finalizeUpdates() }
      if wantsAnimations {
        animations = try BatchAnimation.match(
          old: old, oldBounds: oldBounds, beforeVisible: beforeVisible, result: result, layout: layout, model: model)
      }
      _ = try layout.contentSize()
    }
    if let layout {
      memos.lastBatchIsStale = false
      memos.lastBatch = BatchMemo(
        oldDataset: old, oldBounds: oldBounds, result: result, animated: batch.animated, layout: layout, model: model)
    }
    if !batch.animated { animations = animations?.withoutAnimation }
    return BatchReport(result: result, animations: animations, oldDataset: old, animated: batch.animated)
  }

  /// Checks that the batch put every item where `target` has it, then takes the target's data.
  private func land(_ result: inout BatchResult, on target: Dataset) throws(HostError) {
    let arranged = result.dataset
    guard arranged.sections.count == target.sections.count else {
      throw HostError(
        "internal error: the derived batch gives \(arranged.sections.count) sections, not \(target.sections.count) (please report it with both datasets)"
      )
    }
    let inserted = Set(result.insertedSections.map(\.section))
    for (a, section) in target.sections.enumerated() {
      let same =
        inserted.contains(a)
        ? arranged.sections[a].items.count == section.items.count
        : arranged.sections[a].items.ids == section.items.ids
      guard same else {
        throw HostError(
          "internal error: the derived batch does not land section \(a) (\(section.id)) on the new data (please report it with both datasets)"
        )
      }
    }
    // Items of inserted sections got generated ids; name them as the target does.
    result.inserted = result.inserted.map { entry in
      inserted.contains(entry.path.section)
        ? (entry.path, target.sections[entry.path.section].items.ids[entry.path.item]) : entry
    }
    result.insertedSections = result.insertedSections.map { ($0.section, target.sections[$0.section].id) }
    result.dataset = target
  }
}
