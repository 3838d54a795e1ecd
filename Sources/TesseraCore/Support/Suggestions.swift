/// "Did you mean": the names closest to a mistyped word, for every error that names what is
/// allowed (commands, batch operations, options, keys).
public enum Suggestions {
  /// Names within edit distance 2 (or a third of the word), best first.
  public static func closest(to word: String, among names: [String]) -> [String] {
    // A word far longer than any name is no typo of one (and would cost its length squared).
    guard word.utf8.count <= 64 else { return [] }
    let limit = max(2, word.count / 3)
    let scored = names.map { ($0, editDistance(word, $0)) }.filter { $0.1 <= limit }
    guard let best = scored.map(\.1).min() else { return [] }
    return scored.filter { $0.1 == best }.map(\.0)
  }

  /// Levenshtein distance.
  public static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
