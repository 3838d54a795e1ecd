import TesseraKit

/// The timeline of the AltConf 2015 talk "Beyond the Grid": each section is a track (a row), each
/// item an event on a day, drawn as a dot on the track's centre line; `link` lines join the
/// dots of a track, `date` headings run along the top (pinned while the content scrolls
/// vertically), and `band` decorations shade every other month (or week) behind everything.
///
/// ```
///  |  Mar 1     | Mar 8      | Mar 15     |   ← date (pinned to the top)
///  |░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░|   ← band (every other month)
///  |   ●────────────●─────●               |   ← track 0: cells and links
///  |        ●───────────────────●         |   ← track 1
/// ```
///
/// A dot's x is `margin + (day − firstDay + 0.5) × scale`: `scale` (points per day) is the zoom
/// scale the talk's pinch changes.
public final class TimelineLayout: CollectionLayout {
  public static let link = ElementKind.supplementary("link")
  public static let date = ElementKind.supplementary("date")
  public static let band = ElementKind.decoration("band")

  /// The most days the events may span: date headings and bands are counted from the span.
  public static let largestSpan = 1_000_000

  public static let layoutDescription = LayoutDescription(
    name: "timeline",
    summary: "events on days as dots along tracks, with links, pinned date headings and month bands (AltConf 2015)",
    options: [
      OptionDescription(
        "scale", .number, default: "40", doc: "points per day: the zoom scale", minimum: 0.01, maximum: 1000),
      OptionDescription(
        "trackHeight", .number, default: "44", doc: "height of a track (one section)", minimum: 1, maximum: 100_000),
      OptionDescription(
        "headerHeight", .number, default: "30", doc: "height of the date row along the top", minimum: 0,
        maximum: 100_000),
      OptionDescription(
        "margin", .number, default: "20", doc: "space before the first day and after the last", minimum: 0,
        maximum: 100_000),
      OptionDescription(
        "dotSize", .number, default: "12", doc: "diameter of an event's dot", minimum: 0, maximum: 10_000),
      OptionDescription(
        "minimumLabelWidth", .number, default: "60",
        doc: "narrowest date heading: ticks are 1, 7, 30 or 365 days apart, the first that is this wide", minimum: 1,
        maximum: 1_000_000),
    ],
    kinds: [link, date, band],
    customKeys: ["day"],
    drawings: [
      KindDrawingHint(link, .line, direction: .falling), KindDrawingHint(nil, .dot),
      KindDrawingHint(date, .box, label: .init("day", as: .date)),
    ],
    zoomOption: "scale", zoomAxes: .x)

  public let collectionView: CollectionView
  var scale = 40.0
  var trackHeight = 44.0
  var headerHeight = 30.0
  var margin = 20.0
  /// The space before the first day (and after the last): the margin, or more when a dot is
  /// wider than the margin and half a day together, so no dot starts before the content.
  var leading = 20.0
  var dotSize = 12.0
  var minimumLabelWidth = 60.0

  /// Each track's event days, in order (days since 1970-01-01).
  var tracks: [[Int32]] = []
  /// Each track's end days, or none when no event of the track has one (`noEnd`: a dot).
  var ends: [[Int32]] = []
  /// For a track with ranges: the latest day reached by its events up to each one (a prefix
  /// maximum of their last days), what a rect query binary-searches where ranges overlap.
  var reach: [[Int32]] = []
  /// The first and last day of all events; nil when there are none.
  var days: ClosedRange<Int>?
  /// Days between date headings.
  var tickSpacing = 7
  /// Every other month (or week) from the one holding the first day, as first and last day + 1.
  var bands: [(start: Int, end: Int)] = []
  /// Where the date row sits: 0, or pinned to the top of the bounds of the last pass.
  var dateRowY = 0.0
  var contentSize = Size.zero
  /// Set by new options and by invalidations of everything or of the data-source counts: the
  /// next prepare reads the events again. A bounds change only moves the date row.
  var needsEvents = true

  public init(collectionView: CollectionView) {
    self.collectionView = collectionView
  }

  public func apply(options: LayoutOptions) throws(LayoutError) {
    let minimumLabelWidth = options.number("minimumLabelWidth", default: self.minimumLabelWidth)
    let dotSize = options.number("dotSize", default: self.dotSize)
    let trackHeight = options.number("trackHeight", default: self.trackHeight)
    guard dotSize <= trackHeight else {
      throw LayoutError(
        "dotSize=\(dotSize.formattedForMessage) is larger than trackHeight=\(trackHeight.formattedForMessage): a dot must fit its track"
      )
    }
    scale = options.number("scale", default: scale)
    headerHeight = options.number("headerHeight", default: headerHeight)
    margin = options.number("margin", default: margin)
    self.dotSize = dotSize
    self.trackHeight = trackHeight
    self.minimumLabelWidth = minimumLabelWidth
    needsEvents = true
  }

  public var collectionViewContentSize: Size { contentSize }

  public func prepare() throws(LayoutError) {
    if needsEvents {
      let read = try readEvents()
      tracks = read.tracks
      ends = read.ends
      reach = zip(read.tracks, read.ends).map { days, ends in
        guard !ends.isEmpty else { return [] }
        var latest = Int32.min
        return zip(days, ends).map { day, end in
          latest = max(latest, end == Self.noEnd ? day : end)
          return latest
        }
      }
      days = read.days
      tickSpacing = Self.tickSpacing(scale: scale, minimumLabelWidth: minimumLabelWidth)
      bands = days.map { Self.bands(covering: $0, weekly: tickSpacing == 1) } ?? []
      leading = max(margin, (dotSize - scale) / 2)
      let width = 2 * leading + Double(days.map { $0.count } ?? 0) * scale
      contentSize = Size(width: width, height: headerHeight + Double(tracks.count) * trackHeight)
      needsEvents = false
    }
    dateRowY = pinnedDateRowY(in: collectionView.bounds)
  }

  /// The smallest of 1, 7, 30 and 365 days that is at least `minimumLabelWidth` wide at `scale`;
  /// when even a year is narrower, the fewest whole years that are.
  static func tickSpacing(scale: Double, minimumLabelWidth: Double) -> Int {
    for days in [1, 7, 30, 365] where Double(days) * scale >= minimumLabelWidth { return days }
    // scale ≥ 0.01 and minimumLabelWidth ≤ 1e6 (the options' ranges): at most 273,973 years.
    return 365 * Int((minimumLabelWidth / (365 * scale)).rounded(.up))
  }

  /// Every other calendar month (or Monday-to-Sunday week) from the one holding the first day,
  /// clipped to the days.
  static func bands(covering days: ClosedRange<Int>, weekly: Bool) -> [(start: Int, end: Int)] {
    var result: [(start: Int, end: Int)] = []
    var start = weekly ? CalendarDay.weekStart(days.lowerBound) : CalendarDay.monthStart(days.lowerBound)
    var shaded = true
    while start <= days.upperBound {
      let end = weekly ? start + 7 : CalendarDay.nextMonth(after: start)
      if shaded { result.append((max(start, days.lowerBound), min(end, days.upperBound + 1))) }
      shaded.toggle()
      start = end
    }
    return result
  }

  /// The date row's y: pinned to the top of `bounds` while the content is taller than the view,
  /// never above the content's top nor below its bottom.
  func pinnedDateRowY(in bounds: Rect) -> Double {
    guard contentSize.height > bounds.height else { return 0 }
    return min(max(bounds.minY, 0), contentSize.height - headerHeight)
  }
}

extension Double {
  /// 12, 0.5: as a person typed it.
  var formattedForMessage: String {
    self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
  }
}
