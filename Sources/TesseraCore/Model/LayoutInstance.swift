import TesseraABI
import TesseraKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A live layout: one plugin instance reading one `CollectionModel`. Every answer the plugin
/// gives is checked (finite, non-negative sizes, index paths that exist, kinds it declared,
/// counts that add up); a bad answer becomes a `HostError` naming the layout, never a crash.
public final class LayoutInstance {
  public let layoutClass: LayoutClass
  public let model: CollectionModel
  public private(set) var options: [OptionSpec.Value]
  package let instance: OpaquePointer
  /// Where bulk queries write, with a guard page after it.
  package let buffer: RecordBuffer
  public private(set) var isPrepared = false {
    didSet { if !isPrepared { generation &+= 1 } }
  }
  /// Changes whenever the layout's state may have moved away from its last pass (options,
  /// invalidations, a failed prepare): what `WorkbenchState.atomically` checks before restoring it.
  package private(set) var generation = 0
  /// Invalidations since the last pass, merged; the plugin sees them when the next pass starts.
  public private(set) var pending: InvalidationRequest?
  /// The next prepare starts from nothing (new instance, new options, invalidate-everything).
  package var nextPrepareIsFull = true
  /// Receives one line per host→plugin call while set (`trace on`).
  public var tracer: ((String) -> Void)?
  public package(set) var stats = PluginCallStats()
  /// Every preferred size this instance accepted, by item id, in order: what a rollback replays.
  package var preferredLog: [(id: String, size: Size)] = []

  /// Counts a call and traces it; `detail` is built only when tracing.
  @inline(__always) package func record(
    _ call: PluginCall, _ arguments: @autoclosure () -> String = "", result: @autoclosure () -> String = ""
  ) {
    stats.counts[call.rawValue] &+= 1
    if let tracer {
      let outcome = result()
      tracer("\(call.name)(\(arguments()))" + (outcome.isEmpty ? "" : " = \(outcome)"))
    }
  }

  package var descriptor: tessera_layout_descriptor { layoutClass.table }

  /// Runs a call into the plugin with it marked as in flight (for the supervisor's report).
  @inline(__always) package func calling<T>(_ call: PluginCall, _ body: () -> T) -> T {
    PluginCallMarker.around(layoutClass.callerTag, call.name, body)
  }

  package func markNeedsPrepare() {
    isPrepared = false
  }

  /// A new instance with the given options (defaults for those not given), prepared.
  public init(
    _ layoutClass: LayoutClass, model: CollectionModel, options: [OptionSpec.Value]? = nil,
    tracer: ((String) -> Void)? = nil
  ) throws(HostError) {
    self.layoutClass = layoutClass
    self.tracer = tracer
    self.model = model
    self.options = options ?? layoutClass.options.map(\.defaultValue)
    guard let buffer = RecordBuffer(minimumCapacity: 1024) else {
      throw HostError("layout '\(layoutClass.name)': cannot map memory for its attributes (out of memory)")
    }
    self.buffer = buffer
    let created = PluginCallMarker.around(layoutClass.callerTag, "create") {
      layoutClass.table.create(layoutClass.descriptor, model.dataSourceTable)
    }
    guard let created else {
      throw HostError("layout '\(layoutClass.name)' could not create an instance")
    }
    instance = created
    record(.create, layoutClass.name)
    try applyOptions(self.options)
  }

  deinit {
    PluginCallMarker.around(layoutClass.callerTag, "destroy") { descriptor.destroy(instance) }
  }

  private var lastError: String {
    let message =
      calling(.lastError) { descriptor.last_error(instance) }.map { String(cString: $0) } ?? ""
    return message.isEmpty ? "(the plugin gave no message)" : message
  }

  /// `what` is built only on failure: this runs on every query.
  /// `check` for an optional call: false when the plugin answered `TESSERA_UNSUPPORTED`, which
  /// status.h lets any optional call answer — the caller then applies the call's default, as if
  /// the plugin had no such call.
  package func checkOptional(_ status: tessera_status, _ what: @autoclosure () -> String) throws(HostError) -> Bool {
    if status == tessera_status(TESSERA_UNSUPPORTED) { return false }
    try check(status, what())
    return true
  }

  package func check(_ status: tessera_status, _ what: @autoclosure () -> String) throws(HostError) {
    switch status {
    case tessera_status(TESSERA_OK): return
    case tessera_status(TESSERA_ERROR): throw HostError("layout '\(layoutClass.name)' \(what()): \(lastError)")
    default: throw HostError("layout '\(layoutClass.name)' \(what()): unexpected status \(status)")
    }
  }

