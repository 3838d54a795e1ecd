/// A scripted session with its expected transcript (docs/design.md, "Session files"): `> command`
/// lines, each followed by its expected output; `#` lines and blank lines before a command are
/// comments.
///
/// A file without any `> ` line is a plain script: every line that is not blank or a comment is
/// a command (what `run` accepts besides session files).
public struct SessionFile: Sendable {
  public struct Block: Sendable {
    /// Comment and blank lines before the command, kept as written.
    public var comments: [String] = []
    /// The command; nil for trailing comments at the end of the file.
    public var command: String?
    /// Expected output lines.
    public var expected: [String] = []
    /// 1-based line number of the command, for messages.
    public var line = 0
  }

  public var blocks: [Block]
  /// How the file ends its lines ("\r\n" for a file written on Windows, "\r" for one written on
  /// a classic Mac), kept on rewrite.
  public var lineEnding = "\n"
  /// Whether the file starts with a UTF-8 byte-order mark (as some editors save): read as
  /// nothing, kept on rewrite.
  public var byteOrderMark = false

  /// The lines of `text` (without a byte-order mark) and the line ending it uses: "\r\n", "\n"
  /// and a lone "\r" each end a line; the first ending found is the file's.
  package static func lines(_ text: Substring.UnicodeScalarView) -> (lines: [String], ending: String) {
    var lines: [String] = []
    var ending: String?
    var start = text.startIndex
    var index = start
    while index < text.endIndex {
      let scalar = text[index]
      if scalar == "\n" || scalar == "\r" {
        lines.append(String(text[start..<index]))
        var next = text.index(after: index)
        if scalar == "\r", next < text.endIndex, text[next] == "\n" {
          next = text.index(after: next)
          if ending == nil { ending = "\r\n" }
        } else if ending == nil {
          ending = scalar == "\r" ? "\r" : "\n"
        }
        start = next
        index = next
      } else {
        index = text.index(after: index)
      }
    }
    if start < text.endIndex { lines.append(String(text[start...])) }
    return (lines, ending ?? "\n")
  }

  public static func parse(_ text: String) -> SessionFile {
    let byteOrderMark = text.unicodeScalars.first == "\u{FEFF}"
    let body = Substring(text).unicodeScalars.dropFirst(byteOrderMark ? 1 : 0)
    let (lines, lineEnding) = Self.lines(Substring.UnicodeScalarView(body))
    let isSession = lines.contains { $0.hasPrefix("> ") || $0 == ">" }
    var blocks: [Block] = []
    var pending = Block()
    var current: Block?
    func finish() {
      guard var block = current else { return }
      // Blank lines after an output belong to the next block, as separators.
      while block.expected.last == "" {
        block.expected.removeLast()
        pending.comments.insert("", at: 0)
      }
      blocks.append(block)
      current = nil
    }
    for (index, line) in lines.enumerated() {
      if isSession {
        if line.hasPrefix("> ") || line == ">" {
          let comments = pending.comments
          pending = Block()
          finish()
          // finish() may have pushed blank separators into `pending`.
          let separators = pending.comments
          pending = Block()
          current = Block(comments: separators + comments, command: String(line.dropFirst(2)), line: index + 1)
        } else if current != nil, !line.hasPrefix("#") {
          current!.expected.append(line)
        } else {
          if current != nil { finish() }
          pending.comments.append(line)
        }
      } else {
        let trimmed = line.trimmingLeadingAndTrailingWhitespace
        if trimmed.isEmpty || trimmed.hasPrefix("#") {
          pending.comments.append(line)
        } else {
          blocks.append(Block(comments: pending.comments, command: trimmed, line: index + 1))
          pending = Block()
        }
      }
    }
    finish()
    if !pending.comments.isEmpty { blocks.append(pending) }
    return SessionFile(blocks: blocks, lineEnding: lineEnding, byteOrderMark: byteOrderMark)
  }

  /// The file's text with each block's expected output replaced by `outputs[i]` where given.
  public func rendered(replacing outputs: [Int: [String]] = [:]) -> String {
    var lines: [String] = []
    for (index, block) in blocks.enumerated() {
      lines += block.comments
      if let command = block.command {
        lines.append("> " + command)
        lines += outputs[index] ?? block.expected
      }
    }
    return (byteOrderMark ? "\u{FEFF}" : "") + lines.map { $0 + lineEnding }.joined()
  }
}
