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

extension String {
  /// The longest run without a blank an error message keeps whole, in bytes: a path fits, a
  /// 5 MB argument echoed back does not.
  package static let longestWord = 240
  /// The longest message an error keeps whole, in bytes.
  package static let longestMessage = 4000

  /// The text with each run of non-blank characters longer than `longestWord` bytes cut to its
  /// `quotedPrefix` (the quote or punctuation that closed it kept): every message an error
  /// carries goes through it, so no argument comes back whole, whichever command quoted it.
  package var clippingLongWords: String {
    guard utf8.count > Self.longestWord else { return self }
    let clipped = clippingEachLongWord
    // A message of many short words (a long quoted argument) is cut as a whole past this.
    guard clipped.utf8.count > Self.longestMessage else { return clipped }
    let kept = String(decoding: clipped.utf8.prefix(Self.longestMessage), as: UTF8.self)
    return "\(kept)… (the message is \(utf8.count) bytes)"
  }

  private var clippingEachLongWord: String {
    var result = ""
    var rest = self[...]
    while let blank = rest.firstIndex(where: \.isWhitespace) ?? (rest.isEmpty ? nil : rest.endIndex) {
      let word = rest[..<blank]
      if word.utf8.count > Self.longestWord {
        let closing = word.reversed().prefix(while: { "'\")]},.;:".contains($0) }).count
        let body = String(word.dropLast(closing))
        result += body.quotedPrefix + word.suffix(closing)
      } else {
        result += word
      }
      guard blank < rest.endIndex else { break }
      result.append(rest[blank])
      rest = rest[rest.index(after: blank)...]
    }
    return result
  }
}
