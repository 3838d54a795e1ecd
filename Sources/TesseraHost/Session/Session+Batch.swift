import TesseraABI
import TesseraKit

extension Session {
  /// True between `batch` (alone) and `commit` or `cancel`: lines are batch operations.
  public var isCollectingBatch: Bool { pendingBatch != nil }

  func batchCommand(_ args: [String]) throws(HostError) -> Reply {
    if args.isEmpty {
      pendingBatch = BatchUpdate()
      return Reply(
        text: "batch: one operation a line, then 'commit' to apply them or 'cancel' to drop them",
        json: .object([("batch", .string("open"))]))
    }
    let batch = try BatchUpdate.parse(args.joined(separator: " "))
    guard !batch.operations.isEmpty || batch.counts != nil else { throw HostError.usage("batch has no operations") }
    return try performBatch(batch)
  }

  /// A line typed while a multi-line batch is open.
  func batchLine(_ words: [String]) throws(HostError) -> Reply {
    switch words.first {
    case "commit":
      guard words.count == 1 else { throw HostError("commit takes no arguments") }
      let batch = pendingBatch!
      pendingBatch = nil  // applied or refused, the batch is over either way
      return try performBatch(batch)
    case "cancel":
      guard words.count == 1 else { throw HostError("cancel takes no arguments") }
      let count = pendingBatch!.operations.count
      pendingBatch = nil
      return Reply(
        text: "batch cancelled (\(count) operation\(count == 1 ? "" : "s") dropped)",
        json: .object([("batch", .string("cancelled"))]))
    default:
      if let word = words.first, !BatchOperation.verbs.contains(word),
        Self.commands.contains(where: { $0.name == word })
      {
        throw HostError(
          "'\(word)' is a command, but a batch is open: type its operations, then 'commit' to apply them or 'cancel' to drop them"
        )
      }
      do {
        try pendingBatch!.add(words)
      } catch {
        throw HostError(error.message + " (still in the batch: 'commit' applies it, 'cancel' drops it)")
      }
      return .silent
    }
  }

