/// Input quoted back in a message, cut short: a message names what was wrong, it does not
/// repeat a 150 MB line (which once made 314 MB of output).
extension String {
  /// The longest input a message quotes whole, in characters.
  package static let quotedLimit = 60

  /// The text itself when short; otherwise its first `quotedLimit` characters, an ellipsis and
  /// how long the whole was.
  package var quotedPrefix: String {
    var index = startIndex
    var count = 0
    while index < endIndex, count < Self.quotedLimit {
      formIndex(after: &index)
      count += 1
    }
    guard index < endIndex else { return self }
    return "\(self[..<index])… (\(utf8.count) bytes)"
  }
}
