public import TesseraABI

/// The collection view as a layout sees it: bounds, counts, sizes and properties, read through
/// the host's data-source callbacks. Valid for the life of the layout instance it was given to.
public struct CollectionView: @unchecked Sendable {
  @usableFromInline let source: UnsafePointer<tessera_data_source>

  public init(_ source: UnsafePointer<tessera_data_source>) {
    self.source = source
  }

  /// Origin = content offset, size = viewport size.
  public var bounds: Rect {
    Rect(source.pointee.bounds(source.pointee.context))
  }

  public var numberOfSections: Int {
    Int(source.pointee.number_of_sections(source.pointee.context))
  }

  public func numberOfItems(inSection section: Int) -> Int {
    Int(source.pointee.number_of_items(source.pointee.context, Int64(section)))
  }

  /// Bulk read of item sizes: calls `body` with the metrics of every item of `section`, in
  /// chunks, so a prepare loop makes a handful of calls instead of one per item.
  @inlinable public func forEachItemMetrics(
    inSection section: Int, _ body: (Int, borrowing tessera_item_metrics) -> Void
  ) {
    let total = numberOfItems(inSection: section)
    let chunk = 1024
    withUnsafeTemporaryAllocation(of: tessera_item_metrics.self, capacity: chunk) { buffer in
      var first = 0
      while first < total {
        let wanted = Swift.min(chunk, total - first)
        let got = Int(
          source.pointee.item_metrics(
            source.pointee.context, Int64(section), Int64(first), Int64(wanted), buffer.baseAddress!,
            abiStride(tessera_item_metrics.self)))
        if got <= 0 { break }
        for offset in 0..<got { body(first + offset, buffer[offset]) }
        first += got
      }
    }
  }

  /// Bulk read for hot loops: fills `buffer` with the sizes of items `first...` of `section`
  /// (`defaultSize` where the dataset gives none) and returns how many it filled — fewer than
  /// the buffer holds only at the section's end. `scratch` receives the raw records; allocate
  /// both once per prepare (a few hundred entries) and loop over chunks: no closure, no
  /// per-item call, no allocation.
  /// With `estimatesFirst`, an item's `estimated` size wins over its `size` (what a self-sizing
  /// layout is first told, before the cell is measured).
  @inlinable public func itemSizes(
    inSection section: Int, from first: Int, defaultSize: Size, estimatesOnly: Bool = false,
    estimatesFirst: Bool = false, into buffer: UnsafeMutableBufferPointer<Size>,
    scratch: UnsafeMutableBufferPointer<tessera_item_metrics>
  ) -> Int {
    let wanted = Swift.min(buffer.count, scratch.count)
    let got = Int(
      source.pointee.item_metrics(
        source.pointee.context, Int64(section), Int64(first), Int64(wanted), scratch.baseAddress!,
        abiStride(tessera_item_metrics.self)))
    guard got > 0 else { return 0 }
    if estimatesOnly {
      // A self-sizing layout is told the estimate; the measured size arrives as a preferred one.
      for index in 0..<Swift.min(got, wanted) {
        let m = scratch[index]
        buffer[index] =
          m.flags & UInt32(TESSERA_ITEM_HAS_ESTIMATE) != 0
          ? Size(m.estimated) : defaultSize
      }
    } else if estimatesFirst {
      for index in 0..<Swift.min(got, wanted) {
        let m = scratch[index]
        buffer[index] =
          m.flags & UInt32(TESSERA_ITEM_HAS_ESTIMATE) != 0
          ? Size(m.estimated) : m.flags & UInt32(TESSERA_ITEM_HAS_SIZE) != 0 ? Size(m.size) : defaultSize
      }
    } else {
      for index in 0..<Swift.min(got, wanted) {
        let m = scratch[index]
        buffer[index] =
          m.flags & UInt32(TESSERA_ITEM_HAS_SIZE) != 0 ? Size(m.size) : defaultSize
      }
    }
    return Swift.min(got, wanted)
  }

