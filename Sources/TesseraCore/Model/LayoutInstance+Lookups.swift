import TesseraABI
import TesseraKit

/// `layoutAttributesForSupplementaryView(ofKind:at:)` and `…ForDecorationView…`: one element by
/// kind and index path, through the layout's own lookup when it has one.
extension LayoutInstance {
  /// A supplementary element's attributes; nil when the layout has no such element.
  public func supplementary(_ kind: String, at path: IndexPath) throws(HostError) -> Element? {
    try lookUp(kind, at: path, category: .supplementary)
  }

  /// A decoration element's attributes; nil when the layout has no such element.
  public func decoration(_ kind: String, at path: IndexPath) throws(HostError) -> Element? {
    try lookUp(kind, at: path, category: .decoration)
  }

  private func lookUp(_ kind: String, at path: IndexPath, category: ElementCategory) throws(HostError) -> Element? {
    try prepareIfNeeded()
    guard let index = layoutClass.kindIndex(named: kind),
      layoutClass.declaredKind(at: index).map({ ElementCategory($0.category) == category }) == true
    else { return nil }
    let supplementary = category == .supplementary
    let function = supplementary ? descriptor.attributes_for_supplementary : descriptor.attributes_for_decoration
    // Without the call (or when it answers unsupported), the element is looked up among all.
    func fromAll() throws(HostError) -> Element? {
      try allAttributes().first { $0.category == category && $0.kind == kind && $0.indexPath == path }
    }
    guard let call = function else { return try fromAll() }
    let which: PluginCall = supplementary ? .attributesForSupplementary : .attributesForDecoration
    let slot = buffer.singleRecord()
    let status = calling(which) { call(instance, index, path.abi, slot) }
    let record = slot.pointee
    self.record(which, "\(kind) \(path)")
    if status == tessera_status(TESSERA_NOT_FOUND) { return nil }
    guard try checkOptional(status, "failed to give \(kind) \(path)") else { return try fromAll() }
    let found = try element(record)
    guard found.category == category, found.kind == kind, found.indexPath == path else {
      throw HostError(
        .pluginBug,
        "layout '\(layoutClass.name)' answered the query for \(kind) \(path) with \(found.label) (plugin bug)")
    }
    return found
  }
}
