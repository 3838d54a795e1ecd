import TesseraKit

/// One element's path through an animation (a batch update or a layout transition).
public struct Motion: Sendable, Equatable {
  /// How the element is named in the picture, e.g. "cell 0.3" or "header 1.0".
  public var label: String
  /// The cell's dataset id ("" when there is none).
  public var id: String
  /// Attributes at t = 0; for an appearing element its initial attributes (usually alpha 0).
  public var start: Element
  /// Attributes at t = 1; for a disappearing element its final attributes.
  public var end: Element

  public init(label: String, id: String = "", start: Element, end: Element) {
    self.label = label
    self.id = id
    self.start = start
    self.end = end
  }

  /// The element at `progress` (clamped to 0...1) by UIKit's interactive transition rule: a copy
  /// of the end attributes with the frame's centre and size, the alpha and (unless both are the
  /// identity) the transform's entries linearly interpolated; z index, hidden, index path and
  /// custom values come from the end. At 0 and 1 the interpolated values are the start's and
  /// the end's exactly; in between they are rounded to 3 decimals, like every derived number
  /// of a picture.
  public func element(at progress: Double) -> Element {
    let t = progress.isNaN ? 0 : min(max(progress, 0), 1)
    var element = end
    if t == 1 { return element }
    if t == 0 {
      element.frame = start.frame
      element.alpha = start.alpha
      element.transform = start.transform
      return element
    }
    func mix(_ a: Double, _ b: Double) -> Double { SVGNumber.roundedValue(a + (b - a) * t) }
    func exact(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
    let (from, to) = (start.frame, end.frame)
    let width = exact(from.width, to.width)
    let height = exact(from.height, to.height)
    element.frame = Rect(
      x: SVGNumber.roundedValue(exact(from.midX, to.midX) - width / 2),
      y: SVGNumber.roundedValue(exact(from.midY, to.midY) - height / 2),
      width: SVGNumber.roundedValue(width), height: SVGNumber.roundedValue(height))
    element.alpha = mix(start.alpha, end.alpha)
    if start.transform != .identity || end.transform != .identity {
      let (p, q) = (start.transform, end.transform)
      element.transform = Transform(
        a: mix(p.a, q.a), b: mix(p.b, q.b), c: mix(p.c, q.c), d: mix(p.d, q.d), tx: mix(p.tx, q.tx),
        ty: mix(p.ty, q.ty))
    }
    return element
  }
}