  /// Bulk read of item sizes, `defaultSize` standing in for items the dataset gives no size:
  /// what most prepare loops want.
  /// With `estimatesFirst`, an item's `estimated` size wins over its `size`: what a self-sizing
  /// layout is first told, before the cell is measured.
  @inlinable public func forEachItemSize(
    inSection section: Int, defaultSize: Size, estimatesFirst: Bool = false, _ body: (Int, Size) -> Void
  ) {
    forEachItemMetrics(inSection: section) { index, metrics in
      if estimatesFirst, metrics.flags & UInt32(TESSERA_ITEM_HAS_ESTIMATE) != 0 {
        body(index, Size(metrics.estimated))
      } else {
        body(
          index,
          metrics.flags & UInt32(TESSERA_ITEM_HAS_SIZE) != 0
            ? Size(metrics.size) : defaultSize)
      }
    }
  }

  /// The dataset's size for one item, or nil when it gives none.
  public func itemSize(at indexPath: IndexPath) -> Size? {
    var metrics = tessera_item_metrics()
    let got = source.pointee.item_metrics(
      source.pointee.context, Int64(indexPath.section), Int64(indexPath.item), 1, &metrics,
      abiStride(tessera_item_metrics.self))
    guard got == 1, metrics.flags & UInt32(TESSERA_ITEM_HAS_SIZE) != 0 else { return nil }
    return Size(metrics.size)
  }

  /// A numeric property of an item, or of a section when `item` is nil; scalars are lists of one.
  public func numbers(_ key: String, section: Int, item: Int?) -> [Double]? {
    let path = tessera_index_path.item(item, inSection: section)
    var buffer = [Double](repeating: 0, count: 8)
    var count = key.withCString {
      source.pointee.number_property(source.pointee.context, path, $0, &buffer, Int64(buffer.count))
    }
    if count < 0 { return nil }
    if count > Int64(buffer.count) {
      buffer = [Double](repeating: 0, count: Int(count))
      count = key.withCString {
        source.pointee.number_property(source.pointee.context, path, $0, &buffer, Int64(buffer.count))
      }
    }
    return Array(buffer.prefix(Int(count)))
  }

  /// Bulk read of a numeric property for hot loops: up to `perItem` numbers of `key` for items
  /// `first...` of `section` into `out` (`perItem` a slot), their list lengths (-1: absent) into
  /// `lengths`. Returns how many items it filled. Pass a `StaticString` key: no allocation.
  @inlinable public func numbers(
    _ key: StaticString, section: Int, from first: Int, count: Int, perItem: Int,
    into out: UnsafeMutablePointer<Double>, lengths: UnsafeMutablePointer<Int64>
  ) -> Int {
    guard Int(source.pointee.struct_size) >= Self.bulkCallbackEnd, let bulk = source.pointee.number_property_bulk
    else {
      // A host without the bulk call: one call per item.
      for k in 0..<count {
        let got = key.withUTF8Buffer { _ in
          source.pointee.number_property(
            source.pointee.context, IndexPath(section, first + k).abi,
            UnsafeRawPointer(key.utf8Start).assumingMemoryBound(to: CChar.self), out + k * perItem, Int64(perItem))
        }
        lengths[k] = got
      }
      return count
    }
    return Int(
      bulk(
        source.pointee.context, Int64(section), Int64(first), Int64(count),
        UnsafeRawPointer(key.utf8Start).assumingMemoryBound(to: CChar.self), Int64(perItem), out, lengths))
  }

  /// The screen's scale in pixels per point (`viewport WxH@S`), or nil when none is set or the
  /// host is older than ABI 2.2: round to pixels only when there is one.
  public var screenScale: Double? {
    guard Int(source.pointee.struct_size) >= Self.screenScaleEnd, let call = source.pointee.screen_scale else {
      return nil
    }
    let scale = call(source.pointee.context)
    return scale.isFinite && scale > 0 ? scale : nil
  }

  /// The scroll view's insets (`viewport … inset= safeArea= margins=`; ABI 2.5), all zero on an
  /// older host. A layout that measures its width from the insets, as a Pinterest-style one does
  /// (`bounds.width - adjustedContentInset.left - adjustedContentInset.right`), reads them in
  /// prepare: the host invalidates everything when they change.
  public var scrollInsets: ScrollInsets {
    guard Int(source.pointee.struct_size) >= Self.scrollInsetsEnd, let call = source.pointee.scroll_insets else {
      return ScrollInsets()
    }
    var out = tessera_scroll_insets()
    out.struct_size = abiSize(tessera_scroll_insets.self)
    call(source.pointee.context, &out)
    return ScrollInsets(out)
  }

