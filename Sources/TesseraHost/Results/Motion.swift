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
  /// What a batch update does to the element, drawn as a coloured outline.
  public var change: Change
  /// The index paths its label shows when the element's path changes: `0.5→0.0` (nil: its end
  /// path).
  public var pathLabel: String?
  /// Its index path before the update, shown in the frames of its first half when `old→new`
  /// does not fit (nil: none, it was inserted).
  public var startPath: String?

  /// What a batch update does to an element.
  public enum Change: String, Sendable, CaseIterable {
    /// Nothing the batch names (it may still shift, as other items come and go).
    case none
    case inserted
    case deleted
    case moved
    case reloaded
  }

  public init(
    label: String, id: String = "", start: Element, end: Element, change: Change = .none, pathLabel: String? = nil,
    startPath: String? = nil
  ) {
    self.label = label
    self.id = id
    self.start = start
    self.end = end
    self.change = change
    self.pathLabel = pathLabel
    self.startPath = startPath
  }

  /// The element at `progress` (clamped to 0...1) by UIKit's interactive transition rule: a copy
  /// of the end attributes with the frame's centre and size, the alpha and (unless both are the
  /// identity) the transform's entries linearly interpolated; z index, hidden, index path and
  /// custom values come from the end. At 0 and 1 the interpolated values are the start's and
  /// the end's exactly; in between they are rounded to 3 decimals, like every derived number
  /// of a picture.
  public func element(at progress: Double) -> Element {
    let t = progress.isNaN ? 0 : min(max(progress, 0), 1)
    var element = ElementInterpolation.element(from: start, to: end, progress: t, screenScale: nil)
    guard t > 0, t < 1 else { return element }
    let f = element.frame
    element.frame = Rect(
      x: SVGNumber.roundedValue(f.minX), y: SVGNumber.roundedValue(f.minY), width: SVGNumber.roundedValue(f.width),
      height: SVGNumber.roundedValue(f.height))
    element.alpha = SVGNumber.roundedValue(element.alpha)
    if start.transform != .identity || end.transform != .identity {
      let m = element.transform
      element.transform = Transform(
        a: SVGNumber.roundedValue(m.a), b: SVGNumber.roundedValue(m.b), c: SVGNumber.roundedValue(m.c),
        d: SVGNumber.roundedValue(m.d), tx: SVGNumber.roundedValue(m.tx), ty: SVGNumber.roundedValue(m.ty))
    }
    if start.depth != .identity || end.depth != .identity {
      element.depth = Transform3D.Depth(entries: element.depth.entries.map(SVGNumber.roundedValue))
    }
    return element
  }
}
