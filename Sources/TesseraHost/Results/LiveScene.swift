import TesseraKit

/// What the live view (`tessera serve`) draws at one moment: the bounds, the content, and the
/// elements near the bounds, listed as `dump` lists them.
public struct LiveScene {
  public var offset: Point
  public var viewport: Size
  public var content: Size
  /// The layout's name (nil: none loaded).
  public var layout: String?
  /// Whether the layout takes `zoom` (ctrl-wheel zooms it).
  public var zooms: Bool
  /// The elements within `reach` of the bounds, each cell with its dataset id.
  public var elements: AttributeList
  /// The rect they were asked for.
  public var reach: Rect
  /// Elements near the bounds left out: past `LiveScene.mostElements`, only the viewport's are kept.
  public var leftOut: Int
  /// For the palette and shapes, as `render` draws them.
  public var kinds: [String]
  public var drawings: [String: KindDrawingHint]
  /// The adjusted content inset: the scroll range runs from (−left, −top) to the content's size
  /// plus (right, bottom), less the viewport.
  public var adjustedContentInset = EdgeInsets.zero
  /// Cells coloured by a prop, when the layout's drawing hint asks for it.
  public var cellColours: CellColours?

  /// The most elements the page holds at once (the bound is 5,000 nodes).
  public static let mostElements = 4_000
}

/// The last animation the session can play (a batch update or an animated layout change), as
/// `render … batch` and `render … transition` draw it.
public struct LiveMotion {
  public enum Source: String { case batch, layoutChange = "layout change" }
  public var source: Source
  public var motions: [Motion]
  /// The bounds at the start and at the end (a layout change may move them).
  public var startBounds: Rect
  public var endBounds: Rect
  public var content: Size
  public var kinds: [String]
  public var drawings: [String: KindDrawingHint]
}

/// How many elements cover each cell of a grid over the whole content: the live view's
/// overview of a million items.
public struct LiveOverview: Equatable {
  public var content: Size
  public var columns: Int
  public var rows: Int
  /// Row by row, `columns` counts each.
  public var counts: [Int]
  /// The elements counted (each once, however many cells it covers).
  public var elements: Int

  /// Cells along the content's longer side; the shorter side gets proportionally fewer.
  public static let longSide = 200
  public static let shortSideMost = 40
  /// An element that covers more cells than this (a background) counts at its centre only.
  public static let mostCellsAnElement = 1_024

  /// Counts `frame` in every cell it covers (clamped to the grid).
  mutating func add(_ frame: Rect, cellWidth: Double, cellHeight: Double) {
    func cell(_ value: Double, _ size: Double, _ count: Int) -> Int {
      min(max(Int((value / size).rounded(.down)), 0), count - 1)
    }
    elements += 1
    var (x0, x1) = (cell(frame.minX, cellWidth, columns), cell(frame.maxX, cellWidth, columns))
    var (y0, y1) = (cell(frame.minY, cellHeight, rows), cell(frame.maxY, cellHeight, rows))
    // A frame that ends on a cell's edge does not cover the next cell.
    if x1 > x0, frame.maxX <= Double(x1) * cellWidth { x1 -= 1 }
    if y1 > y0, frame.maxY <= Double(y1) * cellHeight { y1 -= 1 }
    if (x1 - x0 + 1) * (y1 - y0 + 1) > Self.mostCellsAnElement {
      (x0, x1) = (cell(frame.midX, cellWidth, columns), cell(frame.midX, cellWidth, columns))
      (y0, y1) = (cell(frame.midY, cellHeight, rows), cell(frame.midY, cellHeight, rows))
    }
    for row in y0...y1 {
      for column in x0...x1 { counts[row * columns + column] += 1 }
    }
  }
}

/// Where a drag released at a velocity comes to rest.
public struct LiveTarget: Equatable {
  /// UIScrollView's projection at the normal deceleration rate, clamped to the content.
  public var projected: Point
  /// The layout's `targetContentOffset` for it, clamped to the content.
  public var target: Point
}
