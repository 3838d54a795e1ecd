import TesseraABI

/// The state behind one `tessera_layout_instance *`: the Swift layout, its declared kinds and
/// the memory whose lifetime the ABI promises ("valid until the next call on the instance").
final class LayoutInstanceBox {
  let layout: any CollectionLayout
  let description: LayoutDescription
  let kinds: ContiguousArray<ElementKind>
  let dataSource: UnsafeMutablePointer<tessera_data_source>
  private(set) var lastError: ContiguousArray<CChar> = [0]
  /// Arrays of the last context returned by `invalidation_context_for_preferred`.
  var returnedItems: [tessera_index_path] = []
  var returnedSupplementaries: [tessera_element_ref] = []
  var returnedDecorations: [tessera_element_ref] = []
  var returnedPreferred: [tessera_preferred_size] = []
  var returnedUpdates: [tessera_update_item] = []
  /// The context the last clock step returned (`tessera.clock/1`), the plugin's until the next
  /// call.
  let clockContext: UnsafeMutablePointer<tessera_invalidation_context> = {
    let context = UnsafeMutablePointer<tessera_invalidation_context>.allocate(capacity: 1)
    context.initialize(to: tessera_invalidation_context())
    return context
  }()
  /// The bytes the last `tessera.state/1` save returned, the plugin's until the next call.
  private var savedMotion: UnsafeMutableBufferPointer<UInt8>?
  /// Scratch records for callers whose record size differs from ours.
  var scratch: UnsafeMutablePointer<tessera_attributes>?
  var scratchCapacity = 0

  init(layout exported: ExportedLayout, dataSource: UnsafePointer<tessera_data_source>) {
    // The host promises the table outlives the instance, but copying it costs nothing and
    // guards against a host that builds it on the stack. Only the bytes inside its struct_size:
    // callbacks an older host's table lacks stay NULL (CollectionView checks struct_size).
    let copy = UnsafeMutablePointer<tessera_data_source>.allocate(capacity: 1)
    copy.initialize(to: ABIRecord(UnsafeRawPointer(dataSource), defaults: tessera_data_source()).value)
    self.dataSource = copy
    self.description = exported.description
    self.kinds = ContiguousArray(description.kinds)
    self.layout = exported.make(CollectionView(copy))
  }

  deinit {
    dataSource.deallocate()
    clockContext.deallocate()
    scratch?.deallocate()
    savedMotion?.deallocate()
  }

  /// Keeps `bytes` until the next save or the instance's end; returns where they are.
  func keepMotion(_ bytes: [UInt8]) -> UnsafePointer<UInt8>? {
    savedMotion?.deallocate()
    savedMotion = nil
    guard !bytes.isEmpty else { return nil }
    let kept = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
    _ = kept.initialize(from: bytes)
    savedMotion = kept
    return UnsafePointer(kept.baseAddress)
  }

  func clearError() {
    if lastError.count != 1 { lastError = [0] }
  }

  func fail(_ message: String) -> tessera_status {
    lastError = ContiguousArray(message.utf8CString)
    return tessera_status(TESSERA_ERROR)
  }

  /// The declared kind ABI index `index` names; nil for cells and undeclared indices.
  func kind(at index: UInt32) -> ElementKind? {
    ABIKindIndex.declaredPosition(of: index, count: kinds.count).map { kinds[$0] }
  }

  /// The ABI index of `kind`: 0 for cells, `ABIKindIndex.undeclared` for a kind the layout did
  /// not declare.
  func kindIndex(_ kind: ElementKind?) -> UInt32 {
    ABIKindIndex.index(of: kind, in: kinds) ?? ABIKindIndex.undeclared
  }

  /// A reference the host passed; nil when its kind index names no declared kind.
  func elementRef(from r: tessera_element_ref) -> InvalidationContext.ElementRef? {
    kind(at: r.kind).map { InvalidationContext.ElementRef(kind: $0, indexPath: IndexPath(r.index_path)) }
  }

  /// A reference for the host (an undeclared kind gets `ABIKindIndex.undeclared`).
  func abi(_ r: InvalidationContext.ElementRef) -> tessera_element_ref {
    tessera_element_ref(kind: kindIndex(r.kind), indexPath: r.indexPath)
  }

