import TesseraKit

/// Reads attribute listings back from a transcript (a golden session's expected output), for
/// pictures of what a session expected.
///
/// A table is what `dump`, `visible` and `item` print (`AttributesTable.table`): a header
/// `element path [id] x y width height`, then optionally `z`, `alpha` and `extra`, columns found at
/// the header's positions (or, for a row typed by hand that does not line up, word by word); the
/// count line "(N elements)" and the "(1000 of N elements shown…)"
/// line are skipped, and "(no elements)" is an empty listing. A table does not say an element's
/// category: kind `cell` reads as a cell and every other kind as a supplementary view (a
/// decoration reads as a supplementary view of its kind). The extra column gives `hidden`,
/// `transform=a,b,c,d,tx,ty` and custom values `key=value`.
public enum AttributeTableReader {
  static let required = ["element", "path", "x", "y", "width", "height"]
  static let optional = ["z", "alpha", "extra"]

  /// The elements of a table, in its order; nil when the lines are not an attribute table.
  public static func elements(fromTable lines: [String]) -> [Element]? {
    var rows = lines[...]
    while let first = rows.first, first.allSatisfy(\.isWhitespace) { rows.removeFirst() }
    while let last = rows.last, last.allSatisfy(\.isWhitespace) { rows.removeLast() }
    guard let headerLine = rows.popFirst() else { return nil }
    if headerLine == "(no elements)" { return rows.isEmpty ? [] : nil }
    guard let columns = columns(headerLine) else { return nil }
    var elements: [Element] = []
    for line in rows {
      // The count lines, and the warning about an element answered more than once.
      if isCountLine(line) || line.hasPrefix("warning: ") { continue }
      // A table typed by hand may not line up with its header: its words still read.
      guard let element = element(line, columns: columns) ?? element(words: line, columns: columns.map(\.name))
      else { return nil }
      elements.append(element)
    }
    return elements
  }

  /// Why `lines` are not an attribute table: the first line that does not read, quoted, and what
  /// is wrong with it; nil when every line reads.
  public static func whyUnreadable(_ lines: [String]) -> String? {
    let rows = lines.filter { !$0.allSatisfy(\.isWhitespace) }
    guard let header = rows.first else { return nil }
    if header.hasPrefix("{") {
      return rows.count > 1
        ? "a JSON listing is one line, and this one spans \(rows.count)"
        : "cannot read `\(header)` as a JSON listing (an object with an \"elements\" array)"
    }
    guard let columns = columns(header) else {
      return
        "cannot read `\(header)`: the first line must be a header, `\((required + optional).joined(separator: " "))` (id after path for cells)"
    }
    guard
      let row = rows.dropFirst().first(where: { line in
        !isCountLine(line) && !line.hasPrefix("warning: ") && element(line, columns: columns) == nil
          && element(words: line, columns: columns.map(\.name)) == nil
      })
    else { return nil }
    var words = row.split(separator: " ").dropFirst(2)
    if columns.contains(where: { $0.name == "id" }), let first = words.first, parseNumber(String(first)) == nil,
      !first.contains("=")
    {
      words = words.dropFirst()
    }
    let numbers = words.prefix { !$0.contains("=") && $0 != "hidden" }
    if let word = numbers.first(where: { parseNumber(String($0)) == nil }) {
      return "cannot read `\(row)`: `\(word)` is not a number"
    }
    if numbers.count < 4 {
      return
        "cannot read `\(row)`: it has \(numbers.count) number\(numbers.count == 1 ? "" : "s") where x y width height need 4"
    }
    return
      "cannot read `\(row)`: its words do not fit the header's columns (\(columns.map(\.name).joined(separator: " ")))"
  }

  /// A row read word by word: the kind, the path, the id when the header has one and the row
  /// has a word more than the numbers need, the numbers of the header's columns, then the extra
  /// words (`hidden`, `key=value`).
  static func element(words line: String, columns: [String]) -> Element? {
    var words = line.split(separator: " ").map(String.init)[...]
    guard words.count >= 6 else { return nil }
    var cells: [String: String] = ["element": words.removeFirst(), "path": words.removeFirst()]
    let numeric = columns.filter { !["element", "path", "id", "extra"].contains($0) }
    let plain = words.prefix { !($0 == "hidden" || $0.contains("=")) }
    if columns.contains("id"), plain.count == numeric.count + 1 { cells["id"] = words.removeFirst() }
    for name in numeric {
      guard let word = words.first, word != "hidden", !word.contains("=") else { break }
      cells[name] = words.removeFirst()
    }
    cells["extra"] = words.joined(separator: " ")
    return element(cells: cells)
  }

