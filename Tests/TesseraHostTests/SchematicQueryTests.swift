import TesseraKit
import Testing

@testable import TesseraHost

/// The schematic's rect query searches instead of scanning: it must return exactly what the
/// layout's whole set of elements holds in the rect — on trees whose children come in their
/// parents' order (the sorted search) and on trees whose connectors cross (the max-end tree).
@Suite struct SchematicQueryTests {
  static func crossingTree(seed: UInt64) -> String {
    var rng = SplitMix64(seed: seed)
    var sections: [String] = []
    var previous = ["r"]
    sections.append("{\"id\": \"l0\", \"items\": [{\"id\": \"r\", \"size\": [80, 30]}]}")
    for level in 1...3 {
      var items: [String] = []
      var ids: [String] = []
      for n in 0..<rng.int(in: 5...40) {
        let id = "n\(level)-\(n)"
        ids.append(id)
        let parent = previous[rng.int(in: 0...previous.count - 1)]
        items.append(
          "{\"id\": \"\(id)\", \"size\": [\(rng.int(in: 40...160)), \(rng.int(in: 20...90))], \"props\": {\"parent\": \"\(parent)\"}}"
        )
      }
      sections.append("{\"id\": \"l\(level)\", \"items\": [\(items.joined(separator: ", "))]}")
      previous = ids
    }
    return "{\"sections\": [\(sections.joined(separator: ", "))]}"
  }

  @Test(arguments: UInt64(1)...12)
  func rectQueriesReturnExactlyWhatTheRectHolds(seed: UInt64) throws {
    let session = Support.session()
    if seed % 2 == 0 {
      _ = session.execute("gen tree depth=5 fanout=4 seed=\(seed)")
    } else {
      let dataset = try DatasetDecoder.decode(Self.crossingTree(seed: seed), file: "tree.json")
      try session.state.replaceDataset(dataset)
    }
    _ = session.execute("layout schematic")
    let layout = try #require(session.layout)
    let all = try layout.allAttributes()
    let content = try layout.contentSize()
    var rng = SplitMix64(seed: seed &* 31)
    for _ in 0..<200 {
      let rect = Rect(
        x: Double(rng.int(in: -50...Int(content.width))), y: Double(rng.int(in: -50...Int(content.height))),
        width: Double(rng.int(in: 1...500)), height: Double(rng.int(in: 1...900)))
      let expected = Set(all.filter { $0.frame.intersects(rect) }.map(\.label))
      let found = try layout.attributes(in: rect)
      #expect(Set(found.map(\.label)) == expected, "seed \(seed), rect \(rect)")
      #expect(found.count == expected.count, "no element twice")
    }
  }
}
