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
  /// How the file ends its lines ("\r\n" for a file written on Windows), kept on rewrite.
  public var lineEnding = "\n"

  public static func parse(_ text: String) -> SessionFile {
    // Swift treats "\r\n" as one Character: split on Unicode scalars so both endings work.
    let crlf = text.utf8.contains(13)
    var lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map {
      var line = String($0)
      if line.unicodeScalars.last == "\r" { line = String(line.unicodeScalars.dropLast()) }
      return line
    }
    if lines.last == "" { lines.removeLast() }
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
    return SessionFile(blocks: blocks, lineEnding: crlf && text.contains("\r\n") ? "\r\n" : "\n")
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
    return lines.map { $0 + lineEnding }.joined()
  }
}
