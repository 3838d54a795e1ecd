import Foundation
import TesseraKit

// Foundation's geometry ↔ TesseraKit's, one place for every crossing.

extension CGRect {
  init(_ r: Rect) {
    self.init(x: r.minX, y: r.minY, width: r.width, height: r.height)
  }

  /// The rect as given, not standardized (`minX`, `width` and the like standardize): a frame
  /// with a negative size reaches the host as one, which reports it as the layout's bug.
  var kit: Rect {
    Rect(x: Double(origin.x), y: Double(origin.y), width: Double(size.width), height: Double(size.height))
  }
}

extension CGSize {
  init(_ s: Size) {
    self.init(width: s.width, height: s.height)
  }

  var kit: Size { Size(width: Double(width), height: Double(height)) }
}

extension CGPoint {
  init(_ p: Point) {
    self.init(x: p.x, y: p.y)
  }

  var kit: Point { Point(x: Double(x), y: Double(y)) }
}

extension Foundation.IndexPath {
  init(_ p: TesseraKit.IndexPath) {
    self.init(item: p.item, section: p.section)
  }

  var kit: TesseraKit.IndexPath { TesseraKit.IndexPath(section, item) }
}

extension CGAffineTransform {
  init(_ t: Transform) {
    self.init(a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx, ty: t.ty)
  }

  var kit: Transform {
    Transform(a: Double(a), b: Double(b), c: Double(c), d: Double(d), tx: Double(tx), ty: Double(ty))
  }
}

extension UIEdgeInsets {
  init(_ e: EdgeInsets) {
    self.init(top: CGFloat(e.top), left: CGFloat(e.left), bottom: CGFloat(e.bottom), right: CGFloat(e.right))
  }
}

extension CATransform3D {
  init(_ t: Transform3D) {
    self.init()
    (m11, m12, m13, m14) = (CGFloat(t.m11), CGFloat(t.m12), CGFloat(t.m13), CGFloat(t.m14))
    (m21, m22, m23, m24) = (CGFloat(t.m21), CGFloat(t.m22), CGFloat(t.m23), CGFloat(t.m24))
    (m31, m32, m33, m34) = (CGFloat(t.m31), CGFloat(t.m32), CGFloat(t.m33), CGFloat(t.m34))
    (m41, m42, m43, m44) = (CGFloat(t.m41), CGFloat(t.m42), CGFloat(t.m43), CGFloat(t.m44))
  }

  var kit: Transform3D {
    Transform3D(
      m11: Double(m11), m12: Double(m12), m13: Double(m13), m14: Double(m14), m21: Double(m21), m22: Double(m22),
      m23: Double(m23), m24: Double(m24), m31: Double(m31), m32: Double(m32), m33: Double(m33), m34: Double(m34),
      m41: Double(m41), m42: Double(m42), m43: Double(m43), m44: Double(m44))
  }
}
