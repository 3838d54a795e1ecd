/// A point in the collection view's coordinate space (y grows downwards, as in UIKit).
public struct Point: Hashable, Sendable {
  public var x: Double
  public var y: Double

  @inlinable public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  public static let zero = Point(x: 0, y: 0)
}

public struct Size: Hashable, Sendable {
  public var width: Double
  public var height: Double

  @inlinable public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  public static let zero = Size(width: 0, height: 0)
}

/// Insets in UIKit's order: top, left, bottom, right.
public struct EdgeInsets: Hashable, Sendable {
  public var top: Double
  public var left: Double
  public var bottom: Double
  public var right: Double

  @inlinable public init(top: Double, left: Double, bottom: Double, right: Double) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

/// A rectangle with its origin at the top-left corner.
public struct Rect: Hashable, Sendable {
  public var origin: Point
  public var size: Size

  @inlinable public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }

  @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
    self.origin = Point(x: x, y: y)
    self.size = Size(width: width, height: height)
  }

  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

  @inlinable public var minX: Double { origin.x }
  @inlinable public var minY: Double { origin.y }
  @inlinable public var maxX: Double { origin.x + size.width }
  @inlinable public var maxY: Double { origin.y + size.height }
  @inlinable public var midX: Double { origin.x + size.width / 2 }
  @inlinable public var midY: Double { origin.y + size.height / 2 }
  @inlinable public var width: Double { size.width }
  @inlinable public var height: Double { size.height }

  /// Core Graphics' rule, `CGRectIntersectsRect`: true when the intersection is not the null
  /// rect, that is when the closed intervals overlap on both axes. A zero-height or zero-width
  /// frame lying in the rect intersects it, and so do rects that touch along an edge (their
  /// intersection is a rect of zero height, not the null rect) — the rule every rect query
  /// follows (docs/uikit-behaviour.md, "Empty rects"). NaN intersects nothing.
  @inlinable public func intersects(_ other: Rect) -> Bool {
    minX <= other.maxX && other.minX <= maxX && minY <= other.maxY && other.minY <= maxY
  }

  /// The smallest rect containing both (a zero-size rect at the origin still counts).
  public func union(_ other: Rect) -> Rect {
    let x0 = Swift.min(minX, other.minX)
    let y0 = Swift.min(minY, other.minY)
    let x1 = Swift.max(maxX, other.maxX)
    let y1 = Swift.max(maxY, other.maxY)
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }
}

/// An affine transform `[a b 0; c d 0; tx ty 1]`, as CGAffineTransform.
public struct Transform: Hashable, Sendable {
  public var a, b, c, d, tx, ty: Double

  @inlinable public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
    (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
  }

  public static let identity = Transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
}
