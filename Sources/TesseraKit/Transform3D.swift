/// A 3D transform, as `CATransform3D`: a 4 × 4 matrix applied to row vectors (x, y, z, 1), about
/// the element's centre. Its affine part — m11, m12, m21, m22, m41, m42 — is `Transform`'s a, b,
/// c, d, tx, ty; the rest (`Depth`) is what only 3D has: a perspective (m34 = −1/d) or a turn about
/// x or y.
public struct Transform3D: Hashable, Sendable {
  public var m11, m12, m13, m14: Double
  public var m21, m22, m23, m24: Double
  public var m31, m32, m33, m34: Double
  public var m41, m42, m43, m44: Double

  /// The entries an affine transform leaves as the identity's, in the ABI's order (attributes.h,
  /// `transform3d`): m13, m14, m23, m24, m31, m32, m33, m34, m43, m44.
  public struct Depth: Hashable, Sendable {
    public var m13 = 0.0, m14 = 0.0, m23 = 0.0, m24 = 0.0
    public var m31 = 0.0, m32 = 0.0, m33 = 1.0, m34 = 0.0
    public var m43 = 0.0, m44 = 1.0

    public init() {}

    public static let identity = Depth()

    /// The ten entries in the ABI's order.
    public var entries: [Double] { [m13, m14, m23, m24, m31, m32, m33, m34, m43, m44] }

    public init(entries e: [Double]) {
      precondition(e.count == 10, "a depth has ten entries")
      (m13, m14, m23, m24, m31, m32, m33, m34, m43, m44) = (e[0], e[1], e[2], e[3], e[4], e[5], e[6], e[7], e[8], e[9])
    }
  }

  public init(
    m11: Double, m12: Double, m13: Double, m14: Double, m21: Double, m22: Double, m23: Double, m24: Double,
    m31: Double, m32: Double, m33: Double, m34: Double, m41: Double, m42: Double, m43: Double, m44: Double
  ) {
    (self.m11, self.m12, self.m13, self.m14) = (m11, m12, m13, m14)
    (self.m21, self.m22, self.m23, self.m24) = (m21, m22, m23, m24)
    (self.m31, self.m32, self.m33, self.m34) = (m31, m32, m33, m34)
    (self.m41, self.m42, self.m43, self.m44) = (m41, m42, m43, m44)
  }

  /// An affine transform and the entries beyond it, as one matrix.
  public init(_ affine: Transform, depth: Depth = .identity) {
    self.init(
      m11: affine.a, m12: affine.b, m13: depth.m13, m14: depth.m14, m21: affine.c, m22: affine.d, m23: depth.m23,
      m24: depth.m24, m31: depth.m31, m32: depth.m32, m33: depth.m33, m34: depth.m34, m41: affine.tx, m42: affine.ty,
      m43: depth.m43, m44: depth.m44)
  }

  public static let identity = Transform3D(.identity)

  /// The affine part, what `CATransform3DGetAffineTransform` gives.
  public var affine: Transform { Transform(a: m11, b: m12, c: m21, d: m22, tx: m41, ty: m42) }

  public var depth: Depth {
    var d = Depth()
    (d.m13, d.m14, d.m23, d.m24) = (m13, m14, m23, m24)
    (d.m31, d.m32, d.m33, d.m34) = (m31, m32, m33, m34)
    (d.m43, d.m44) = (m43, m44)
    return d
  }

  /// True when the affine part says it all (`CATransform3DIsAffine`).
  public var isAffine: Bool { depth == .identity }

  /// The sixteen entries, row by row: m11, m12, m13, m14, m21, …, m44.
  public var entries: [Double] {
    [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
  }

  /// Where `point` (x, y, 0), relative to the centre the transform applies about, lands on the
  /// screen: the row vector times the matrix, divided by its w (a perspective). nil when w is
  /// not positive (the point is behind the eye).
  public func project(_ point: Point) -> Point? {
    let x = point.x * m11 + point.y * m21 + m41
    let y = point.x * m12 + point.y * m22 + m42
    let w = point.x * m14 + point.y * m24 + m44
    guard w > 0, w.isFinite else { return nil }
    return Point(x: x / w, y: y / w)
  }
}
