public import TesseraABI

/// The ABI's kind indices (`tessera_attributes.kind`, `tessera_element_ref.kind`, the `kind`
/// argument of the per-element calls), one rule for the SDK and the host:
///
/// - 0 is the cell kind. Cells have no declared kind: `LayoutAttributes.kind` and the host's
///   `Element.kind` are nil for them.
/// - The layout's declared supplementary and decoration kinds follow from 1, in declaration
///   order. Lists of declared kinds leave the cell out, so their element `i` is index `i + 1`:
///   `LayoutDescription.kinds`, an `AttributesSink`'s kinds, the host's
///   `LayoutClass.declaredKinds`. The descriptor's `kinds` array holds the cell kind first, so
///   there a position is the index itself.
/// - A kind the layout did not declare has no index: `index(of:in:)` is nil for it, and
///   `declaredPosition(of:count:)` is nil for the cell index and for anything past the declared
///   kinds. A writer that must put some index in a record (the SDK's sink, which cannot fail)
///   writes `undeclared`, never 0. A reader that meets an index it cannot resolve treats it as
///   an error, never as a cell: the host reports the plugin's bug, the SDK answers
///   `TESSERA_NOT_FOUND` or drops the reference.
@usableFromInline package enum ABIKindIndex {
  /// The cell kind's index.
  @inlinable package static var cell: UInt32 { 0 }

  /// What stands for an undeclared kind where an index must be written: `UInt32.max` (no layout
  /// declares that many kinds).
  @inlinable package static var undeclared: UInt32 { UInt32.max }

  /// The index of the declared kind at `position` (0-based, in declaration order).
  @inlinable package static func index(ofDeclared position: Int) -> UInt32 {
    UInt32(position + 1)
  }

  /// The index of `kind` (nil: a cell) among the `declared` kinds, compared with `matches`; nil
  /// when the layout did not declare it.
  @inlinable package static func index<Declared: Collection, Kind>(
    of kind: Kind?, in declared: Declared, where matches: (Declared.Element, Kind) -> Bool
  ) -> UInt32? {
    guard let kind else { return cell }
    var position = 0
    for candidate in declared {
      if matches(candidate, kind) { return index(ofDeclared: position) }
      position &+= 1
    }
    return nil
  }

  /// The index of `kind` (nil: a cell) among the `declared` kinds; nil when the layout did not
  /// declare it.
  @inlinable package static func index<Declared: Collection>(of kind: Declared.Element?, in declared: Declared)
    -> UInt32? where Declared.Element: Equatable
  {
    index(of: kind, in: declared, where: ==)
  }

  /// Where among `declaredCount` declared kinds `index` points (0-based); nil for the cell index
  /// and for an index past the declared kinds (`undeclared` included).
  @inlinable package static func declaredPosition(of index: some BinaryInteger, count declaredCount: Int) -> Int? {
    guard index >= 1, index <= declaredCount else { return nil }
    return Int(index) - 1
  }
}

extension tessera_element_ref {
  /// A reference to the supplementary or decoration element of ABI kind `kind` at `indexPath`.
  @inlinable package init(kind: UInt32, indexPath: IndexPath) {
    self.init(kind: kind, reserved: 0, index_path: indexPath.abi)
  }
}
