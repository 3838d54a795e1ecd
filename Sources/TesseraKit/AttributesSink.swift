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
      (base + appended).pointee = attributes.abi(kind: kindIndex(attributes.kind))
    }
    appended &+= 1
  }

  /// Appends a record made elsewhere, its kind index already the sink's (`kindIndex(_:)`).
  @inlinable package mutating func append(record: tessera_attributes) {
    if appended < capacity, let base {
      (base + appended).pointee = record
    }
    appended &+= 1
  }

  /// The ABI kind index of `kind` (`ABIKindIndex`): 0 for cells, `ABIKindIndex.undeclared` for a
  /// kind the layout did not declare (the host reports that as the plugin's error).
  @inlinable public func kindIndex(_ kind: ElementKind?) -> UInt32 {
    ABIKindIndex.index(of: kind, in: kinds) ?? ABIKindIndex.undeclared
  }

  @inlinable public static func record(_ a: LayoutAttributes, kind: UInt32) -> tessera_attributes {
    a.abi(kind: kind)
  }
}
