/// Malformed and extreme datasets from real ones: bytes flipped, chunks duplicated or cut,
/// numbers swapped for extreme values, deep nesting, and sizes, blocks and props at the limits.
struct DatasetMutator {
  var random: SplitMix64
  let seeds: [String]

  mutating func pick<T>(_ choices: [T]) -> T {
    choices[random.int(in: 0...(choices.count - 1))]
  }

  /// A `text` prop to measure: empty, only spaces or line feeds, one long word, right-to-left,
  /// combining marks, past the measured limit, or not a string.
  mutating func text() -> String {
    pick([
      "\"\"", "\"   \"", "\"\\n\\n\\n\"", "\"\(String(repeating: "W", count: random.int(in: 1...5_000)))\"",
      "\"\u{5E9}\u{5DC}\u{5D5}\u{5DD} \u{5E2}\u{5D5}\u{5DC}\u{5DD}\"",
      "\"e\u{301}\u{301}\u{301} \u{1F469}\u{200D}\u{1F4BB}\"",
      "\"\(String(repeating: "ab ", count: 40_000))\"", "\"a\\u0000b\"", "12", "true", "[\"a\"]",
    ])
  }

  mutating func next() -> String {
    switch random.int(in: 0...9) {
    case 0:
      let depth = random.int(in: 100...100_000)
      return String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    case 1:
      let size = pick(["[1e308, 1]", "[-1, 5]", "[0, 0]", "[1e21, 1e21]", "[4.9e-324, 1]", "[\"a\", 1]", "[]", "null"])
      let blocks = pick(["[1e308, 1]", "[0, 0]", "[9223372036854775807, 1]", "[-3, 2]", "[2, 1]", "[1.5, 1]"])
      return """
        {"sections": [{"id": "s", "items": [{"id": "a", "size": \(size), "props": {"blocks": \(blocks), \
        "aspect": \(pick(["1e308", "0", "-1", "1.5"])), "parent": "a", "measureCycle": [1, 1e308]}}, {"id": "a"}, \
        {"id": "t", "props": {"text": \(text())}}]}]}
        """
    default:
      var bytes = Array(seeds.isEmpty ? "{\"sections\": []}".utf8 : pick(seeds).utf8)
      for _ in 0..<random.int(in: 1...6) where !bytes.isEmpty {
        let at = random.int(in: 0...(bytes.count - 1))
        switch random.int(in: 0...5) {
        case 0: bytes[at] = UInt8(random.int(in: 0...255))
        case 1: bytes.insert(pick(Array("{}[],:\"0123456789-e.".utf8)), at: at)
        case 2: bytes.remove(at: at)
        case 3:
          let end = min(bytes.count, at + random.int(in: 1...200))
          bytes.insert(contentsOf: bytes[at..<end], at: at)
        case 4:
          let number = Array(pick(["1e308", "-0", "9223372036854775807", "1e999", "-1e308", "nan"]).utf8)
          if let digit = bytes[at...].firstIndex(where: { $0 >= 48 && $0 <= 57 }) {
            bytes.replaceSubrange(digit..<(digit + 1), with: number)
          }
        default: bytes.removeSubrange(at..<min(bytes.count, at + random.int(in: 1...50)))
        }
      }
      return String(decoding: bytes, as: UTF8.self)
    }
  }
}
