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
    isHidden: Bool, transform: Transform, depth: Transform3D.Depth = .identity, custom: CustomValues
  ) {
    let d = depth
    self.init(
      struct_size: UInt32(MemoryLayout<tessera_attributes>.size), category: UInt32(category.rawValue), kind: kind,
      hidden: isHidden ? 1 : 0, custom_mask: custom.mask, z_index: zIndex, index_path: indexPath.abi, frame: frame.abi,
      alpha: alpha, transform: transform.abi, custom: custom.values,
      transform3d: (d.m13, d.m14, d.m23, d.m24, d.m31, d.m32, d.m33, d.m34, d.m43, d.m44))
  }

  /// The record's depth, the identity where its struct_size stops before `transform3d` (a
  /// record from before ABI 2.5).
  @inlinable package var depth: Transform3D.Depth {
    guard Int(struct_size) >= MemoryLayout<tessera_attributes>.offset(of: \.transform3d)! + 80 else {
      return .identity
    }
    let t = transform3d
    var d = Transform3D.Depth()
    (d.m13, d.m14, d.m23, d.m24, d.m31, d.m32, d.m33, d.m34, d.m43, d.m44) =
      (t.0, t.1, t.2, t.3, t.4, t.5, t.6, t.7, t.8, t.9)
    return d
  }
}

extension LayoutAttributes {
  /// The record of these attributes, whose kind has ABI index `kind`.
  @inlinable package func abi(kind: UInt32) -> tessera_attributes {
    tessera_attributes(
      category: category, kind: kind, indexPath: indexPath, frame: frame, zIndex: zIndex, alpha: alpha,
      isHidden: isHidden, transform: transform, depth: depth, custom: custom)
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
    depth = r.depth
    custom = CustomValues(mask: r.custom_mask, values: r.custom)
  }
}
