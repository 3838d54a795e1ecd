public import TesseraABI

/// Where a rect query puts its results: straight into the caller's buffer of ABI records, so a
/// query through the plugin boundary costs no copy beyond the one the layout makes anyway.
///
/// Appending past the capacity only counts, so the caller learns how much room it needs
/// (`TESSERA_BUFFER_TOO_SMALL`) without the layout doing anything special.
public struct AttributesSink {
  @usableFromInline let base: UnsafeMutablePointer<tessera_attributes>?
  @usableFromInline let capacity: Int
  @usableFromInline let kinds: UnsafeBufferPointer<ElementKind>
  @usableFromInline var appended: Int = 0

  /// Elements appended so far, including those that did not fit.
  @inlinable public var count: Int { appended }

  /// `kinds` are the layout's declared kinds; `kinds[i]` becomes ABI kind index `i + 1`.
  public init(
    records base: UnsafeMutablePointer<tessera_attributes>?, capacity: Int,
    kinds: UnsafeBufferPointer<ElementKind>
  ) {
    self.base = base
    self.capacity = base == nil ? 0 : capacity
    self.kinds = kinds
  }

  /// True when every appended element fitted.
  public var fitted: Bool { count <= capacity }

  @inlinable public mutating func append(_ attributes: LayoutAttributes) {
    if appended < capacity, let base {
      (base + appended).pointee = AttributesSink.record(attributes, kind: kindIndex(attributes.kind))
    }
    appended &+= 1
  }

  /// The ABI kind index of `kind`: 0 for cells, `UInt16.max` for a kind the layout did not
  /// declare (the host reports that as the plugin's error).
  @inlinable public func kindIndex(_ kind: ElementKind?) -> UInt16 {
    guard let kind else { return 0 }
    for index in kinds.indices where kinds[index] == kind { return UInt16(index + 1) }
    return UInt16.max
  }

  @inlinable public static func record(_ a: LayoutAttributes, kind: UInt16) -> tessera_attributes {
    tessera_attributes(
      struct_size: UInt32(MemoryLayout<tessera_attributes>.size),
      category: a.category.rawValue,
      hidden: a.isHidden ? 1 : 0,
      kind: kind,
      custom_mask: a.custom.mask,
      z_index: a.zIndex,
      index_path: tessera_index_path(section: Int64(a.indexPath.section), item: Int64(a.indexPath.item)),
      frame: tessera_rect(x: a.frame.minX, y: a.frame.minY, width: a.frame.width, height: a.frame.height),
      alpha: a.alpha,
      transform: tessera_transform(
        a: a.transform.a, b: a.transform.b, c: a.transform.c, d: a.transform.d,
        tx: a.transform.tx, ty: a.transform.ty),
      custom: a.custom.values)
  }
}

extension LayoutAttributes {
  /// Reads an ABI record; `kinds[i]` is ABI kind index `i + 1`. Returns nil for a kind index
  /// that names no declared kind.
  public init?(record r: tessera_attributes, kinds: [ElementKind]) {
    let kindIndex = Int(r.kind)
    let category = ElementCategory(rawValue: r.category) ?? .cell
    if category == .cell {
      self.init(indexPath: IndexPath(Int(r.index_path.section), Int(r.index_path.item)), frame: .zero)
    } else {
      guard kindIndex >= 1, kindIndex <= kinds.count else { return nil }
      self.init(
        kind: kinds[kindIndex - 1], indexPath: IndexPath(Int(r.index_path.section), Int(r.index_path.item)),
        frame: .zero)
    }
    frame = Rect(x: r.frame.x, y: r.frame.y, width: r.frame.width, height: r.frame.height)
    zIndex = r.z_index
    alpha = r.alpha
    isHidden = r.hidden != 0
    transform = Transform(
      a: r.transform.a, b: r.transform.b, c: r.transform.c, d: r.transform.d, tx: r.transform.tx,
      ty: r.transform.ty)
    custom.mask = r.custom_mask
    custom.values = r.custom
  }
}