  /// Sets every option; on failure the plugin keeps its old options (ABI contract) and so does
  /// this instance.
  public func applyOptions(_ values: [OptionSpec.Value]) throws(HostError) {
    let cStrings = values.map { strdup($0.text) }
    defer { for pointer in cStrings { free(pointer) } }
    var abiValues: [tessera_option_value] = []
    for (index, value) in values.enumerated() {
      let n = value.numbers + [0, 0, 0, 0]
      abiValues.append(
        tessera_option_value(
          struct_size: abiSize(tessera_option_value.self), option: UInt32(index), numbers: (n[0], n[1], n[2], n[3]),
          text: UnsafePointer(cStrings[index])))
    }
    record(.setOptions, layoutClass.options.map { "\($0.name)=\($0.format(values[$0.index]))" }.joined(separator: " "))
    try check(
      calling(.setOptions) {
        descriptor.set_options(instance, abiValues, abiValues.count, abiStride(tessera_option_value.self))
      }, "refused the options")
    options = values
    isPrepared = false
    nextPrepareIsFull = true
  }

  /// Records an invalidation; it merges with others until the next pass.
  public func invalidate(_ request: InvalidationRequest) {
    if pending == nil { pending = request } else { pending!.merge(request) }
    isPrepared = false
  }

  public func invalidate(flags: UInt32) throws(HostError) {
    invalidate(InvalidationRequest(flags: flags))
  }

  /// Asks the layout whether moving to `newBounds` invalidates it (default: no, as UIKit's base
  /// class).
  public func shouldInvalidate(forBoundsChange newBounds: Rect) -> Bool {
    let rect = newBounds.abi
    let answer: Bool
    if let ask = descriptor.should_invalidate_for_bounds {
      answer = calling(.shouldInvalidateForBounds) { ask(instance, rect) } != 0
    } else {
      answer = false  // UICollectionViewLayout's base class
    }
    record(
      .shouldInvalidateForBounds,
      Self.describe(newBounds), result: "\(answer)")
    return answer
  }

  /// What moving to `newBounds` invalidates, once `shouldInvalidate(forBoundsChange:)` said yes:
  /// the layout's own context (ABI 2.1's invalidation_context_for_bounds) with the bounds flag
  /// added, or the bounds flag alone (UIKit's empty context) when it has none. Merged until the
  /// next pass.
  public func invalidate(forBoundsChange newBounds: Rect) throws(HostError) {
    let bounds = UInt32(TESSERA_INVALIDATE_BOUNDS)
    guard let make = descriptor.invalidation_context_for_bounds else {
      return invalidate(InvalidationRequest(flags: bounds))
    }
    try prepareIfNeeded()
    var context = tessera_invalidation_context()
    context.struct_size = abiSize(tessera_invalidation_context.self)
    let rect = newBounds.abi
    let answered = try checkOptional(
      calling(.invalidationContextForBounds) { make(instance, rect, &context) },
      "failed to build the context for a bounds change")
    record(.invalidationContextForBounds, Self.describe(newBounds), result: answered ? "" : "unsupported")
    guard answered else { return invalidate(InvalidationRequest(flags: bounds)) }
    var request = try request(from: context, for: "a bounds change")
    request.flags |= bounds
    invalidate(request)
  }

  /// The start of a pass: the merged invalidation, then prepare.
  public func prepareIfNeeded() throws(HostError) {
    guard !isPrepared else { return }
    do {
      if let request = pending {
        pending = nil
        if request.invalidatesEverything { nextPrepareIsFull = true }
        try passInvalidation(request)
      }
      record(.prepare)
      if nextPrepareIsFull { stats.fullPrepares += 1 }
      try check(calling(.prepare) { descriptor.prepare(instance) }, "failed to prepare")
    } catch {
      generation &+= 1  // the plugin may be half-way: a rollback must prepare it again
      throw error
    }
    isPrepared = true
    nextPrepareIsFull = false
  }

