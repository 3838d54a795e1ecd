import TesseraKit

extension Transform {
  /// The SVG `transform` that applies this transform about `centre`, as UIKit does about a
  /// view's centre (anchor point 0.5, 0.5): `translate(c) matrix(M) translate(−c)`, which SVG
  /// applies right to left. The matrix entries are exact; the centre is rounded like every
  /// derived number (both translations use the same value, so they cancel exactly).
  func svgAbout(_ centre: Point) -> String {
    let x = SVGNumber.rounded(centre.x)
    let y = SVGNumber.rounded(centre.y)
    let negated = (SVGNumber.rounded(-centre.x), SVGNumber.rounded(-centre.y))
    return "translate(\(x) \(y)) \(svgMatrix) translate(\(negated.0) \(negated.1))"
  }

  /// `matrix(a b c d tx ty)`, exact.
  var svgMatrix: String {
    "matrix(" + [a, b, c, d, tx, ty].map(SVGNumber.exact).joined(separator: " ") + ")"
  }
}
