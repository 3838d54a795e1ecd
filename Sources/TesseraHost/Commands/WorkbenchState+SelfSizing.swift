import TesseraKit

/// `selfsizing`'s operations: turning it on, the text style cells measure with, and what one
/// cell measures. Each change waits for an interactive transition to end, and is atomic: a
/// failed settle leaves the session as it was.
extension WorkbenchState {
  func turnOnSelfSizing(budget given: Int?) throws(HostError) -> CommandResult {
    try refuseDuringTransition("selfsizing")
    let budget = given ?? settings.selfSizing.budget
    return try atomically { () throws(HostError) in
      settings.selfSizing.isOn = true
      settings.selfSizing.budget = budget
      return .selfSizingOn(budget: budget, passes: try settleVisibleCells())
    }
  }

  func turnOffSelfSizing() throws(HostError) -> CommandResult {
    try refuseDuringTransition("selfsizing")
    settings.selfSizing.isOn = false
    return .selfSizingOff
  }

  /// How cells fit their dataset sizes to the sizes the layout gives them; when self-sizing is
  /// on, the visible cells measure again at once.
  func setDatasetFit(_ fit: SelfSizing.DatasetFit) throws(HostError) -> CommandResult {
    try refuseDuringTransition("selfsizing")
    return try atomically { () throws(HostError) in
      settings.selfSizing.fit = fit
      return .selfSizingFit(fit, passes: settings.selfSizing.isOn ? try settleVisibleCells() : nil)
    }
  }

  /// Sets the text style `pairs` make of the current one (nil: back to dataset sizes); when
  /// self-sizing is on, the visible cells measure again at once.
  func setTextStyle(_ pairs: [(key: String, value: String)]?) throws(HostError) -> TextSizingReport {
    try refuseDuringTransition("selfsizing")
    guard let pairs else {
      return try atomically { () throws(HostError) in
        settings.selfSizing.text = nil
        return TextSizingReport(
          style: nil, fontName: "", metrics: nil, passes: settings.selfSizing.isOn ? try settleVisibleCells() : nil)
      }
    }
    let style = try TextStyleOptions.applied(pairs, to: settings.selfSizing.text ?? TextStyle())
    let measurer = try TextEngine.measurer()
    return try atomically { () throws(HostError) in
      settings.selfSizing.text = style
      settings.selfSizing.textMeasurer = measurer
      let passes = settings.selfSizing.isOn ? try settleVisibleCells() : nil
      return TextSizingReport(
        style: style, fontName: measurer.fontName, metrics: measurer.metrics(size: style.fontSize), passes: passes)
    }
  }

  /// What the cell at `path` measures in the size the current layout gives it.
  func measureCell(at path: IndexPath) throws(HostError) -> CellMeasureReport {
    let path = try existingItem(path)
    let layout = try currentLayout()
    guard let cell = try layout.item(at: path) else {
      throw HostError("layout '\(layout.layoutClass.name)' has no attributes for item \(path)")
    }
    let sizing = settings.selfSizing
    let (measured, source) = try sizing.measurement(
      path, in: model.dataset, proposed: cell.frame.size, scale: model.screenScale)
    let text: Bool = if case .text = source { true } else { false }
    return CellMeasureReport(
      indexPath: path, id: model.dataset.sections[path.section].items.ids[path.item], proposed: cell.frame.size,
      measured: measured, source: source, fontName: text ? sizing.textMeasurer?.fontName : nil,
      style: text ? sizing.text : nil)
  }
}
