/// Greedy line breaking, as a label wrapping by words does it: a line takes characters until the
/// next would make it wider than the limit, then breaks at its last opportunity — after a run of
/// spaces (which hang at the line's end and do not count in its width; a no-break space is not
/// one) or after a hyphen that follows a letter. A word wider than a line on its own breaks between characters, at least one
/// character to a line.
enum LineBreaker {
  struct Character {
    var character: Swift.Character
    /// In font units.
    var advance: Double

    /// A space a line may break after: white space but a line feed and the no-break spaces
    /// (U+00A0, U+2007, U+202F, U+FEFF), which join what they separate.
    var isSpace: Bool {
      guard character.isWhitespace, !character.isNewline else { return false }
      return !character.unicodeScalars.contains { [0xA0, 0x2007, 0x202F, 0xFEFF].contains($0.value) }
    }
  }

  /// The ranges of the lines' characters, trailing spaces left out. `limit` in font units; nil:
  /// one line. An empty paragraph is one empty line.
  static func ranges(_ characters: [Character], limit: Double?) -> [Range<Int>] {
    guard let limit, !characters.isEmpty else { return [0..<trimmedEnd(characters, 0, characters.count)] }
    var lines: [Range<Int>] = []
    var start = 0
    while start < characters.count {
      var width = 0.0
      /// Where the last break opportunity leaves this line's text (its end, spaces trimmed) and
      /// where the next line would start.
      var opportunity: (end: Int, next: Int)?
      var index = start
      var end = characters.count
      while index < characters.count {
        let character = characters[index]
        if character.isSpace {
          // Spaces hang: they never push a line over, and a break may follow them.
          var after = index
          while after < characters.count, characters[after].isSpace { after += 1 }
          for space in index..<after { width += characters[space].advance }
          opportunity = (index, after)
          index = after
          continue
        }
        if width + character.advance > limit, index > start {
          if let opportunity, opportunity.end > start {
            (end, index) = opportunity
          } else {
            end = index
          }
          break
        }
        width += character.advance
        index += 1
        if character.character == "-", index < characters.count, !characters[index].isSpace, index - 1 > start,
          characters[index - 2].character.isLetter
        {
          opportunity = (index, index)
        }
      }
      if index >= characters.count, end == characters.count {
        lines.append(start..<trimmedEnd(characters, start, characters.count))
        break
      }
      lines.append(start..<trimmedEnd(characters, start, end))
      start = index
      // A break inside a run of spaces (a line that is only spaces) moves past them.
      while start < characters.count, characters[start].isSpace, start == end { start += 1 }
    }
    return lines
  }

  /// `end` moved back over trailing spaces, no further than `start`.
  private static func trimmedEnd(_ characters: [Character], _ start: Int, _ end: Int) -> Int {
    var end = end
    while end > start, characters[end - 1].isSpace { end -= 1 }
    return end
  }
}
