import TesseraKit

/// One zoom: the layout's scale option before and after, the factor along each axis and the
/// point in the view that stays under the fingers.
public struct ZoomStep: Sendable {
  package init(
    option: String, before: String, after: String, factorX: Double, factorY: Double, focus: Point, isReset: Bool,
    factor: Double
  ) {
    self.option = option
    self.before = before
    self.after = after
    self.factorX = factorX
    self.factorY = factorY
    self.focus = focus
    self.isReset = isReset
    self.factor = factor
  }

  public var option: String
  public var before: String
  public var after: String
  /// How much the content stretches along each axis (1 along an axis the scale leaves alone).
  public var factorX: Double
  public var factorY: Double
  /// The point in the view (not the content) kept in place.
  public var focus: Point
  /// True for `zoom reset`.
  public var isReset: Bool
  /// The FACTOR typed (for `zoom reset`, the ratio of the first numbers).
  public var factor: Double

  /// The scale option's value multiplied by `factor` (each number of a size), checked against
  /// the option's range; whole numbers for an integer option.
  package static func scaled(_ value: OptionSpec.Value, by factor: Double, option: OptionSpec) throws(HostError)
    -> OptionSpec.Value
  {
    let numbers = value.numbers.prefix(option.type == .size ? 2 : 1).map { n in
      option.type == .integer ? (n * factor).rounded() : n * factor
    }
    let text = numbers.map(formatNumber).joined(separator: "x")
    do {
      return try option.parse(text)
    } catch {
      throw HostError(
        "zoom ×\(formatNumber(factor)) makes \(option.name)=\(text), which the layout does not allow: \(error.message)")
    }
  }

  /// How much each axis stretches going from `before` to `after` of the scale option, along the
  /// axes the layout says it stretches.
  package static func factors(from before: OptionSpec.Value, to after: OptionSpec.Value, scale: ZoomScale) -> (
    Double, Double
  ) {
    func ratio(_ index: Int) -> Double {
      let i = min(index, before.numbers.count - 1, after.numbers.count - 1)
      guard i >= 0, before.numbers[i] != 0 else { return 1 }
      return after.numbers[i] / before.numbers[i]
    }
    return (scale.stretchesX ? ratio(0) : 1, scale.stretchesY ? ratio(1) : 1)
  }

  /// The offset that keeps the content point under `focus` in place: the point is placed
  /// relative to `anchor` (the old layout's cell nearest it), that distance stretched by the
  /// factors, and measured again from the anchor's place in the new layout. Without an anchor
  /// the point is stretched about the content's origin.
  package func proposedOffset(oldBounds: Rect, anchor: (old: Rect, new: Rect)?) -> Point {
    let point = Point(x: oldBounds.minX + focus.x, y: oldBounds.minY + focus.y)
    let moved: Point
    if let anchor {
      moved = Point(
        x: anchor.new.midX + (point.x - anchor.old.midX) * factorX,
        y: anchor.new.midY + (point.y - anchor.old.midY) * factorY)
    } else {
      moved = Point(x: point.x * factorX, y: point.y * factorY)
    }
    return Point(x: moved.x - focus.x, y: moved.y - focus.y)
  }
}
