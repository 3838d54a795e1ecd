import TesseraKit

extension Rect {
  /// True when the two rects share a region of positive area: rects that touch along an edge and
  /// zero-area rects never do. What pictures need (overlap marks, labels in the way); rect queries
  /// follow Core Graphics' rule instead (`intersects`).
  func overlapsWithArea(_ other: Rect) -> Bool {
    minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
      && width > 0 && height > 0 && other.width > 0 && other.height > 0
  }
}
