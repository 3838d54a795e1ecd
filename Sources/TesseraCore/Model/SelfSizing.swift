import TesseraKit

/// Self-sizing as a collection view does it: when the visible cells are shown they are measured,
/// and each one whose measured size differs from its current one reports a preferred size; the
/// layout decides whether that invalidates it; repeat until nothing changes.
package struct SelfSizing {
  package init() {}

  /// `selfsizing on`: visible cells are measured and report preferred sizes until they settle.
  package var isOn = false
  /// Passes before a loop that does not settle is an error.
  package var budget = 50
  /// How often each `measureCycle` cell was measured, by id.
  package var measureCounts: [String: Int] = [:]

  /// `selfsizing text …`: cells with a `text` prop measure it in this style; nil: every cell
  /// measures its dataset size.
  package var text: TextStyle?
  /// What measures the text (the process's `TextEngine`, taken when `text` is set).
  package var textMeasurer: (any TextMeasuring)?
  /// How a cell measuring its dataset size fits it to the size the layout proposes.
  package var fit = DatasetFit.both

  package typealias DatasetFit = SelfSizingFit

  /// What the cell at `path` measures when the layout proposes `proposed` (its current size), on
  /// a screen of `scale`, and from where — without counting the measure (`selfsizing measure`).
  /// In order: the next entry of its `measureCycle` prop (`[w, h, w, h, ...]`, a way to script a
  /// cell that never settles), its text prop (`text`, or the prop the style names) when `text` is set, its dataset `size`.
  package func measurement(_ path: IndexPath, in dataset: Dataset, proposed: Size, scale: Double?) throws(HostError)
    -> (size: Size?, source: MeasureSource)
  {
    let items = dataset.sections[path.section].items
    if case .numbers(let cycle) = items.property("measureCycle", at: path.item), cycle.count >= 2,
      cycle.count % 2 == 0
    {
      let pair = measureCounts[items.ids[path.item], default: 0] % (cycle.count / 2)
      return (Size(width: cycle[2 * pair], height: cycle[2 * pair + 1]), .cycle(entry: pair))
    }
    if let text, let textMeasurer, case .string(let string) = items.property(text.prop, at: path.item) {
      guard string.utf8.count <= Limits.measuredText else {
        throw HostError(
          "item \(path) ('\(items.ids[path.item].escapingAllControls)') has a \(text.prop.escapingAllControls) prop of \(string.utf8.count) bytes: self-sizing measures texts of at most \(Limits.measuredText) bytes (shorten it, or measure dataset sizes with 'selfsizing text off')"
        )
      }
      // At most 100,000 characters of at most 1,000 points: every side stays within Limits.coordinate.
      let measure = text.measure(string, proposed: proposed, scale: scale, with: textMeasurer)
      return (measure.cell, .text(measure))
    }
    guard let size = items.size(at: path.item) else { return (nil, .none) }
    let fitted = fit.fitted(size, proposed: proposed, scale: scale)
    guard fitted.height.isFinite, fitted.height <= Limits.coordinate else {
      // Only `fit aspect` scales a side: a dataset size far narrower than tall.
      throw HostError(
        "item \(path) ('\(items.ids[path.item].escapingAllControls)') measures \(formatNumber(proposed.width)) wide and \(formatNumber(fitted.height)) tall with 'selfsizing fit aspect': its dataset size \(size.formatted) is too narrow for the width the layout gives it (a side is at most \(Limits.coordinateText) points; give it a real size, or measure with 'selfsizing fit both' or 'height')"
      )
    }
    return (fitted, .dataset)
  }

  /// What a cell measures, counting a `measureCycle` entry as used; nil when it has nothing to
  /// measure.
  package mutating func measure(_ path: IndexPath, in dataset: Dataset, proposed: Size, scale: Double?)
    throws(HostError) -> Size?
  {
    let (size, source) = try measurement(path, in: dataset, proposed: proposed, scale: scale)
    if case .cycle = source { measureCounts[dataset.sections[path.section].items.ids[path.item], default: 0] += 1 }
    return size
  }

  /// One pass of self-sizing over `cells`, as a layout pass does it: each cell is measured and,
  /// when its size differs, asks the layout as it is (no cell sees another's size); the caller
  /// invalidates with every request at once, merged into the next pass.
  package mutating func requests(
    for cells: [Element], of layout: LayoutInstance, in dataset: Dataset, scale: Double?
  ) throws(HostError) -> [(cell: Element, measured: Size, request: InvalidationContext)] {
    var requests: [(cell: Element, measured: Size, request: InvalidationContext)] = []
    for cell in cells where cell.category == .cell {
      guard let measured = try measure(cell.indexPath, in: dataset, proposed: cell.frame.size, scale: scale),
        measured != cell.frame.size, let request = try layout.preferredSize(measured, for: cell)
      else { continue }
      requests.append((cell, measured, request))
    }
    return requests
  }

  /// Measures the visible cells until they agree with the layout. Returns the number of passes
  /// that changed something; throws when `budget` passes do not settle.
  package mutating func settle(_ layout: LayoutInstance, in model: CollectionModel) throws(HostError) -> Int {
    guard isOn else { return 0 }
    var history: [IndexPath: [Size]] = [:]
    /// What the layout last gave each changing cell.
    var given: [IndexPath: Size] = [:]
    var firstChange: [IndexPath: Int] = [:]
    for pass in 1...(budget + 1) {
      let cells = try layout.attributes(in: model.bounds)
      var changed: [IndexPath] = []
      let asked = try requests(for: cells, of: layout, in: model.dataset, scale: model.screenScale)
      for (cell, measured, request) in asked {
        layout.invalidate(request)
        layout.preferredLog.append(
          (model.dataset.sections[cell.indexPath.section].items.ids[cell.indexPath.item], measured))
        history[cell.indexPath, default: [cell.frame.size]].append(measured)
        given[cell.indexPath] = cell.frame.size
        if firstChange[cell.indexPath] == nil { firstChange[cell.indexPath] = pass }
        changed.append(cell.indexPath)
      }
      if changed.isEmpty { return pass - 1 }
      if pass > budget {
        let named = changed.prefix(5).map { path -> String in
          let sizes = (history[path] ?? []).suffix(2).map(\.formatted)
          // A cell that measures the same each pass while the layout keeps another size says
          // both; one that alternates says its two sizes.
          let what =
            sizes.count == 2 && sizes[0] == sizes[1]
            ? "measures \(sizes[1]) each pass, the layout gives \(given[path]?.formatted ?? "?")"
            : sizes.joined(separator: " ↔ ")
          return "\(path) (\(what), since pass \(firstChange[path] ?? pass))"
        }
        let hint =
          text?.fit == .both
          ? " (a layout that sets a cell's width, as a list does, needs 'selfsizing text fit=height'; or raise the budget with 'selfsizing on N')"
          : " (raise the budget with 'selfsizing on N', or fix the cell's measurement)"
        throw HostError(
          "self-sizing did not settle after \(budget) passes: \(named.joined(separator: ", "))\(changed.count > 5 ? " and \(changed.count - 5) more" : "") keep changing size\(hint)"
        )
      }
      try layout.prepareIfNeeded()
    }
    return budget
  }
}