  /// The collection view's pan gesture (ABI 2.6): where the finger is or last was, in content
  /// coordinates, and whether it is down (`drag`). A layout that reacts to the touch, as a springy
  /// one pulls its items by their distance from it, reads it when the bounds change. On an older
  /// host: (0, 0), not down.
  public var touch: (location: Point, isDown: Bool) {
    guard Int(source.pointee.struct_size) >= Self.touchEnd, let call = source.pointee.touch_location else {
      return (Point(x: 0, y: 0), false)
    }
    var out = tessera_point(x: 0, y: 0)
    let down = call(source.pointee.context, &out)
    let location = out.x.isFinite && out.y.isFinite ? Point(x: out.x, y: out.y) : Point(x: 0, y: 0)
    return (location, down != 0)
  }

  static let touchEnd =
    MemoryLayout<tessera_data_source>.offset(of: \.touch_location)! + MemoryLayout<UnsafeRawPointer>.size

  static let scrollInsetsEnd =
    MemoryLayout<tessera_data_source>.offset(of: \.scroll_insets)! + MemoryLayout<UnsafeRawPointer>.size

  static let screenScaleEnd =
    MemoryLayout<tessera_data_source>.offset(of: \.screen_scale)! + MemoryLayout<UnsafeRawPointer>.size

  /// Where `number_property_bulk` ends in the table: a host's table at least this large has it.
  @usableFromInline static let bulkCallbackEnd =
    MemoryLayout<tessera_data_source>.offset(of: \.number_property_bulk)! + MemoryLayout<UnsafeRawPointer>.size

  /// A section's size-valued property (`header`, `footer`), or nil when absent.
  public func sectionSize(_ key: String, section: Int) -> Size? {
    guard let n = numbers(key, section: section, item: nil), n.count == 2 else { return nil }
    return Size(width: n[0], height: n[1])
  }

  /// A string property of an item, or of a section when `item` is nil.
  public func string(_ key: String, section: Int, item: Int?) -> String? {
    let path = tessera_index_path.item(item, inSection: section)
    var capacity = 64
    while true {
      var buffer = [CChar](repeating: 0, count: capacity)
      let length = key.withCString {
        source.pointee.string_property(source.pointee.context, path, $0, &buffer, Int64(capacity))
      }
      if length < 0 { return nil }
      if length < capacity {
        return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
      }
      capacity = Int(length) + 1
    }
  }

  /// Bulk references between items (ABI 2.3's `reference_bulk`): for items `first..<first +
  /// count` of `section`, the index path of the item each one's `key` prop names, or nil. On an
  /// older host, one `string_property` and one `index_path_for_id` call per item. Returns how
  /// many items it filled.
  public func references(
    _ key: StaticString, section: Int, from first: Int, count: Int, into out: UnsafeMutablePointer<IndexPath?>
  ) -> Int {
    let available = Swift.max(0, Swift.min(count, numberOfItems(inSection: section) - first))
    guard first >= 0, available > 0 else { return 0 }
    let keyPointer = UnsafeRawPointer(key.utf8Start).assumingMemoryBound(to: CChar.self)
    guard Int(source.pointee.struct_size) >= Self.referenceCallbackEnd, let bulk = source.pointee.reference_bulk else {
      for k in 0..<available {
        out[k] = string("\(key)", section: section, item: first + k).flatMap { indexPath(forItemID: $0) }
      }
      return available
    }
    return withUnsafeTemporaryAllocation(of: tessera_index_path.self, capacity: available) { buffer in
      let got = Int(
        bulk(source.pointee.context, Int64(section), Int64(first), Int64(available), keyPointer, buffer.baseAddress!))
      for k in 0..<Swift.max(0, Swift.min(got, available)) {
        let path = buffer[k]
        out[k] = path.section >= 0 && path.item >= 0 ? IndexPath(Int(path.section), Int(path.item)) : nil
      }
      return Swift.max(0, Swift.min(got, available))
    }
  }

  static let referenceCallbackEnd =
    MemoryLayout<tessera_data_source>.offset(of: \.reference_bulk)! + MemoryLayout<UnsafeRawPointer>.size

  public func indexPath(forItemID id: String) -> IndexPath? {
    var out = tessera_index_path()
    let found = id.withCString { source.pointee.index_path_for_id(source.pointee.context, $0, &out) }
    return found != 0 ? IndexPath(out) : nil
  }
}