  /// Hands a merged invalidation to the plugin as one C context.
  private func passInvalidation(_ request: InvalidationRequest) throws(HostError) {
    record(.invalidate, request.description)
    /// A kind the layout did not declare has no ABI index: refused, never sent as a cell.
    func reference(_ r: Element.Reference) throws(HostError) -> tessera_element_ref {
      guard let kind = layoutClass.kindIndex(named: r.kind) else {
        throw HostError("cannot invalidate \(r): layout '\(layoutClass.name)' declares no kind '\(r.kind)'")
      }
      return tessera_element_ref(kind: kind, indexPath: r.indexPath)
    }
    let items = request.items.map(\.abi)
    let supplementaries = try request.supplementaries.map(reference)
    let decorations = try request.decorations.map(reference)
    let preferred = request.preferredOrder.map {
      InvalidationContext.PreferredSize(indexPath: $0, size: request.preferredSizes[$0]!).abi
    }
    let updates = request.updateItems.map(\.abi)
    var context = tessera_invalidation_context()
    context.struct_size = UInt32(MemoryLayout<tessera_invalidation_context>.size)
    context.flags = request.flags
    context.content_size_adjustment = request.contentSizeAdjustment.abi
    context.content_offset_adjustment = request.contentOffsetAdjustment.abi
    context.preferred_size_stride = abiStride(tessera_preferred_size.self)
    context.update_item_stride = abiStride(tessera_update_item.self)
    let status = items.withUnsafeBufferPointer { items in
      supplementaries.withUnsafeBufferPointer { supplementaries in
        decorations.withUnsafeBufferPointer { decorations in
          preferred.withUnsafeBufferPointer { preferred in
            updates.withUnsafeBufferPointer { updates in
              context.items = items.baseAddress
              context.item_count = items.count
              context.supplementaries = supplementaries.baseAddress
              context.supplementary_count = supplementaries.count
              context.decorations = decorations.baseAddress
              context.decoration_count = decorations.count
              context.preferred_sizes = preferred.baseAddress
              context.preferred_size_count = preferred.count
              context.update_items = updates.baseAddress
              context.update_item_count = updates.count
              return calling(.invalidate) { descriptor.invalidate(instance, &context) }
            }
          }
        }
      }
    }
    try check(status, "failed to invalidate")
  }

