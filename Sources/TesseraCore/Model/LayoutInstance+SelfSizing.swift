import TesseraABI
import TesseraKit

/// Preferred layout attributes (self-sizing): the host asks the layout whether a cell's
/// preferred size invalidates it, and which context it wants.
extension LayoutInstance {
  /// `shouldInvalidateLayoutForPreferredLayoutAttributes` then
  /// `invalidationContextForPreferredLayoutAttributes`: nil when the layout keeps its
  /// attributes, else the invalidation it asks for (merged at the next pass).
  public func preferredSize(_ size: Size, for original: Element) throws(HostError) -> InvalidationContext? {
    try prepareIfNeeded()
    var preferred = original
    preferred.frame.size = size
    var preferredRecord = Self.record(preferred, kind: ABIKindIndex.cell)
    var originalRecord = Self.record(original, kind: ABIKindIndex.cell)
    let should: Bool
    if let ask = descriptor.should_invalidate_for_preferred {
      should = calling(.shouldInvalidateForPreferred) { ask(instance, &preferredRecord, &originalRecord) } != 0
    } else {
      should = false  // UICollectionViewLayout's base class
    }
    record(
      .shouldInvalidateForPreferred, "\(original.indexPath) \(size.formatted), was \(original.frame.size.formatted)",
      result: "\(should)")
    guard should else { return nil }
    // UIKit's default context: the item, with its preferred size.
    var standard = InvalidationContext()
    standard.items = [original.indexPath]
    standard.addPreferredSize(size, at: original.indexPath)
    guard let make = descriptor.invalidation_context_for_preferred else { return standard }
    var context = tessera_invalidation_context()
    context.struct_size = UInt32(MemoryLayout<tessera_invalidation_context>.size)
    let answered = try checkOptional(
      calling(.invalidationContextForPreferred) { make(instance, &preferredRecord, &originalRecord, &context) },
      "failed to build the context for a preferred size")
    record(.invalidationContextForPreferred, "\(original.indexPath)", result: answered ? "" : "unsupported")
    return answered ? try request(from: context, for: "a preferred size") : standard
  }

  /// A new instance of the same layout with the same options, fed the first `count` preferred
  /// sizes this one accepted (by item id, so batch updates in between do not matter).
  package func rebuilt(replaying count: Int) throws(HostError) -> LayoutInstance {
    let fresh = try LayoutInstance(layoutClass, model: model, options: options)
    fresh.followsScrollInsets = followsScrollInsets
    for (id, size) in preferredLog.prefix(count) {
      guard let path = model.indexPath(forID: id), let original = try fresh.item(at: path),
        let request = try fresh.preferredSize(size, for: original)
      else { continue }
      fresh.invalidate(request)
      fresh.preferredLog.append((id, size))
    }
    try fresh.prepareIfNeeded()
    return fresh
  }

