public import TesseraABI

// Attribute records (`tessera_attributes`) ↔ `LayoutAttributes`, and the field-by-field record
// the host builds from its own `Element`. Naming as in ABI+Geometry.swift.

extension CustomValues {
  @inlinable package init(mask: UInt32, values: (Double, Double, Double, Double)) {
    self.init()
    self.mask = mask
    self.values = values
  }
}

extension tessera_attributes {
  /// A whole record (`struct_size` = this header's size) from Swift values; `kind` is the ABI
  /// kind index (`ABIKindIndex`).
  @inlinable package init(
    category: ElementCategory, kind: UInt32, indexPath: IndexPath, frame: Rect, zIndex: Int32, alpha: Double,
    isHidden: Bool, transform: Transform, custom: CustomValues
  ) {
    self.init(
      struct_size: UInt32(MemoryLayout<tessera_attributes>.size), category: UInt32(category.rawValue), kind: kind,
      hidden: isHidden ? 1 : 0, custom_mask: custom.mask, z_index: zIndex, index_path: indexPath.abi, frame: frame.abi,
      alpha: alpha, transform: transform.abi, custom: custom.values)
  }
}

extension LayoutAttributes {
  /// The record of these attributes, whose kind has ABI index `kind`.
  @inlinable package func abi(kind: UInt32) -> tessera_attributes {
    tessera_attributes(
      category: category, kind: kind, indexPath: indexPath, frame: frame, zIndex: zIndex, alpha: alpha,
      isHidden: isHidden, transform: transform, custom: custom)
  }

  /// Reads an ABI record; `kinds` are the layout's declared kinds (`kinds[i]` is ABI kind index
  /// `i + 1`, `ABIKindIndex`). Returns nil for an unknown category, and for a supplementary or
  /// decoration record whose kind index names no declared kind.
  public init?(record r: tessera_attributes, kinds: [ElementKind]) {
    guard let category = ElementCategory(tessera_category(rawValue: r.category)) else { return nil }
    if category == .cell {
      self.init(indexPath: IndexPath(r.index_path), frame: Rect(r.frame))
    } else {
      guard let position = ABIKindIndex.declaredPosition(of: r.kind, count: kinds.count) else { return nil }
      self.init(kind: kinds[position], indexPath: IndexPath(r.index_path), frame: Rect(r.frame))
    }
    zIndex = r.z_index
    alpha = r.alpha
    isHidden = r.hidden != 0
    transform = Transform(r.transform)
    custom = CustomValues(mask: r.custom_mask, values: r.custom)
  }
}