/// Where a cell's measured size comes from.
public enum MeasureSource: Equatable, Sendable {
  /// Entry `entry` (counted from 0) of its `measureCycle` prop.
  case cycle(entry: Int)
  /// Its `text` prop, as measured.
  case text(TextMeasure)
  /// Its dataset `size`.
  case dataset
  /// Nothing: the cell has no size of its own and no text.
  case none
}

/// How a cell that measures its dataset size answers `preferredLayoutAttributesFitting`:
/// UIKit's fitting keeps the proposed size on an axis the cell is told to keep (priority
/// 1000) and fits the other (priority 50).
public enum SelfSizingFit: String, CaseIterable, Sendable {
  /// Both sides fitted: the cell is its dataset size (a flow layout's cell).
  case both
  /// The proposed width kept, the dataset height reported (a list row of fixed-height content).
  case height
  /// The proposed width kept, the height the dataset size has at that width (content that
  /// keeps its aspect ratio: a photo in a waterfall's column).
  case aspect

  /// `selfsizing`'s help for `selfsizing fit`.
  public static let help = """
    'selfsizing fit both|height|aspect' says how a cell measuring its dataset size fits it to the size the \
    layout gives it, as preferredLayoutAttributesFitting keeps the axes it is told to: both (the default: the cell \
    is its dataset size, a flow layout's cell), height (it keeps the width and measures its dataset height: a list \
    row), aspect (it keeps the width and measures the height its dataset size has at that width, rounded to the \
    nearest pixel: a photo in a waterfall's column). A cell whose layout never gives it the width it measures \
    reports it again every pass and does not settle.
    """

  /// What it means, for a reply.
  public var meaning: String {
    switch self {
    case .both: "each cell is its dataset size"
    case .height: "each cell keeps its width and measures its dataset height"
    case .aspect: "each cell keeps its width and measures the height its dataset size has at that width"
    }
  }

  /// The size the cell reports for dataset size `size` when the layout proposes `proposed`;
  /// a fitted height is rounded to the nearest pixel of `scale` (`UISizeRoundToScale`).
  public func fitted(_ size: Size, proposed: Size, scale: Double?) -> Size {
    func nearestPixel(_ value: Double) -> Double { scale.map { (value * $0).rounded() / $0 } ?? value }
    switch self {
    case .both: return size
    case .height: return Size(width: proposed.width, height: size.height)
    case .aspect:
      guard size.width > 0 else { return Size(width: proposed.width, height: size.height) }
      return Size(width: proposed.width, height: nearestPixel(size.height * proposed.width / size.width))
    }
  }
}
