/// Up to four named numbers a layout attaches to an element (the schematic's connector
/// direction, say). Their names are the layout description's `customKeys`, by position.
public struct CustomValues: Hashable, Sendable {
  public var mask: UInt32 = 0
  public var values: (Double, Double, Double, Double) = (0, 0, 0, 0)

  public init() {}

  public static let capacity = 4

  public var isEmpty: Bool { mask == 0 }

  /// The value at `index`, or nil when unset.
  public subscript(index: Int) -> Double? {
    get {
      guard index >= 0, index < Self.capacity, mask & (1 << UInt32(index)) != 0 else { return nil }
      return withUnsafeBytes(of: values) { $0.load(fromByteOffset: index * 8, as: Double.self) }
    }
    set {
      precondition(index >= 0 && index < Self.capacity, "custom value index out of range")
      let bit: UInt32 = 1 << UInt32(index)
      if let value = newValue {
        mask |= bit
        withUnsafeMutableBytes(of: &values) { $0.storeBytes(of: value, toByteOffset: index * 8, as: Double.self) }
      } else {
        mask &= ~bit
        withUnsafeMutableBytes(of: &values) { $0.storeBytes(of: 0, toByteOffset: index * 8, as: Double.self) }
      }
    }
  }

  public static func == (lhs: CustomValues, rhs: CustomValues) -> Bool {
    lhs.mask == rhs.mask && lhs.values == rhs.values
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(mask)
    for index in 0..<Self.capacity { hasher.combine(self[index] ?? 0) }
  }
}

/// One element's attributes, the mirror of `UICollectionViewLayoutAttributes`. Plain data (no
/// references), so layouts can keep millions and queries copy them cheaply.
public struct LayoutAttributes: Hashable, Sendable {
  /// nil for cells, which have no kind.
  public var kind: ElementKind?
  public var indexPath: IndexPath
  public var frame: Rect
  public var zIndex: Int32 = 0
  public var alpha: Double = 1
  public var isHidden: Bool = false
  /// The affine part of the transform (`UICollectionViewLayoutAttributes.transform`). Setting it
  /// replaces the whole 3D transform with it, as UIKit does.
  public var transform: Transform = .identity {
    didSet { depth = .identity }
  }
  /// What a 3D transform has beyond its affine part (identity: none).
  public var depth = Transform3D.Depth.identity
  public var custom = CustomValues()

  /// `transform3D`: the affine `transform` and the `depth` as one matrix. Setting one sets the
  /// other, as UIKit's attributes do.
  @inlinable public var transform3D: Transform3D {
    get { Transform3D(transform, depth: depth) }
    set {
      transform = newValue.affine
      depth = newValue.depth
    }
  }

  @inlinable public var category: ElementCategory { kind?.category ?? .cell }

  /// A cell's attributes.
  @inlinable public init(indexPath: IndexPath, frame: Rect) {
    self.kind = nil
    self.indexPath = indexPath
    self.frame = frame
  }

  /// A supplementary or decoration element's attributes.
  @inlinable public init(kind: ElementKind, indexPath: IndexPath, frame: Rect, zIndex: Int32 = 0) {
    self.kind = kind
    self.indexPath = indexPath
    self.frame = frame
    self.zIndex = zIndex
  }
}
