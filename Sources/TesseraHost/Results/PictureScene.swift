import TesseraKit

/// What a picture shows: a part of the content, the collection view's bounds over it, and the
/// elements the caller queried from the layout for that part.
public struct PictureScene {
  /// The part of the content to draw (the viewport, the whole content, or a rect a person typed).
  public var area: Rect
  /// The collection view's bounds, drawn as a dashed frame captioned with its size and offset.
  public var viewport: Rect
  /// For a motion whose bounds move (a layout change): the bounds at its start. A film strip
  /// draws each frame's bounds between the two; nil: `viewport` throughout.
  public var startViewport: Rect?
  /// Drawn as the content's bounds: a white sheet with a thin outline from (0, 0).
  public var contentSize: Size
  /// The elements whose frames intersect `area`, in any order.
  public var elements: [Element]
  /// The layout's declared kinds in order: kind `kinds[i]` takes palette colour `i + 1`, cells
  /// colour 0. Kinds not declared here follow, in name order.
  public var kinds: [String]
  /// Drawing hints per kind; a kind without one is a box.
  public var drawings: [String: KindDrawingHint]
  /// The dataset id of a cell, shown under its index path when it fits.
  public var cellID: (IndexPath) -> String?
  /// The scroll view's insets: the safe area is shaded inside the viewport, and the adjusted
  /// content inset drawn as a dotted line (only where they are not zero).
  public var scrollInsets = ScrollInsets()
  /// Cells coloured by a prop, when the layout's drawing hint asks for it.
  public var cellColours: CellColours?
  /// Cells drawn with their text, when `selfsizing text` is set.
  public var cellTexts: CellTexts?
  /// Whether overlapping cells are outlined: not while a transition blends two layouts (every
  /// cell is between its places then).
  public var marksOverlaps = true

  public init(
    area: Rect, viewport: Rect, contentSize: Size, elements: [Element], kinds: [String] = [],
    drawings: [String: KindDrawingHint] = [:], cellID: @escaping (IndexPath) -> String? = { _ in nil }
  ) {
    self.area = area
    self.viewport = viewport
    self.contentSize = contentSize
    self.elements = elements
    self.kinds = kinds
    self.drawings = drawings
    self.cellID = cellID
  }
}
