/// A finished picture: SVG text (UTF-8, ending with a newline) and what it shows.
public struct Picture: Sendable, Equatable {
  public var svg: String
  /// Elements drawn, or binned in an overview (hidden ones count only when they are drawn).
  public var elementCount: Int
  /// Cells whose frames overlap another drawn cell with positive area (0 in an overview).
  public var overlapCount: Int
  /// True when the elements were too many and the picture is a density overview.
  public var isOverview: Bool

  public init(svg: String, elementCount: Int, overlapCount: Int = 0, isOverview: Bool = false) {
    self.svg = svg
    self.elementCount = elementCount
    self.overlapCount = overlapCount
    self.isOverview = isOverview
  }
}
