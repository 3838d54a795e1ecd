import TesseraKit

/// A bar chart: the "charts and graphs" the AltConf 2015 talk "Beyond the Grid" says a custom
/// layout can render. Each section is a group along the category axis (x), each item one bar,
/// as tall as its `value` prop at `valueScale` points per unit, up from the zero line (down for
/// a negative value). Supplementary views: `tick` labels down the value axis in the left gutter,
/// one `category` label under each group, and the `axis` lines (the value axis and the zero
/// line). Decoration views: a `gridline` across the plot at every tick.
///
/// ```
///  tick  │ ─ ─ ─ ─ ─ ─ ─ ─ ─ ─ ─ ─ ─   ← gridline
///   100  │     ▇
///    50  │  ▇  ▇  ▇        ▇
///     0  ├──▇──▇──▇────────▇──▇──     ← axis (zero)
///   −50  │        ▇
///          category 0      category 1
/// ```
///
/// Ticks fall on 1, 2 or 5 × 10^k units, the first step at least `minimumTickSpacing` points
/// apart. `valueScale` is the zoom (`zoom` and pinches scale the value axis only).
public final class ChartLayout: CollectionLayout {
  public static let tick = ElementKind.supplementary("tick")
  public static let category = ElementKind.supplementary("category")
  public static let axis = ElementKind.supplementary("axis")
  public static let gridline = ElementKind.decoration("gridline")

  /// The most ticks a chart has: a value range and scale that ask for more are refused.
  public static let largestTickCount = 100_000

  public static let layoutDescription = LayoutDescription(
    name: "chart",
    summary: "a bar chart: bars from a value prop, grouped by section, with tick labels, gridlines and axes",
    options: [
      OptionDescription(
        "valueScale", .number, default: "2", doc: "points per unit of value: the zoom (the value axis only)",
        minimum: 0.001, maximum: 10_000),
      OptionDescription("barWidth", .number, default: "24", doc: "width of a bar", minimum: 0, maximum: 100_000),
      OptionDescription(
        "barSpacing", .number, default: "6", doc: "space between the bars of a group", minimum: 0, maximum: 100_000),
      OptionDescription(
        "groupSpacing", .number, default: "24", doc: "space between groups (sections)", minimum: 0, maximum: 100_000),
      OptionDescription(
        "axisWidth", .number, default: "48", doc: "width of the tick labels' gutter on the left", minimum: 0,
        maximum: 100_000),
      OptionDescription(
        "categoryHeight", .number, default: "24", doc: "height of the category labels' row under the plot",
        minimum: 0, maximum: 100_000),
      OptionDescription(
        "margin", .number, default: "20", doc: "space above the highest value and below the lowest", minimum: 0,
        maximum: 100_000),
      OptionDescription(
        "minimumTickSpacing", .number, default: "32",
        doc: "closest ticks: 1, 2 or 5 × 10^k units apart, the first step this many points or more", minimum: 1,
        maximum: 1_000_000),
    ],
    kinds: [tick, category, axis, gridline],
    customKeys: ["value"],
    drawings: [
      KindDrawingHint(nil, .box, colourProp: "series"), KindDrawingHint(axis, .line, direction: .falling),
      KindDrawingHint(gridline, .line, direction: .falling),
      KindDrawingHint(tick, .box, label: .init("value", as: .number)),
    ],
    zoomOption: "valueScale", zoomAxes: .y)

  public let collectionView: CollectionView
  var valueScale = 2.0
  var barWidth = 24.0
  var barSpacing = 6.0
  var groupSpacing = 24.0
  var axisWidth = 48.0
  var categoryHeight = 24.0
  var margin = 20.0
  var minimumTickSpacing = 32.0

  /// Each group's values, in item order.
  var values: [[Double]] = []
  /// Where each group begins along x, and where the last one ends (one more entry).
  var groupStarts: [Double] = []
  /// The ticks: 1, 2 or 5 × 10^k units apart, from index `lowIndex` to `highIndex` (a tick's
  /// value is its index times the step), enough to hold min(0, lowest) and max(0, highest).
  var ticks = ChartTicks(step: ChartTicks.Step(mantissa: 1, exponent: 0), lowIndex: 0, highIndex: 0)
  /// The y of the zero line, and of the plot's bottom (the lowest tick).
  var zeroY = 0.0
  var plotBottom = 0.0
  var contentSize = Size.zero

  public init(collectionView: CollectionView) { self.collectionView = collectionView }

  public func apply(options: LayoutOptions) throws(LayoutError) {
    valueScale = options.number("valueScale", default: valueScale)
    barWidth = options.number("barWidth", default: barWidth)
    barSpacing = options.number("barSpacing", default: barSpacing)
    groupSpacing = options.number("groupSpacing", default: groupSpacing)
    axisWidth = options.number("axisWidth", default: axisWidth)
    categoryHeight = options.number("categoryHeight", default: categoryHeight)
    margin = options.number("margin", default: margin)
    minimumTickSpacing = options.number("minimumTickSpacing", default: minimumTickSpacing)
  }

  public func prepare() throws(LayoutError) {
    values = try ChartValues.read(collectionView)
    var low = 0.0
    var high = 0.0
    for group in values {
      for value in group {
        low = min(low, value)
        high = max(high, value)
      }
    }
    // Checked before anything is counted or converted: the plot stays within the host's largest
    // coordinate, and the ticks within `largestTickCount`.
    guard (high - low) * valueScale <= OptionDescription.largestMagnitude else {
      throw LayoutError(
        "values from \(low.formattedForMessage) to \(high.formattedForMessage) at valueScale=\(valueScale.formattedForMessage) make a plot \(((high - low) * valueScale).formattedForMessage) points tall: at most 1e9 (lower valueScale)"
      )
    }
    let step = ChartTicks.step(minimumPoints: minimumTickSpacing, valueScale: valueScale)
    let (lowIndex, highIndex) = ((low / step.value).rounded(.down), (high / step.value).rounded(.up))
    guard highIndex - lowIndex < Double(Self.largestTickCount) else {
      throw LayoutError(
        "values from \(low.formattedForMessage) to \(high.formattedForMessage) make \((highIndex - lowIndex + 1).formattedForMessage) ticks \(step.value.formattedForMessage) apart: at most \(Self.largestTickCount) (raise minimumTickSpacing or lower valueScale)"
      )
    }
    // Both within ±1e9 / 1e-4 steps (the smallest step at the largest scale): exact as Int.
    ticks = ChartTicks(step: step, lowIndex: Int(lowIndex), highIndex: Int(highIndex))
    let stepPoints = step.value * valueScale
    zeroY = margin + Double(ticks.highIndex) * stepPoints
    plotBottom = margin + Double(ticks.highIndex - ticks.lowIndex) * stepPoints
    groupStarts = [axisWidth + groupSpacing]
    groupStarts.reserveCapacity(values.count + 1)
    for group in values {
      groupStarts.append(groupStarts[groupStarts.count - 1] + groupWidth(group.count) + groupSpacing)
    }
    contentSize = Size(width: groupStarts[groupStarts.count - 1], height: plotBottom + categoryHeight + margin)
  }

  /// The width of a group of `count` bars.
  func groupWidth(_ count: Int) -> Double {
    count == 0 ? 0 : Double(count) * barWidth + Double(count - 1) * barSpacing
  }

  public var collectionViewContentSize: Size { contentSize }
}
