import TesseraABI
import TesseraKit
import Testing

/// `transform3D` as UIKit's attributes have it: one matrix whose affine part is `transform`, across
/// the ABI whole, and read as the identity's depth from a record older than 2.5.
@Suite struct Transform3DTests {
  static func perspectiveTurn() -> Transform3D {
    // A turn of 60° about y, then a perspective of m34 = −1/500 (CATransform3DRotate on it).
    let (c, s) = (0.5, 0.8660254037844386)
    return Transform3D(
      m11: c, m12: 0, m13: -s, m14: -s * (-1.0 / 500), m21: 0, m22: 1, m23: 0, m24: 0, m31: s, m32: 0, m33: c,
      m34: c * (-1.0 / 500), m41: 0, m42: 0, m43: 0, m44: 1)
  }

  @Test func settingOneSetsTheOther() {
    var a = LayoutAttributes(indexPath: IndexPath(0, 0), frame: Rect(x: 0, y: 0, width: 10, height: 10))
    a.transform = Transform(a: 2, b: 0, c: 0, d: 3, tx: 4, ty: 5)
    #expect(
      a.transform3D
        == Transform3D(
          m11: 2, m12: 0, m13: 0, m14: 0, m21: 0, m22: 3, m23: 0, m24: 0, m31: 0, m32: 0, m33: 1, m34: 0, m41: 4,
          m42: 5, m43: 0, m44: 1))
    #expect(a.transform3D.isAffine)
    a.transform3D = Self.perspectiveTurn()
    #expect(a.transform == Transform(a: 0.5, b: 0, c: 0, d: 1, tx: 0, ty: 0))
    #expect(!a.transform3D.isAffine)
    #expect(a.transform3D == Self.perspectiveTurn())
    // Setting the affine transform replaces the whole matrix, as UIKit's setter does.
    a.transform = .identity
    #expect(a.transform3D == .identity)
  }

  @Test func theWholeMatrixCrossesTheABI() {
    var a = LayoutAttributes(indexPath: IndexPath(1, 2), frame: Rect(x: 0, y: 0, width: 10, height: 10))
    a.transform3D = Self.perspectiveTurn()
    var record = a.abi(kind: 0)
    #expect(record.transform3d.7 == -1.0 / 500 * 0.5)  // m34
    #expect(LayoutAttributes(record: record, kinds: [])?.transform3D == Self.perspectiveTurn())
    // A record from before 2.5 stops before `transform3d`: whatever lies there is not read.
    record.struct_size = UInt32(TESSERA_ATTRIBUTES_V2_0_SIZE)
    let old = LayoutAttributes(record: record, kinds: [])
    #expect(old?.depth == .identity)
    #expect(old?.transform == Transform(a: 0.5, b: 0, c: 0, d: 1, tx: 0, ty: 0))
  }

  @Test func aPointIsProjectedThroughThePerspective() {
    let turn = Self.perspectiveTurn()
    // The right edge's middle, 50 points right of the centre: x' = 50·cos / w, w = 1 + 50·sin/500.
    let p = turn.project(Point(x: 50, y: 0))
    let w = 1 + 50 * 0.8660254037844386 / 500
    #expect(p == Point(x: 25 / w, y: 0))
    // Behind the eye (w ≤ 0): nothing.
    #expect(turn.project(Point(x: -1000, y: 0)) == nil)
  }
}