  /// The header's column names and the character offsets they start at.
  static func columns(_ header: String) -> [(name: String, start: Int)]? {
    var out: [(String, Int)] = []
    var offset = 0
    var current = ""
    var start = 0
    for character in header {
      if character == " " {
        if !current.isEmpty { out.append((current, start)) }
        current = ""
      } else {
        if current.isEmpty { start = offset }
        current.append(character)
      }
      offset += 1
    }
    if !current.isEmpty { out.append((current, start)) }
    // The cells' id column, when there is one, sits after the path.
    let names = out.map(\.0).enumerated().filter { !($0.offset == 2 && $0.element == "id") }.map(\.element)
    guard names.count >= required.count, Array(names.prefix(required.count)) == required else { return nil }
    var rest = optional[...]
    for name in names.dropFirst(required.count) {
      guard let position = rest.firstIndex(of: name) else { return nil }
      rest = rest[(position + 1)...]
    }
    return out
  }

  /// "(20 elements)", "(1 element)", "(1000 of 5000 elements shown: …)".
  static func isCountLine(_ line: String) -> Bool {
    guard line.first == "(", line.last == ")" else { return false }
    let words = line.dropFirst().dropLast().split(separator: " ")
    guard let first = words.first, Int(first) != nil, words.count >= 2 else { return false }
    if words[1] == "elements" || words[1] == "element" { return words.count == 2 }
    return words[1] == "of" && words.count >= 4 && Int(words[2]) != nil && words[3].hasPrefix("elements")
  }

  static func element(_ line: String, columns: [(name: String, start: Int)]) -> Element? {
    let characters = Array(line)
    var cells: [String: String] = [:]
    for (index, column) in columns.enumerated() {
      let end = index + 1 < columns.count ? min(columns[index + 1].start, characters.count) : characters.count
      guard column.start <= end else {
        cells[column.name] = ""
        continue
      }
      // A cell must begin at its column: the character before it is a space (or the line start).
      if column.start > 0, column.start < characters.count, characters[column.start - 1] != " " { return nil }
      var cell = String(characters[column.start..<end])
      while cell.last == " " { cell.removeLast() }
      cells[column.name] = cell
    }
    return element(cells: cells)
  }

  /// An element from its cells by column name.
  static func element(cells: [String: String]) -> Element? {
    guard let kind = cells["element"], !kind.isEmpty, !kind.contains(" "),
      let path = cells["path"].flatMap(parseIndexPath),
      let x = cells["x"].flatMap(parseNumber), let y = cells["y"].flatMap(parseNumber),
      let width = cells["width"].flatMap(parseNumber), let height = cells["height"].flatMap(parseNumber)
    else { return nil }
    var element = Element(
      category: kind == "cell" ? .cell : .supplementary, kind: kind == "cell" ? nil : kind, indexPath: path,
      frame: Rect(x: x, y: y, width: width, height: height))
    if let z = cells["z"] {
      guard let value = Int32(z) else { return nil }
      element.zIndex = value
    }
    if let alpha = cells["alpha"] {
      guard let value = parseNumber(alpha) else { return nil }
      element.alpha = value
    }
    if let extra = cells["extra"], !extra.isEmpty {
      guard read(extra: extra, into: &element) else { return nil }
    }
    return element
  }

  /// `hidden`, `transform=a,b,c,d,tx,ty`, `transform3D=` (16 numbers), `center=`, `bounds=`
  /// (which follow from the frame), `key=value` (a number, or a date the listing wrote for a day),
  /// separated by spaces.
  static func read(extra: String, into element: inout Element) -> Bool {
    for word in extra.split(separator: " ") {
      if word == "hidden" {
        element.isHidden = true
      } else if word.hasPrefix("center=") || word.hasPrefix("bounds=") {
        continue
      } else if word.hasPrefix("transform3D=") {
        let values = word.dropFirst("transform3D=".count).split(separator: ",", omittingEmptySubsequences: false)
          .map { parseNumber(String($0)) }
        guard values.count == 16, values.allSatisfy({ $0 != nil }) else { return false }
        let v = values.map { $0! }
        element.depth = Transform3D.Depth(entries: [v[2], v[3], v[6], v[7], v[8], v[9], v[10], v[11], v[14], v[15]])
      } else if let equals = word.lastIndex(of: "="), equals != word.startIndex,
        let day = CalendarDay.parse(String(word[word.index(after: equals)...]))
      {
        element.custom.append(Element.Custom(key: String(word[..<equals]), value: Double(day)))
      } else if word.hasPrefix("transform=") {
        let values = word.dropFirst("transform=".count).split(separator: ",", omittingEmptySubsequences: false)
          .map { parseNumber(String($0)) }
        guard values.count == 6, values.allSatisfy({ $0 != nil }) else { return false }
        let v = values.map { $0! }
        element.transform = Transform(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5])
      } else if let equals = word.lastIndex(of: "="), equals != word.startIndex,
        let value = parseNumber(String(word[word.index(after: equals)...]))
      {
        element.custom.append(Element.Custom(key: String(word[..<equals]), value: value))
      } else {
        return false
      }
    }
    return true
  }
}