  /// Validates, applies and lays out one batch; on any failure nothing changes. With a
  /// `target` (from `apply`), the batch must arrange the items exactly as the target has them,
  /// and the target's data (sizes, properties, headers) then replaces the arranged data.
  func performBatch(_ batch: BatchUpdate, target: Dataset? = nil, everything: Bool = false) throws(HostError)
    -> Reply
  {
    let plan = try BatchValidator.plan(batch, itemsBefore: model.itemCounts)
    let inserting = plan.inserts.count + plan.insertedSections.reduce(0) { $0 + $1.count }
    if inserting > 0 {
      try Limits.checkMemory(items: model.dataset.itemCount + inserting, for: "the batch's dataset")
    }
    let old = model.dataset
    let model = self.model
    var result = try BatchApplier.apply(
      plan, to: old, trackingPaths: format == .json, newID: { model.generateID(avoiding: &$0) },
      isTaken: { model.isTaken($0) })
    if let target { try land(&result, on: target) }
    let wantsAnimations = format == .json
    let beforeVisible = wantsAnimations ? try layout?.attributes(in: model.bounds) ?? [] : []
    var animations: [BatchReport.Animation]?
    let oldBounds = model.bounds
    try atomically { () throws(HostError) in
      model.applyBatch(
        result.dataset,
        removedIDs: result.deleted.map(\.id) + result.deletedSections.flatMap { old.sections[$0.section].items.ids },
        addedIDs: result.inserted.map(\.id))
      guard let layout else { return }
      let flags = TESSERA_INVALIDATE_DATA_SOURCE_COUNTS | (everything ? TESSERA_INVALIDATE_EVERYTHING : 0)
      try layout.invalidate(flags: UInt32(flags), updateItems: result.updateItems)
      try layout.prepareIfNeeded()
      try layout.prepareForUpdates(result.updateItems)
      defer { layout.finalizeUpdates() }
      if wantsAnimations {
        animations = try self.animations(
          old: old, oldBounds: oldBounds, beforeVisible: beforeVisible, result: result, layout: layout)
      }
      _ = try layout.contentSize()
    }
    let report = BatchReport(result: result, animations: animations, oldDataset: old)
    // The JSON report walks every item; build it only when it is printed.
    return Reply(text: report.text, json: wantsAnimations ? report.json : .null)
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

  /// Start and end attributes of every element visible before or after the update, matched by
  /// identity (cells by item id, supplementary views by kind and section id).
  func animations(
    old: Dataset, oldBounds: Rect, beforeVisible: [Element], result: BatchResult, layout: LayoutInstance
  ) throws(HostError) -> [BatchReport.Animation] {
    let new = model.dataset
    func identity(_ e: Element, in dataset: Dataset) -> String {
      let section = dataset.sections[e.indexPath.section]
      return e.category == .cell ? section.items.ids[e.indexPath.item] : "\(e.kind ?? "")@\(section.id)"
    }
    let afterVisible = try layout.attributes(in: model.bounds)
    var before: [String: Element] = [:]
    for e in beforeVisible { before[identity(e, in: old)] = e }
    var after: [String: Element] = [:]
    for e in afterVisible { after[identity(e, in: new)] = e }
    // The old layout, for elements that become visible but were off screen before.
    var shadow: LayoutInstance?
    func oldLayout() throws(HostError) -> LayoutInstance {
      if let shadow { return shadow }
      let made = try LayoutInstance(
        layout.layoutClass, model: CollectionModel(dataset: old, bounds: oldBounds), options: layout.options)
      shadow = made
      return made
    }
    var newSectionOf: [String: Int] = [:]
    for (a, section) in new.sections.enumerated() { newSectionOf[section.id] = a }
    var oldSectionOf: [String: Int] = [:]
    for (b, section) in old.sections.enumerated() { oldSectionOf[section.id] = b }
    var animations: [BatchReport.Animation] = []
    for e in Element.sortedForOutput(afterVisible) {
      let id = identity(e, in: new)
      let from: IndexPath?
      if e.category == .cell {
        from =
          result.newPaths.indices.lazy.compactMap { s in
            result.newPaths[s].firstIndex(of: e.indexPath).map { IndexPath(s, $0) }
          }.first
      } else {
        from = oldSectionOf[new.sections[e.indexPath.section].id].map { IndexPath($0, e.indexPath.item) }
      }
      let start: Element
      if let visible = before[id] {
        start = visible
      } else if let from, let found = try oldAttributes(e, at: from, in: oldLayout()) {
        start = found
      } else {
        start = try layout.initialAttributes(forAppearing: e)
      }
      animations.append(.init(element: e.kind ?? "cell", id: id, from: from, to: e.indexPath, start: start, end: e))
    }
    for e in Element.sortedForOutput(beforeVisible) {
      let id = identity(e, in: old)
      guard after[id] == nil else { continue }
      let to: IndexPath?
      if e.category == .cell {
        to = result.newPaths[e.indexPath.section][e.indexPath.item]
      } else {
        to = newSectionOf[old.sections[e.indexPath.section].id].map { IndexPath($0, e.indexPath.item) }
      }
      let end: Element
      if let to, let found = try oldAttributes(e, at: to, in: layout) {
        end = found
      } else {
        end = try layout.finalAttributes(forDisappearing: e)
      }
      animations.append(.init(element: e.kind ?? "cell", id: id, from: e.indexPath, to: to, start: e, end: end))
    }
    return animations
  }

  /// The attributes `instance` gives the element like `e` at `path`.
  private func oldAttributes(_ e: Element, at path: IndexPath, in instance: LayoutInstance) throws(HostError)
    -> Element?
  {
    e.category == .cell ? try instance.item(at: path) : try instance.supplementary(e.kind!, at: path)
  }
}
