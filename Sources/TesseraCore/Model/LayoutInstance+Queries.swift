import TesseraABI
import TesseraKit

/// What the layout answers: its content size, rect queries and listings through the bulk buffer
/// protocol (the plugin asks for more room, the host grows the buffer), and single items.
extension LayoutInstance {
  /// The content size of the current pass (a pass is run first if one is due).
  public func contentSize() throws(HostError) -> Size {
    try prepareIfNeeded()
    return passContentSize
  }

  /// The plugin's `content_size`, checked: the second step of every pass.
  func askContentSize() throws(HostError) -> Size {
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

  /// Elements intersecting `rect` (`Rect.intersects`, Core Graphics' rule).
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
}
