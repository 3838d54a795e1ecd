import TesseraKit

/// Cells coloured by one of their string props (a layout's drawing hint `colourProp`: the
/// schematic's nodes by `type`): each distinct value of it in the dataset, sorted, takes a colour
/// of its own, and the legend names it `key=value`.
public struct CellColours {
  public var key: String
  /// Each value's place among the dataset's distinct values, sorted.
  public var ranks: [String: Int]
  /// A cell's value, or nil (no such prop, or not a string).
  public var value: (IndexPath) -> String?

  /// The place of a cell's value, or nil when it has none.
  func rank(of path: IndexPath) -> Int? { value(path).flatMap { ranks[$0] } }
}

extension WorkbenchState {
  /// The colours the layout's drawing hint for cells asks for; nil when it asks for none.
  func cellColours(for classes: [LayoutClass]) -> CellColours? {
    guard let key = classes.lazy.compactMap({ $0.drawings["cell"]?.colourProp }).first else { return nil }
    let values = model.distinctStrings(key)
    var ranks: [String: Int] = [:]
    for (rank, value) in values.enumerated() { ranks[value] = rank }
    return CellColours(key: key, ranks: ranks, value: { [model] path in model.string(key, at: path) })
  }
}
