import TesseraABI
import TesseraKit

/// Invalidations as the host gathers them between passes and hands them to the plugin, merged,
/// as one C context when the next pass starts.
extension LayoutInstance {
  /// Records an invalidation; it merges with others until the next pass.
  public func invalidate(_ request: InvalidationContext) {
    if pending == nil {
      pending = request
      pendingIndex = nil
    } else {
      var index = pendingIndex.take() ?? InvalidationContext.MergeIndex(pending!)
      pending!.merge(request, index: &index)
      pendingIndex = index
    }
    isPrepared = false
  }

  public func invalidate(flags: UInt32) throws(HostError) {
    invalidate(InvalidationContext(abiFlags: flags))
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
      return invalidate(InvalidationContext(abiFlags: bounds))
    }
    try prepareIfNeeded()
    var context = tessera_invalidation_context()
    context.struct_size = abiSize(tessera_invalidation_context.self)
    let rect = newBounds.abi
    let answered = try checkOptional(
      calling(.invalidationContextForBounds) { make(instance, rect, &context) },
      "failed to build the context for a bounds change")
    record(.invalidationContextForBounds, Self.describe(newBounds), result: answered ? "" : "unsupported")
    guard answered else { return invalidate(InvalidationContext(abiFlags: bounds)) }
    var request = try request(from: context, for: "a bounds change")
    request.flags.insert(.bounds)
    invalidate(request)
  }

  /// Hands a merged invalidation to the plugin as one C context.
  func passInvalidation(_ request: InvalidationContext) throws(HostError) {
    record(.invalidate, request.summary)
    /// A kind the layout did not declare has no ABI index: refused, never sent as a cell.
    func reference(_ r: InvalidationContext.ElementRef) throws(HostError) -> tessera_element_ref {
      guard let kind = layoutClass.kindIndex(named: r.kind.description) else {
        throw HostError(
          "cannot invalidate \(r.kind) \(r.indexPath): layout '\(layoutClass.name)' declares no kind '\(r.kind)'")
      }
      return tessera_element_ref(kind: kind, indexPath: r.indexPath)
    }
    let items = request.items.map(\.abi)
    let supplementaries = try request.supplementaries.map(reference)
    let decorations = try request.decorations.map(reference)
    let preferred = request.preferredSizes.map(\.abi)
    let updates = request.updateItems.map(\.abi)
    var context = tessera_invalidation_context()
    context.struct_size = UInt32(MemoryLayout<tessera_invalidation_context>.size)
    context.flags = request.flags.rawValue
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
}
