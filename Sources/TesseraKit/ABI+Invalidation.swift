public import TesseraABI

// What invalidation contexts and batch updates carry: preferred sizes and update items. Element
// references are in ABI+Kinds.swift. Naming as in ABI+Geometry.swift.

extension InvalidationContext.PreferredSize {
  @inlinable package init(_ p: tessera_preferred_size) {
    self.init(indexPath: IndexPath(p.index_path), size: Size(p.size))
  }

  @inlinable package var abi: tessera_preferred_size {
    tessera_preferred_size(
      struct_size: abiSize(tessera_preferred_size.self), reserved: 0, index_path: indexPath.abi, size: size.abi)
  }
}

extension UpdateItem {
  /// nil for an action this ABI version does not define. A path whose section is negative is
  /// the unused one (nil); the item is a section operation when its used path has item
  /// `TESSERA_NO_ITEM`.
  package init?(_ u: tessera_update_item) {
    guard let action = Action(rawValue: u.action) else { return nil }
    self.init(
      action: action, before: u.before.section >= 0 ? IndexPath(u.before) : nil,
      after: u.after.section >= 0 ? IndexPath(u.after) : nil,
      isSection: (u.before.section >= 0 ? u.before : u.after).isWholeSection)
  }

  /// A section operation's paths are whole-section paths, whatever their `item`; a missing path
  /// is `tessera_index_path.unused`.
  package var abi: tessera_update_item {
    func path(_ p: IndexPath?) -> tessera_index_path {
      guard let p else { return .unused }
      return isSection ? .wholeSection(p.section) : p.abi
    }
    return tessera_update_item(
      struct_size: UInt32(MemoryLayout<tessera_update_item>.size), action: action.rawValue, before: path(before),
      after: path(after))
  }
}
