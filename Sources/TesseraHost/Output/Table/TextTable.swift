/// Left-aligned columns separated by two spaces, trailing spaces trimmed: readable at a
/// terminal and stable in session files.
public struct TextTable {
  public var header: [String]
  public var rows: [[String]] = []

  public init(_ header: [String]) {
    self.header = header
  }

  public mutating func add(_ row: [String]) {
    rows.append(row.map(\.escapingAllControls))
  }

  public var rendered: String {
    let all = [header] + rows
    let columns = all.map(\.count).max() ?? 0
    var widths = [Int](repeating: 0, count: columns)
    for row in all { for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) } }
    return all.map { row in
      var line = ""
      for (index, cell) in row.enumerated() {
        if index > 0 { line += "  " }
        line += cell
        if index < row.count - 1 { line += String(repeating: " ", count: widths[index] - cell.count) }
      }
      while line.last == " " { line.removeLast() }
      return line
    }.joined(separator: "\n")
  }
}
