import TesseraABI
import TesseraKit

/// The batch-update half of the layout lifecycle: UIKit's order is invalidate (data-source
/// counts, with the update items) → prepare → prepareForCollectionViewUpdates → initial and
/// final attributes for appearing and disappearing elements → finalize.
extension LayoutInstance {
  /// Invalidation after the data changed, carrying the batch's update items.
  public func invalidate(flags: UInt32, updateItems: [UpdateItem]) throws(HostError) {
    var request = InvalidationContext(abiFlags: flags)
    request.updateItems = updateItems
    invalidate(request)
  }

  public func prepareForUpdates(_ updateItems: [UpdateItem]) throws(HostError) {
    guard let call = descriptor.prepare_for_updates else { return }
    record(.prepareForUpdates, "\(updateItems.count) item\(updateItems.count == 1 ? "" : "s")")
    let items = updateItems.map(\.abi)
    let status = calling(.prepareForUpdates) {
      items.withUnsafeBufferPointer { call(instance, $0.baseAddress, $0.count, abiStride(tessera_update_item.self)) }
    }
    _ = try checkOptional(status, "failed in prepare_for_updates")
  }

  public func finalizeUpdates() {
    guard let call = descriptor.finalize_updates else { return }
    record(.finalizeUpdates)
    calling(.finalizeUpdates) { call(instance) }
  }

  /// The ABI index of `element`'s kind (0 for cells); a kind the layout did not declare is
  /// refused, never sent as a cell.
  package func kindIndex(of element: Element) throws(HostError) -> UInt32 {
    guard let index = layoutClass.kindIndex(named: element.kind) else {
      throw HostError("layout '\(layoutClass.name)' declares no kind '\(element.kind ?? "cell")' (\(element.label))")
    }
    return index
  }

  /// Where an appearing element starts: the plugin's answer, or (UIKit's default) its final
  /// attributes with alpha 0.
  public func initialAttributes(forAppearing final: Element) throws(HostError) -> Element {
    record(.initialAttributesForAppearing, final.label)
    return try transitionAttributes(
      .initialAttributesForAppearing, descriptor.initial_attributes_for_appearing, final, "initial")
  }

  /// Where a disappearing element ends (index paths from before the update): the plugin's
  /// answer, or its attributes before the update with alpha 0.
  public func finalAttributes(forDisappearing start: Element) throws(HostError) -> Element {
    record(.finalAttributesForDisappearing, start.label)
    return try transitionAttributes(
      .finalAttributesForDisappearing, descriptor.final_attributes_for_disappearing, start, "final", checkPath: false)
  }

  private func transitionAttributes(
    _ kind: PluginCall,
    _ call: (
      @convention(c) (OpaquePointer?, UInt32, tessera_index_path, UnsafeMutablePointer<tessera_attributes>?) ->
        tessera_status
    )?,
    _ element: Element, _ which: String, checkPath: Bool = true
  ) throws(HostError) -> Element {
    var fallback = element
    fallback.alpha = 0
    guard let call else { return fallback }
    let slot = buffer.singleRecord()
    let kindIndex = try kindIndex(of: element)
    let status = calling(kind) { call(instance, kindIndex, element.indexPath.abi, slot) }
    let record = slot.pointee
    if status == tessera_status(TESSERA_UNSUPPORTED) || status == tessera_status(TESSERA_NOT_FOUND) { return fallback }
    try check(status, "failed to give the \(which) attributes of \(element.label)")
    if checkPath { return try self.element(record) }
    var found = try self.element(record, checkingPath: false)
    found.indexPath = element.indexPath
    return found
  }
}