  /// Fills a context the host allocated (no more than its struct_size) with `context`; the
  /// arrays it points to live in this box until the next call.
  func returnContext(_ context: InvalidationContext, into out: UnsafeMutablePointer<tessera_invalidation_context>) {
    returnedItems = context.items.map(\.abi)
    returnedSupplementaries = context.supplementaries.map { abi($0) }
    returnedDecorations = context.decorations.map { abi($0) }
    returnedPreferred = context.preferredSizes.map(\.abi)
    var filled = tessera_invalidation_context()
    filled.flags = context.flags.rawValue
    let items = returnedItems.withUnsafeBufferPointer { ($0.baseAddress, $0.count) }
    let supplementaries = returnedSupplementaries.withUnsafeBufferPointer { ($0.baseAddress, $0.count) }
    let decorations = returnedDecorations.withUnsafeBufferPointer { ($0.baseAddress, $0.count) }
    let preferredSizes = returnedPreferred.withUnsafeBufferPointer { ($0.baseAddress, $0.count) }
    (filled.items, filled.item_count) = items
    (filled.supplementaries, filled.supplementary_count) = supplementaries
    (filled.decorations, filled.decoration_count) = decorations
    (filled.preferred_sizes, filled.preferred_size_count) = preferredSizes
    filled.content_size_adjustment = context.contentSizeAdjustment.abi
    filled.content_offset_adjustment = context.contentOffsetAdjustment.abi
    filled.preferred_size_stride = abiStride(tessera_preferred_size.self)
    filled.update_item_stride = abiStride(tessera_update_item.self)
    returnedUpdates = context.updateItems.map(\.abi)
    (filled.update_items, filled.update_item_count) = returnedUpdates.withUnsafeBufferPointer {
      ($0.baseAddress, $0.count)
    }
    ABIRecord.write(filled, into: UnsafeMutableRawPointer(out))
  }

  /// Runs a sink-filling query against a caller's buffer, honouring its record size; a query
  /// whose layout reports a problem (`takeQueryError`) fails with it.
  func fill(
    _ buffer: UnsafeMutablePointer<tessera_attributes_buffer>,
    _ query: (inout AttributesSink) -> Void
  ) -> tessera_status {
    let status = fillRecords(buffer, query)
    if let error = layout.takeQueryError() { return fail(error.message) }
    return status
  }

  /// `status`, unless the query that gave it reported a problem (`takeQueryError`).
  func checked(_ status: tessera_status) -> tessera_status {
    if let error = layout.takeQueryError() { return fail(error.message) }
    return status
  }

  private func fillRecords(
    _ buffer: UnsafeMutablePointer<tessera_attributes_buffer>,
    _ query: (inout AttributesSink) -> Void
  ) -> tessera_status {
    let native = MemoryLayout<tessera_attributes>.stride
    let recordSize = Int(buffer.pointee.record_size)
    let capacity = Int(buffer.pointee.capacity)
    return kinds.withUnsafeBufferPointer { kindBuffer in
      if recordSize == native {
        var sink = AttributesSink(records: buffer.pointee.records, capacity: capacity, kinds: kindBuffer)
        query(&sink)
        buffer.pointee.count = sink.count
        return tessera_status(sink.fitted ? TESSERA_OK : TESSERA_BUFFER_TOO_SMALL)
      }
      // A host built against another minor version: write through scratch at its stride.
      if scratchCapacity < capacity {
        scratch?.deallocate()
        scratch = .allocate(capacity: capacity)
        scratchCapacity = capacity
      }
      var sink = AttributesSink(records: scratch, capacity: capacity, kinds: kindBuffer)
      query(&sink)
      buffer.pointee.count = sink.count
      guard sink.fitted else { return tessera_status(TESSERA_BUFFER_TOO_SMALL) }
      let bytes = min(recordSize, MemoryLayout<tessera_attributes>.size)
      let destination = UnsafeMutableRawPointer(buffer.pointee.records!)
      for index in 0..<sink.count {
        var record = scratch![index]
        record.struct_size = UInt32(bytes)
        withUnsafeBytes(of: &record) { source in
          (destination + index * recordSize).copyMemory(from: source.baseAddress!, byteCount: bytes)
        }
      }
      return tessera_status(TESSERA_OK)
    }
  }

  func record(_ attributes: LayoutAttributes) -> tessera_attributes {
    attributes.abi(kind: kindIndex(attributes.kind))
  }

  /// Writes `attributes` into the caller's record, no more than the struct_size it set.
  func write(_ attributes: LayoutAttributes, to out: UnsafeMutablePointer<tessera_attributes>?) {
    guard let out else { return }
    ABIRecord.write(record(attributes), into: UnsafeMutableRawPointer(out))
  }

  /// Reads a record the host passed, inside its struct_size.
  func attributes(from pointer: UnsafePointer<tessera_attributes>) -> LayoutAttributes? {
    let record = ABIRecord(UnsafeRawPointer(pointer), defaults: tessera_attributes.defaults)
    guard record.declaredSize >= Int(TESSERA_ATTRIBUTES_V2_0_SIZE) else { return nil }
    return LayoutAttributes(record: record.value, kinds: Array(kinds))
  }
}
