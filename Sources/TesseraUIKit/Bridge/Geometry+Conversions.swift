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
