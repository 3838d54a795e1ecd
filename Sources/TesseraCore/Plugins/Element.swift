import TesseraKit

/// One element's attributes as the host prints them: like `LayoutAttributes`, but with the kind
/// and custom values named by strings read from the plugin's description.
public struct Element: Hashable, Sendable {
  public var category: ElementCategory
  /// nil for cells.
  public var kind: String?
  public var indexPath: IndexPath
  public var frame: Rect
  public var zIndex: Int32 = 0
  public var alpha: Double = 1
  public var isHidden = false
  /// The affine part of the transform.
  public var transform: Transform = .identity
  /// In the layout's `customKeys` order.
  public var custom: [Custom] = []
  /// What a 3D transform has beyond its affine part, kept out of line: few elements have one.
  private var depthBox = DepthBox.identity

  private enum DepthBox: Hashable, Sendable {
    case identity
    indirect case other(Transform3D.Depth)
  }

  /// The entries of `transform3D` beyond the affine `transform` (identity: none).
  public var depth: Transform3D.Depth {
    get {
      if case .other(let depth) = depthBox { return depth }
      return .identity
    }
    set { depthBox = newValue == .identity ? .identity : .other(newValue) }
  }

  /// `transform3D`: `transform` and `depth` as one matrix.
  public var transform3D: Transform3D {
    get { Transform3D(transform, depth: depth) }
    set {
      transform = newValue.affine
      depth = newValue.depth
    }
  }

  /// True when the transform is anything but the identity, in 2D or 3D.
  public var isTransformed: Bool { transform != .identity || depth != .identity }

  public struct Custom: Hashable, Sendable {
    public var key: String
    public var value: Double

    package init(key: String, value: Double) {
      self.key = key
      self.value = value
    }
  }

  public init(category: ElementCategory, kind: String?, indexPath: IndexPath, frame: Rect) {
    self.category = category
    self.kind = kind
    self.indexPath = indexPath
    self.frame = frame
  }

  /// The order of docs/design.md, "JSON output": category (cell, supplementary, decoration), then
  /// kind in the order the layout declares its kinds (`kinds`; kinds not listed come after, by
  /// name), section, item.
  public static func sortedForOutput(_ elements: [Element], kinds: [String] = []) -> [Element] {
    let order = KindOrder(kinds)
    return elements.sorted { comesFirst($0, $1, order) }
  }

  /// The declaration order of kinds, for `sortedForOutput`.
  public struct KindOrder: Sendable {
    package let rank: [String: Int]

    public init(_ kinds: [String]) {
      rank = Dictionary(kinds.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }
  }

  /// The order of `sortedForOutput`.
  public static func comesFirst(_ a: Element, _ b: Element, _ order: KindOrder = KindOrder([])) -> Bool {
    if a.category != b.category { return a.category.rawValue < b.category.rawValue }
    if a.kind != b.kind {
      let (ka, kb) = (a.kind ?? "", b.kind ?? "")
      let (ra, rb) = (order.rank[ka] ?? Int.max, order.rank[kb] ?? Int.max)
      return ra != rb ? ra < rb : ka < kb
    }
    return a.indexPath < b.indexPath
  }

  /// Whether `other` names the same element: its category, kind and index path.
  public func isSameElement(as other: Element) -> Bool {
    category == other.category && indexPath == other.indexPath && kind == other.kind
  }

  /// How the element is named in messages: `cell 0.3`, `header 1.0`.
  public var label: String { "\(kind ?? "cell") \(indexPath)" }
}
