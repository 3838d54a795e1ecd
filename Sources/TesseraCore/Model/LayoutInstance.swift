import TesseraABI
import TesseraKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A live layout: one plugin instance reading one `CollectionModel`, the host's side of the C
/// adapter. This file holds its state, creation, options and the layout pass; the invalidations
/// (`+Invalidation`), the queries (`+Queries`, with the buffer protocol) and the rest are beside
/// it. Every answer the plugin gives is checked (`AnswerCheck`: finite, non-negative sizes, index
/// paths that exist, kinds it declared, counts that add up); a bad answer becomes a `HostError`
/// naming the layout, never a crash. Every call is heard by its `PluginCallRecorder`.
public final class LayoutInstance {
  public let layoutClass: LayoutClass
  public let model: CollectionModel
  public private(set) var options: [OptionSpec.Value]
  package let instance: OpaquePointer
  /// Where bulk queries write, with a guard page after it.
  package let buffer: RecordBuffer
  public package(set) var isPrepared = false {
    didSet { if !isPrepared { generation &+= 1 } }
  }
  /// Changes whenever the layout's state may have moved away from its last pass (options,
  /// invalidations, a failed prepare): what `WorkbenchState.atomically` checks before restoring it.
  package private(set) var generation = 0
  /// The content size the plugin reported in the last pass. UIKit asks `collectionViewContentSize`
  /// right after `prepare()` on every pass, before any rect query, and keeps the answer until the
  /// next pass; so does the host.
  package private(set) var passContentSize = Size.zero
  /// The installed layout's passes (and those of one made to be installed) decide which axes of
  /// the collection view scroll, what the `automatic` and `scrollableAxes` inset adjustments
  /// read; a shadow layout's (a picture's, the bench's, conform's) do not.
  package var followsScrollInsets = false
  private var isSettlingInsets = false
  /// Invalidations since the last pass, merged; the plugin sees them when the next pass starts.
  public package(set) var pending: InvalidationContext? {
    didSet { if pending == nil { pendingIndex = nil } }
  }
  /// What `pending` names, while invalidations merge into it.
  var pendingIndex: InvalidationContext.MergeIndex?
  /// The next prepare starts from nothing (new instance, new options, invalidate-everything).
  package var nextPrepareIsFull = true
  /// Who hears of every call into the plugin: statistics, the trace, the engine's in-flight
  /// marker (`PluginCallRecorder`).
  package let recorder: PluginCallRecorder
  /// Receives one line per host→plugin call while set (`trace on`).
  public var tracer: ((String) -> Void)? {
    get { recorder.tracer }
    set { recorder.tracer = newValue }
  }
  public var stats: PluginCallStats {
    get { recorder.stats }
    set { recorder.stats = newValue }
  }
  /// Every preferred size this instance accepted, by item id, in order: what a rollback replays.
  package var preferredLog: [(id: String, size: Size)] = []

  /// Counts a call and traces it; `detail` is built only when tracing.
  @inline(__always) package func record(
    _ call: PluginCall, _ arguments: @autoclosure () -> String = "", result: @autoclosure () -> String = ""
  ) {
    recorder.record(call, arguments(), result: result())
  }

  package var descriptor: tessera_layout_descriptor { layoutClass.table }

  /// Runs a call into the plugin with it marked as in flight (for the supervisor's report).
  @inline(__always) package func calling<T>(_ call: PluginCall, _ body: () -> T) -> T {
    recorder.calling(call, body)
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
    self.recorder = PluginCallRecorder(caller: layoutClass.callerTag, tracer: tracer)
    self.model = model
    self.options = options ?? layoutClass.options.map(\.defaultValue)
    guard let buffer = RecordBuffer(minimumCapacity: 1024) else {
      throw HostError("layout '\(layoutClass.name)': cannot map memory for its attributes (out of memory)")
    }
    self.buffer = buffer
    let created = recorder.calling(.create) { layoutClass.table.create(layoutClass.descriptor, model.dataSourceTable) }
    guard let created else {
      throw HostError("layout '\(layoutClass.name)' could not create an instance")
    }
    instance = created
    record(.create, layoutClass.name)
    try applyOptions(self.options)
  }

  deinit {
    recorder.calling(named: "destroy") { descriptor.destroy(instance) }
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

  /// A pass, in UIKit's order: the merged invalidation, prepare, then the content size (kept in
  /// `passContentSize`); rect queries come after it.
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
      passContentSize = try askContentSize()
    } catch {
      generation &+= 1  // the plugin may be half-way: a rollback must prepare it again
      throw error
    }
    isPrepared = true
    nextPrepareIsFull = false
    try settleScrollInsets()
  }

  /// The content size decides which axes scroll, and with them which edges the safe area adds to
  /// the adjusted content inset. When that inset changes, UIKit invalidates the layout: so does
  /// the host, and lays out once more. The insets then stay as that pass read them, even when its
  /// content size would turn them back (no third pass): what the layout laid out with and what
  /// `viewport` reports always agree. Called after every pass of the installed layout, and after
  /// a bounds change (which may change the answer without a pass).
  package func settleScrollInsets() throws(HostError) {
    guard followsScrollInsets, isPrepared, !isSettlingInsets,
      model.noteScrollableAxes(contentSize: passContentSize)
    else { return }
    isSettlingInsets = true
    defer { isSettlingInsets = false }
    invalidate(InvalidationContext(abiFlags: UInt32(TESSERA_INVALIDATE_EVERYTHING)))
    try prepareIfNeeded()
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
