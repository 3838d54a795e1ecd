public import TesseraABI

// The one conversion layer between the C ABI's plain values and TesseraKit's Swift types,
// shared by the SDK (the plugin side) and the host. It is `package`: the host target sees it,
// plugins built out of tree do not (it is no public API). Members are `@inlinable package`, so
// hot paths in other modules (attributes sinks, rect queries, prepare loops) inline them and
// public `@inlinable` SDK code may call them; a package type that such code names must also be
// `@usableFromInline` (`ABIKindIndex`).
//
// Naming, in every file `ABI+*.swift`:
//   - ABI → Swift: an unlabeled initializer on the Swift type, `Rect(r)`, `IndexPath(p)`.
//   - Swift → ABI: an `abi` property on the Swift value, `rect.abi`, `path.abi`; `abi(kind:)`
//     where the record needs what the value does not carry (its ABI kind index).
//   - A record built from loose fields (the host's own `Element`) is a labeled initializer on
//     the C type: `tessera_attributes(category:kind:indexPath:…)`,
//     `tessera_element_ref(kind:indexPath:)`.
//   - Values the ABI has and Swift has not (a whole-section path, an update item's unused
//     path) are static members of the C type: `tessera_index_path.wholeSection(s)`, `.unused`.
// Kind indices follow one rule, `ABIKindIndex` (ABI+Kinds.swift).
//
// This file: points, sizes, rects, transforms, index paths and element categories. The ABI has
// no insets value (options carry them as four numbers).

extension Point {
  @inlinable package init(_ p: tessera_point) {
    self.init(x: p.x, y: p.y)
  }

  @inlinable package var abi: tessera_point {
    tessera_point(x: x, y: y)
  }
}

extension Size {
  @inlinable package init(_ s: tessera_size) {
    self.init(width: s.width, height: s.height)
  }

  @inlinable package var abi: tessera_size {
    tessera_size(width: width, height: height)
  }
}

extension Rect {
  @inlinable package init(_ r: tessera_rect) {
    self.init(x: r.x, y: r.y, width: r.width, height: r.height)
  }

  @inlinable package var abi: tessera_rect {
    tessera_rect(x: minX, y: minY, width: width, height: height)
  }
}

extension EdgeInsets {
  @inlinable package init(_ e: tessera_edge_insets) {
    self.init(top: e.top, left: e.left, bottom: e.bottom, right: e.right)
  }

  @inlinable package var abi: tessera_edge_insets {
    tessera_edge_insets(top: top, left: left, bottom: bottom, right: right)
  }
}

extension Transform {
  @inlinable package init(_ t: tessera_transform) {
    self.init(a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx, ty: t.ty)
  }

  @inlinable package var abi: tessera_transform {
    tessera_transform(a: a, b: b, c: c, d: d, tx: tx, ty: ty)
  }
}

extension IndexPath {
  /// The path as it is, numbers only: a whole-section path reads as item `TESSERA_NO_ITEM`
  /// (`IndexPath.noItem`, `Int.max`, as UIKit's NSNotFound). Ask `isWholeSection` on the ABI
  /// value where the difference matters.
  @inlinable package init(_ p: tessera_index_path) {
    self.init(Int(p.section), Int(p.item))
  }

  @inlinable package var abi: tessera_index_path {
    tessera_index_path(section: Int64(section), item: Int64(item))
  }
}

extension tessera_index_path {
  /// The path naming all of `section` (section properties, section update items).
  @inlinable package static func wholeSection(_ section: Int) -> tessera_index_path {
    tessera_index_path(section: Int64(section), item: TESSERA_NO_ITEM)
  }

  /// Item `item` of `section`, or the whole section when `item` is nil.
  @inlinable package static func item(_ item: Int?, inSection section: Int) -> tessera_index_path {
    guard let item else { return .wholeSection(section) }
    return tessera_index_path(section: Int64(section), item: Int64(item))
  }

  /// `{TESSERA_UNUSED_INDEX, TESSERA_UNUSED_INDEX}`: the path an update item leaves unused
  /// (`before` of an insert, `after` of a delete).
  @inlinable package static var unused: tessera_index_path {
    tessera_index_path(section: TESSERA_UNUSED_INDEX, item: TESSERA_UNUSED_INDEX)
  }

  /// True when the path names a whole section (`item == TESSERA_NO_ITEM`).
  @inlinable package var isWholeSection: Bool { item == TESSERA_NO_ITEM }
}

extension ElementCategory {
  /// nil for a category this ABI version does not define.
  @inlinable package init?(_ c: tessera_category) {
    guard c.rawValue <= UInt32(UInt8.max), let category = ElementCategory(rawValue: UInt8(c.rawValue)) else {
      return nil
    }
    self = category
  }

  @inlinable package var abi: tessera_category {
    tessera_category(rawValue: UInt32(rawValue))
  }
}
