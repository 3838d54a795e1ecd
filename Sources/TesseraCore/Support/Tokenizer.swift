/// Splits a command line into words: whitespace separates, double quotes keep spaces (for
/// paths), a backslash escapes the next character inside quotes. A line starting with `#` is a
/// comment.
public enum Tokenizer {
  public static func words(_ line: String) throws(HostError) -> [String] {
    // A NUL would cut a path short where C reads it, and is never meant: refuse it outright.
    if line.utf8.contains(0) {
      throw HostError(
        "the line contains a NUL character (\\0): no command, path or id may contain one; remove it and try again")
    }
    var words: [String] = []
    var current = ""
    var inWord = false
    var quoted = false
    var escaping = false
    for character in line {
      if escaping {
        current.append(character)
        escaping = false
      } else if quoted {
        if character == "\\" {
          escaping = true
        } else if character == "\"" {
          quoted = false
        } else {
          current.append(character)
        }
      } else if character == "\"" {
        quoted = true
        inWord = true
      } else if character.isWhitespace {
        if inWord {
          words.append(current)
          current = ""
          inWord = false
        }
      } else {
        current.append(character)
        inWord = true
      }
    }
    if quoted { throw HostError("unterminated quote in: \(line)") }
    if inWord { words.append(current) }
    return words
  }

  /// `word` as `words` reads it back as one word: as it is when it holds no whitespace, quote
  /// or backslash (and is not empty); else in double quotes, with `\` and `"` escaped.
  public static func quoted(_ word: String) -> String {
    guard word.isEmpty || word.contains(where: { $0.isWhitespace || $0 == "\"" || $0 == "\\" }) else { return word }
    var out = "\""
    for character in word {
      if character == "\"" || character == "\\" { out.append("\\") }
      out.append(character)
    }
    return out + "\""
  }

  /// `key=value` words into a dictionary, refusing words without `=` and repeated keys.
  public static func keyValues(_ words: ArraySlice<String>) throws(HostError) -> [(String, String)] {
    var pairs: [(String, String)] = []
    var keys = Set<String>()  // linear time however many pairs a line holds
    for word in words {
      guard let equals = word.firstIndex(of: "="), equals != word.startIndex else {
        throw HostError.usage("expected key=value, got '\(word)'")
      }
      let key = String(word[..<equals])
      guard keys.insert(key).inserted else { throw HostError("'\(key)' is given twice") }
      pairs.append((key, String(word[word.index(after: equals)...])))
    }
    return pairs
  }
}