  public func contentSize() throws(HostError) -> Size {
    try prepareIfNeeded()
    var size = tessera_size()
    try check(calling(.contentSize) { descriptor.content_size(instance, &size) }, "failed to report its content size")
    record(.contentSize, result: "\(formatNumber(size.width))x\(formatNumber(size.height))")
    guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
      throw HostError(
        .pluginBug,
        "layout '\(layoutClass.name)' reported an invalid content size \(formatNumber(size.width))x\(formatNumber(size.height)) (plugin bug)"
      )
    }
    return Size(size)
  }

  /// Runs a bulk query, growing the buffer when the plugin asks for more room.
  private func bulk(
    _ what: String, _ kind: PluginCall, _ call: (UnsafeMutablePointer<tessera_attributes_buffer>) -> tessera_status
  ) throws(HostError) -> UnsafeBufferPointer<tessera_attributes> {
    // Never nil: without `optional`, an unsupported answer is an error like any other.
    try bulk(what, kind, optional: false, call) ?? UnsafeBufferPointer(start: nil, count: 0)
  }

  /// `bulk` for a call that is optional: nil when the plugin answered `TESSERA_UNSUPPORTED`.
  private func bulk(
    _ what: String, _ kind: PluginCall, optional: Bool,
    _ call: (UnsafeMutablePointer<tessera_attributes_buffer>) -> tessera_status
  ) throws(HostError) -> UnsafeBufferPointer<tessera_attributes>? {
    try prepareIfNeeded()
    for _ in 0..<3 {
      let capacity = buffer.capacity
      var request = tessera_attributes_buffer(
        struct_size: UInt32(MemoryLayout<tessera_attributes_buffer>.size),
        record_size: UInt32(MemoryLayout<tessera_attributes>.stride), records: buffer.records, capacity: capacity,
        count: 0)
      let status = calling(kind) { call(&request) }
      // size_t arrives as Int (SIZE_MAX reads as -1), so counts are checked at both ends, and
      // against the hard maximum before any room is made.
      if status == tessera_status(TESSERA_BUFFER_TOO_SMALL) {
        guard request.count <= Limits.records else {
          throw HostError(
            .pluginBug,
            "layout '\(layoutClass.name)' \(what): asked for room for \(UInt(bitPattern: request.count)) records, more than the \(Limits.records) one query may return (plugin bug)"
          )
        }
        guard request.count > capacity else {
          throw HostError(
            .pluginBug,
            "layout '\(layoutClass.name)' \(what): said the buffer was too small but asked for \(request.count) records, no more than the \(capacity) given (plugin bug)"
          )
        }
        guard buffer.grow(to: request.count) else {
          throw HostError(
            .pluginBug,
            "layout '\(layoutClass.name)' \(what): asked for room for \(request.count) records, more memory than can be mapped (plugin bug)"
          )
        }
        continue
      }
      if optional, status == tessera_status(TESSERA_UNSUPPORTED) { return nil }
      try check(status, what)
      guard request.count >= 0, request.count <= capacity else {
        throw HostError(
          .pluginBug,
          "layout '\(layoutClass.name)' \(what): reported \(UInt(bitPattern: request.count)) records in a buffer of \(capacity) (plugin bug)"
        )
      }
      return UnsafeBufferPointer(start: buffer.records, count: request.count)
    }
    throw HostError(.pluginBug, "layout '\(layoutClass.name)' \(what): kept asking for a larger buffer (plugin bug)")
  }

  /// Elements intersecting `rect` with positive area.
  public func attributes(in rect: Rect) throws(HostError) -> [Element] {
    try rectRecords(rect).map { (record) throws(HostError) -> Element in try element(record) }
  }

  private func rectRecords(_ rect: Rect) throws(HostError) -> UnsafeBufferPointer<tessera_attributes> {
    let r = rect.abi
    let raw = try bulk("failed the rect query", .attributesInRect) { descriptor.attributes_in_rect(instance, r, $0) }
    record(.attributesInRect, Self.describe(rect), result: "\(raw.count)")
    return raw
  }

  /// The elements of `rect` (nil: every element), of which only the first `limit` in output order
  /// are kept — every record is still checked — and how many there are: what a table that stops
  /// after `limit` rows needs, without holding millions of elements.
  public func attributes(in rect: Rect?, keeping limit: Int, kinds: [String]) throws(HostError) -> (
    elements: [Element], total: Int
  ) {
    let raw: UnsafeBufferPointer<tessera_attributes>
    if let rect { raw = try rectRecords(rect) } else { raw = try allRecords() }
    var kept: [Element] = []
    for record in raw {
      kept.append(try element(record))
      if kept.count >= 2 * max(1, limit) { kept = Array(Element.sortedForOutput(kept, kinds: kinds).prefix(limit)) }
    }
    return (Array(Element.sortedForOutput(kept, kinds: kinds).prefix(limit)), raw.count)
  }

  /// Number of elements in `rect`, without converting them: the benchmark's measure of the ABI.
  public func countAttributes(in rect: Rect) throws(HostError) -> Int {
    let r = rect.abi
    let count = try bulk("failed the rect query", .attributesInRect) { descriptor.attributes_in_rect(instance, r, $0) }
      .count
    record(.attributesInRect, Self.describe(rect), result: "\(count)")
    return count
  }

  /// Every element, zero-area ones included (when the plugin can list them).
  public func allAttributes() throws(HostError) -> [Element] {
    try allRecords().map { (record) throws(HostError) -> Element in try element(record) }
  }

  private func allRecords() throws(HostError) -> UnsafeBufferPointer<tessera_attributes> {
    if let all = descriptor.all_attributes {
      let raw = try bulk("failed to list its elements", .allAttributes, optional: true) { all(instance, $0) }
      record(.allAttributes, result: raw.map { "\($0.count)" } ?? "unsupported")
      if let raw { return raw }
    }
    // Without a listing of its own, the layout is asked for a rect far around its content, so an
    // element it puts outside the content is listed (and the content-size rule sees it).
    let size = try contentSize()
    let margin = Limits.coordinate
    let r = Rect(x: -margin, y: -margin, width: size.width + 2 * margin, height: size.height + 2 * margin).abi
    return try bulk("failed the rect query", .attributesInRect) { descriptor.attributes_in_rect(instance, r, $0) }
  }

  /// A cell's attributes; nil when the layout has no such item.
  public func item(at path: IndexPath) throws(HostError) -> Element? {
    try prepareIfNeeded()
    let slot = buffer.singleRecord()
    let status = calling(.attributesForItem) {
      descriptor.attributes_for_item(instance, path.abi, slot)
    }
    let record = slot.pointee
    self.record(.attributesForItem, "\(path)")
    if status == tessera_status(TESSERA_NOT_FOUND) { return nil }
    try check(status, "failed to give item \(path)")
    let found = try element(record)
    guard found.category == .cell, found.indexPath == path else {
      throw HostError(
        .pluginBug,
        "layout '\(layoutClass.name)' answered the query for item \(path) with \(found.label) (plugin bug)")
    }
    return found
  }

  package static func describe(_ rect: Rect) -> String {
    "\(formatNumber(rect.minX)) \(formatNumber(rect.minY)) \(rect.size.formatted)"
  }

  /// Converts and checks one record from the plugin (`AnswerCheck`).
  @inline(__always)
  package func element(
    _ r: tessera_attributes, checkingPath: Bool = true, room: Int = MemoryLayout<tessera_attributes>.stride
  ) throws(HostError) -> Element {
    try AnswerCheck.element(r, of: layoutClass, in: model, checkingPath: checkingPath, room: room)
  }
}
