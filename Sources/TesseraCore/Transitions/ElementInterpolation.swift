import TesseraKit

/// UIKit's interpolation for `UICollectionViewTransitionLayout`: a copy of the target attributes
/// with the centre, size and alpha linearly interpolated and the transform entries too (unless
/// both are the identity); z index, hidden, index path and custom values come from the target.
/// With a screen scale the centre is rounded to half a pixel and the size to a pixel (half away
/// from zero, as `round`). At 0 and 1 the geometry is the start's and the end's exactly (the
/// layouts' own attributes, no rounding): finishing shows no jump.
package enum ElementInterpolation {
  package static func element(from start: Element, to end: Element, progress: Double, screenScale: Double?) -> Element {
    let t = progress.isNaN ? 0 : min(max(progress, 0), 1)
    func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
    var element = end
    if t == 1 { return element }
    if t == 0 {
      element.frame = start.frame
      element.alpha = start.alpha
      element.transform3D = start.transform3D
      return element
    }
    var midX = mix(start.frame.midX, end.frame.midX)
    var midY = mix(start.frame.midY, end.frame.midY)
    var width = mix(start.frame.width, end.frame.width)
    var height = mix(start.frame.height, end.frame.height)
    if let scale = screenScale {
      let half = 2 * scale
      midX = (midX * half).rounded() / half
      midY = (midY * half).rounded() / half
      width = (width * scale).rounded() / scale
      height = (height * scale).rounded() / scale
    }
    element.frame = Rect(x: midX - width / 2, y: midY - height / 2, width: width, height: height)
    element.alpha = mix(start.alpha, end.alpha)
    if start.transform != .identity || end.transform != .identity {
      let (p, q) = (start.transform, end.transform)
      element.transform = Transform(
        a: mix(p.a, q.a), b: mix(p.b, q.b), c: mix(p.c, q.c), d: mix(p.d, q.d), tx: mix(p.tx, q.tx),
        ty: mix(p.ty, q.ty))
    }
    if start.depth != .identity || end.depth != .identity {
      // Entry by entry, as for the affine part (Core Animation decomposes; see the guide).
      element.depth = Transform3D.Depth(entries: zip(start.depth.entries, end.depth.entries).map { mix($0, $1) })
    }
    return element
  }

  /// The linear blend of two offsets.
  package static func offset(from a: Point, to b: Point, progress: Double) -> Point {
    let t = progress.isNaN ? 0 : min(max(progress, 0), 1)
    return Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
  }
}