  /// A plugin's C context as a request (arrays copied: they live only until the next call).
  /// `purpose` names the call in messages ("a preferred size", "a bounds change").
  package func request(from c: tessera_invalidation_context, for purpose: String) throws(HostError)
    -> InvalidationContext
  {
    guard Int(c.struct_size) >= Int(TESSERA_INVALIDATION_CONTEXT_V2_0_SIZE),
      Int(c.struct_size) <= MemoryLayout<tessera_invalidation_context>.size
    else {
      throw HostError(
        .pluginBug,
        "layout '\(layoutClass.name)' built a context for \(purpose) of \(c.struct_size) bytes: ABI \(TESSERA_ABI_MAJOR).0 contexts are at least \(TESSERA_INVALIDATION_CONTEXT_V2_0_SIZE) and no larger than the \(MemoryLayout<tessera_invalidation_context>.size) the host gave (plugin bug)"
      )
    }
    guard c.preferred_size_count == 0 || Int(c.preferred_size_stride) >= Int(TESSERA_PREFERRED_SIZE_V2_0_SIZE) else {
      throw HostError(
        .pluginBug,
        "layout '\(layoutClass.name)' built a context for \(purpose) whose preferred sizes are \(c.preferred_size_stride) bytes apart: ABI \(TESSERA_ABI_MAJOR).0 needs at least \(TESSERA_PREFERRED_SIZE_V2_0_SIZE) (plugin bug)"
      )
    }
    // Counts arrive as size_t (SIZE_MAX reads as -1): each must be sane, with a list behind it.
    for (name, count, list) in [
      ("items", c.item_count, UnsafeRawPointer(c.items)),
      ("supplementaries", c.supplementary_count, UnsafeRawPointer(c.supplementaries)),
      ("decorations", c.decoration_count, UnsafeRawPointer(c.decorations)),
      ("preferred sizes", c.preferred_size_count, UnsafeRawPointer(c.preferred_sizes)),
    ] where count != 0 && (count < 0 || count > Limits.records || list == nil) {
      throw HostError(
        .pluginBug,
        "layout '\(layoutClass.name)' built a context for \(purpose) with \(UInt(bitPattern: count)) \(name)\(list == nil ? " and no list" : ""): the most is \(Limits.records) (plugin bug)"
      )
    }
    var request = InvalidationContext(abiFlags: c.flags)
    /// A kind index the layout did not declare is its bug, never read as a cell.
    func reference(_ r: tessera_element_ref) throws(HostError) -> InvalidationContext.ElementRef {
      guard let kind = layoutClass.declaredKind(at: r.kind) else {
        throw HostError(
          .pluginBug,
          "layout '\(layoutClass.name)' built a context for \(purpose) naming \(IndexPath(r.index_path)) with undeclared kind index \(r.kind) (plugin bug)"
        )
      }
      let category: ElementCategory = kind.category == TESSERA_CATEGORY_DECORATION ? .decoration : .supplementary
      return InvalidationContext.ElementRef(
        kind: ElementKind(category, named: kind.name), indexPath: IndexPath(r.index_path))
    }
    request.items = (0..<c.item_count).map { IndexPath(c.items[$0]) }
    request.supplementaries = try (0..<c.supplementary_count).map { (i) throws(HostError) in
      try reference(c.supplementaries[i])
    }
    request.decorations = try (0..<c.decoration_count).map { (i) throws(HostError) in try reference(c.decorations[i]) }
    for i in 0..<c.preferred_size_count {
      let record = ABIRecord(
        UnsafeRawPointer(c.preferred_sizes!), at: i, stride: Int(c.preferred_size_stride),
        defaults: tessera_preferred_size())
      guard record.declaredSize >= Int(TESSERA_PREFERRED_SIZE_V2_0_SIZE),
        record.declaredSize <= Int(c.preferred_size_stride)
      else {
        throw HostError(
          .pluginBug,
          "layout '\(layoutClass.name)' built a context for \(purpose) whose preferred size \(i) is \(record.declaredSize) bytes: ABI \(TESSERA_ABI_MAJOR).0 needs at least \(TESSERA_PREFERRED_SIZE_V2_0_SIZE), and no more than its stride \(c.preferred_size_stride) (plugin bug)"
        )
      }
      let preferred = InvalidationContext.PreferredSize(record.value)
      request.addPreferredSize(preferred.size, at: preferred.indexPath)
    }
    request.contentSizeAdjustment = Size(c.content_size_adjustment)
    request.contentOffsetAdjustment = Point(c.content_offset_adjustment)
    return request
  }

  package static func record(_ e: Element, kind: UInt32) -> tessera_attributes {
    // Without custom values: the layout reads a preferred size, not its own output.
    tessera_attributes(
      category: e.category, kind: kind, indexPath: e.indexPath, frame: e.frame, zIndex: e.zIndex, alpha: e.alpha,
      isHidden: e.isHidden, transform: e.transform, depth: e.depth, custom: CustomValues())
  }
}
