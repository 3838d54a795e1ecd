/// Help text wrapped to a terminal's width, as a person reads it: a long line breaks between
/// words, and its continuation lines start under the text they continue — under the last column
/// of a two-column row (`  usage   summary`), else under the line's own indentation. Words longer
/// than the room left stay whole. Only the REPL wraps (at its terminal's width); pipes, `run` and
/// session files get the text as it is, so transcripts do not depend on a window.
public enum TextWrapping {
  public static func wrap(_ text: String, width: Int) -> String {
    guard width >= 20 else { return text }
    return text.split(separator: "\n", omittingEmptySubsequences: false).map { wrapLine(String($0), width: width) }
      .joined(separator: "\n")
  }

  static func wrapLine(_ line: String, width: Int) -> String {
    let characters = Array(line)
    guard characters.count > width else { return line }
    let leading = characters.prefix { $0 == " " }.count
    // A two-column row: continue under the last column (after the last run of 2+ spaces).
    var indent = leading
    var index = leading
    while index < characters.count - 1 {
      if characters[index] == " ", characters[index + 1] == " " {
        var end = index
        while end < characters.count, characters[end] == " " { end += 1 }
        if end < characters.count { indent = end }
        index = end
      } else {
        index += 1
      }
    }
    if indent > width / 2 {
      // The last column starts too far right to hold much: the row's first part on a line of its
      // own, the rest wrapped below it, indented a little more.
      var head = String(characters.prefix(indent))
      while head.last == " " { head.removeLast() }
      let rest = String(repeating: " ", count: leading + 4) + String(characters.dropFirst(indent))
      return head + "\n" + wrapLine(rest, width: width)
    }
    let pad = String(repeating: " ", count: indent)
    var lines: [String] = []
    var current = String(characters.prefix(indent))
    var words = String(characters.dropFirst(indent)).split(separator: " ", omittingEmptySubsequences: false)[...]
    var atStart = true
    while let word = words.popFirst() {
      let piece = String(word)
      if atStart {
        current += piece
        atStart = false
      } else if current.count + 1 + piece.count <= width {
        current += " " + piece
      } else {
        lines.append(current)
        current = pad + piece
      }
    }
    lines.append(current)
    return lines.joined(separator: "\n")
  }
}
