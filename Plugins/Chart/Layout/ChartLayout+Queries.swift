import TesseraKit

/// Attributes, computed on demand from the values and the ticks: a rect query binary-searches the
/// groups it crosses and takes the bars in them by arithmetic, so it costs what it returns.
extension ChartLayout {
  /// Distance from one bar's start to the next one's.
  var pitch: Double { barWidth + barSpacing }

  /// Bar `item` of group `section`: up from the zero line, or down for a negative value; its
  /// custom value `value` is the value.
  func bar(_ section: Int, _ item: Int) -> LayoutAttributes {
    let value = values[section][item]
    let x = groupStarts[section] + Double(item) * pitch
    let top = value >= 0 ? zeroY - value * valueScale : zeroY
    var attributes = LayoutAttributes(
      indexPath: IndexPath(section, item),
      frame: Rect(x: x, y: top, width: barWidth, height: abs(value) * valueScale))
    attributes.custom[0] = value
    return attributes
  }

  /// The y of tick `k`, counted from the top (the highest value).
  func tickY(_ k: Int) -> Double { margin + Double(k) * ticks.step.value * valueScale }

  /// Tick `k`'s label in the gutter, centred on its line; its custom value is the tick's value.
  func tickLabel(_ k: Int) -> LayoutAttributes {
    let height = min(16, ticks.step.value * valueScale)
    var attributes = LayoutAttributes(
      kind: Self.tick, indexPath: IndexPath(0, k),
      frame: Rect(x: 0, y: tickY(k) - height / 2, width: max(0, axisWidth - 6), height: height))
    attributes.custom[0] = ticks.step.value(at: ticks.highIndex - k)
    return attributes
  }

  /// Tick `k`'s line across the plot, behind the bars: zero height (a rect query returns it all
  /// the same, by Core Graphics' rule).
  func gridline(_ k: Int) -> LayoutAttributes {
    var attributes = LayoutAttributes(
      kind: Self.gridline, indexPath: IndexPath(0, k),
      frame: Rect(x: axisWidth, y: tickY(k), width: max(0, contentSize.width - axisWidth), height: 0))
    attributes.zIndex = -1
    return attributes
  }

  /// Group `section`'s label, under the plot.
  func categoryLabel(_ section: Int) -> LayoutAttributes {
    LayoutAttributes(
      kind: Self.category, indexPath: IndexPath(section, 0),
      frame: Rect(
        x: groupStarts[section], y: plotBottom, width: groupWidth(values[section].count), height: categoryHeight))
  }

  /// Axis 0: the value axis, down the gutter's edge; axis 1: the zero line, across the plot.
  func axisLine(_ index: Int) -> LayoutAttributes {
    let frame =
      index == 0
      ? Rect(x: axisWidth, y: margin, width: 0, height: plotBottom - margin)
      : Rect(x: axisWidth, y: zeroY, width: max(0, contentSize.width - axisWidth), height: 0)
    var attributes = LayoutAttributes(kind: Self.axis, indexPath: IndexPath(0, index), frame: frame)
    attributes.zIndex = 1
    return attributes
  }

  /// The groups whose span (bars and the spacing after them) reaches `rect`'s x range.
  func groups(crossing rect: Rect) -> Range<Int> {
    // The first group whose next group starts at or after rect.minX.
    var low = 0
    var high = values.count
    while low < high {
      let middle = (low + high) / 2
      if groupStarts[middle + 1] < rect.minX { low = middle + 1 } else { high = middle }
    }
    var end = low
    while end < values.count, groupStarts[end] <= rect.maxX { end += 1 }
    return low..<end
  }

  /// The bars of group `section` whose x span may reach `rect`: by arithmetic, a bar wider on each
  /// side for rounding; the caller keeps those that intersect.
  func bars(of section: Int, crossing rect: Rect) -> ClosedRange<Int>? {
    let count = values[section].count
    guard count > 0 else { return nil }
    guard pitch > 0 else { return 0...(count - 1) }
    let start = groupStarts[section]
    // Clamped as doubles first, so the conversions are of whole numbers within 0...count − 1.
    let first = max(0, min(Double(count - 1), ((rect.minX - start - barWidth) / pitch).rounded(.up) - 1))
    let last = max(0, min(Double(count - 1), ((rect.maxX - start) / pitch).rounded(.down) + 1))
    return first <= last ? Int(first)...Int(last) : nil
  }

  /// The ticks whose labels or lines may reach `rect`'s y range (labels reach 8 points either
  /// side of their line).
  func ticks(crossing rect: Rect) -> ClosedRange<Int>? {
    guard !values.isEmpty else { return nil }
    let spacing = ticks.step.value * valueScale
    let first = max(0, min(Double(ticks.count - 1), ((rect.minY - margin - 8) / spacing).rounded(.down)))
    let last = max(0, min(Double(ticks.count - 1), ((rect.maxY - margin + 8) / spacing).rounded(.up)))
    return first <= last ? Int(first)...Int(last) : nil
  }

  public func layoutAttributesForElements(in rect: Rect, into sink: inout AttributesSink) {
    guard !values.isEmpty else { return }
    func add(_ attributes: LayoutAttributes) {
      if attributes.frame.intersects(rect) { sink.append(attributes) }
    }
    for section in groups(crossing: rect) {
      if let items = bars(of: section, crossing: rect) { for item in items { add(bar(section, item)) } }
      add(categoryLabel(section))
    }
    if let range = ticks(crossing: rect) {
      for k in range {
        add(tickLabel(k))
        add(gridline(k))
      }
    }
    add(axisLine(0))
    add(axisLine(1))
  }

  public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard values.indices.contains(indexPath.section), values[indexPath.section].indices.contains(indexPath.item) else {
      return nil
    }
    return bar(indexPath.section, indexPath.item)
  }

  public func layoutAttributesForSupplementaryView(ofKind kind: ElementKind, at indexPath: IndexPath)
    -> LayoutAttributes?
  {
    guard !values.isEmpty else { return nil }
    switch kind {
    case Self.tick where indexPath.section == 0 && (0..<ticks.count).contains(indexPath.item):
      return tickLabel(indexPath.item)
    case Self.category where values.indices.contains(indexPath.section) && indexPath.item == 0:
      return categoryLabel(indexPath.section)
    case Self.axis where indexPath.section == 0 && (0...1).contains(indexPath.item):
      return axisLine(indexPath.item)
    default: return nil
    }
  }

  public func layoutAttributesForDecorationView(ofKind kind: ElementKind, at indexPath: IndexPath)
    -> LayoutAttributes?
  {
    guard !values.isEmpty, kind == Self.gridline, indexPath.section == 0, (0..<ticks.count).contains(indexPath.item)
    else { return nil }
    return gridline(indexPath.item)
  }
}
