import TesseraKit

/// The domain operation of the talk's pinch: the current layout again with its zoom scale
/// multiplied (or back to the one it was chosen with).
extension WorkbenchState {
  /// `zoom FACTOR [at X Y] [animated]`, `zoom reset [animated]`: the current layout again with
  /// its zoom scale multiplied (or back to the one it was chosen with), the content point under
  /// the focus kept in place.
  func zoom(by factor: Double?, focus: Point?, animated: Bool) throws(HostError) -> LayoutChangeReport {
    let current = try currentLayout()
    guard let scale = current.layoutClass.zoomScale else {
      throw HostError(
        "layout \(current.layoutClass.name) has no zoom scale: a layout names the option a zoom multiplies with the tessera.zoom/1 extension (the timeline's scale, flow's itemSize, quilt's blockSize)"
      )
    }
    let option = scale.option
    let before = current.options[option.index]
    let after: OptionSpec.Value
    if let factor {
      guard before.numbers.prefix(option.type == .size ? 2 : 1).contains(where: { $0 != 0 }) else {
        throw HostError(
          "zoom: \(option.name) is \(option.format(before)), which no factor changes; set it above 0 first ('layout \(current.layoutClass.name) \(option.name)=…')"
        )
      }
      after = try ZoomStep.scaled(before, by: factor, option: option)
    } else {
      after = slot.zoomOrigin ?? before
    }
    let bounds = model.bounds
    let focus = focus ?? Point(x: bounds.width / 2, y: bounds.height / 2)
    let (fx, fy) = ZoomStep.factors(from: before, to: after, scale: scale)
    let step = ZoomStep(
      option: option.name, before: option.format(before), after: option.format(after), factorX: fx, factorY: fy,
      focus: focus, isReset: factor == nil,
      factor: factor ?? (before.numbers[0] == 0 ? 1 : after.numbers[0] / before.numbers[0]))
    var values = current.options
    values[option.index] = after
    let new = try makeLayout(current.layoutClass, options: values)
    let origin = slot.zoomOrigin
    let report = try switchLayout(
      to: new, animated: animated, anchorPoint: Point(x: bounds.minX + focus.x, y: bounds.minY + focus.y),
      searchesAnchor: true, zoom: step
    ) { (anchor, bounds) throws(HostError) in
      var frames: (old: Rect, new: Rect)?
      if let anchor, let was = try current.item(at: anchor), let now = try new.item(at: anchor) {
        frames = (was.frame, now.frame)
      }
      return step.proposedOffset(oldBounds: bounds, anchor: frames)
    }
    slot.zoomOrigin = origin ?? before  // a zoom keeps the scale the layout was chosen with
    return report
  }
}
