import TesseraHost
import TesseraKit
import Testing

/// The streaming dataset loader: the same syntax errors as the strict parser, exact numbers,
/// precise content errors, and the compact id storage behind it.
@Suite struct DatasetLoaderTests {
  /// Every syntax error the strict parser reports, the loader reports the same way, even where
  /// the content is wrong before it (a syntax error is the one to fix first).
  @Test(
    arguments: JSONParserTests.syntaxErrors + [
      ("{\"sections\": [{\"items\": [{\"id\": \"a\", \"id\": \"b\"}]}]}", 1, 38, "duplicate member 'id'"),
      ("{\"sections\": [{\"items\": [{\"size\": [-1, 2]}]}], \"x\": [1,]}", 1, 56, "unexpected ']', expected a value"),
    ])
  func syntaxErrorsMatchTheStrictParser(input: String, line: Int, column: Int, message: String) {
    #expect(throws: HostError("d.json:\(line):\(column): invalid JSON: \(message)")) {
      _ = try DatasetDecoder.decode(input, file: "d.json")
    }
  }

  @Test(arguments: [
    (
      "{\"sections\": [{\"items\": [{\"id\": \"a\"}, {\"id\": \"a\"}]}]}",
      "d.json:1:46: sections[0].items[1].id: duplicate item id 'a' at 0.1 (also at 0.0)"
    ),
    (
      "{\"sections\": [{\"items\": [{\"id\": \"a\"}]}, {\"items\": [{\"id\": \"b\"}, {\"id\": \"a\"}]}]}",
      "d.json:1:72: sections[1].items[1].id: duplicate item id 'a' at 1.1 (also at 0.0)"
    ),
    (
      "{\"sections\": [{\"items\": [{\"size\": [1, \"x\", 3]}]}]}",
      "d.json:1:35: sections[0].items[0].size: expected [width, height] with two finite numbers, neither negative, got 3 elements"
    ),
    (
      "{\"sections\": [{\"items\": [{\"size\": [1, \"x\"]}]}]}",
      "d.json:1:39: sections[0].items[0].size[1]: expected [width, height] with two finite numbers, neither negative, got a string"
    ),
    (
      "{\"sections\": [{\"items\": [{\"colour\": 1}]}]}",
      "d.json:1:37: sections[0].items[0]: unknown key 'colour' (allowed: id, size, estimated, props)"
    ),
    (
      "{\"sections\": [{\"items\": [{\"props\": {\"p\": [1, null]}}]}]}",
      "d.json:1:46: sections[0].items[0].props.p[1]: property lists hold numbers only, got null"
    ),
    ("{\"sections\": [{\"items\": [{\"id\": \"\"}]}]}", "d.json:1:33: sections[0].items[0].id: must not be empty"),
    ("{\"sections\": {}}", "d.json:1:14: sections: expected a list of sections, got an object"),
    // Ids compare as Swift strings: canonically equivalent ones are the same id.
    (
      "{\"sections\": [{\"items\": [{\"id\": \"e\\u0301\"}, {\"id\": \"\\u00e9\"}]}]}",
      "d.json:1:52: sections[0].items[1].id: duplicate item id 'é' at 0.1 (also at 0.0)"
    ),
    (
      "{\"sections\": [{\"items\": [{\"id\": \"K\"}, {\"id\": \"\\u212a\"}]}]}",
      "d.json:1:46: sections[0].items[1].id: duplicate item id 'K' at 0.1 (also at 0.0)"
    ),
    ("{}", "d.json:1:1: dataset: missing key 'sections' (a list of sections)"),
  ])
  func contentErrorsNameThePlaceAndWhatIsAllowed(input: String, message: String) {
    #expect(throws: HostError(message)) {
      _ = try DatasetDecoder.decode(input, file: "d.json")
    }
  }

  /// Numbers read on the fast path (up to 15 digits, small exponents) and the slow one are the
  /// standard library's conversion of the same text, bit for bit.
  @Test func numbersAreExact() throws {
    var rng = SplitMix64(seed: 7)
    var texts = [
      "0", "-0", "0.1", "0.30000000000000004", "123.456", "1e2", "2.5E-3", "9007199254740993", "1e22", "1e23",
      "123456789012345678901234567890", "0.000001", "4.9406564584124654e-324", "1.7976931348623157e308",
      "123456789012345.6", "1234567890123456.7", "-12.5e+3",
    ]
    for _ in 0..<2000 {
      let mantissa = Double(rng.next() % 10_000_000_000_000_000) / Double(1 + rng.next() % 1_000_000)
      let exponent = Int(rng.next() % 60) - 30
      texts.append("\(mantissa)e\(exponent)")
      texts.append(String(Double(rng.next() % 100_000) / 1000))
    }
    let json = "{\"sections\": [{\"items\": [{\"props\": {\"n\": [\(texts.joined(separator: ", "))]}}]}]}"
    let dataset = try DatasetDecoder.decode(json, file: "n.json")
    guard case .numbers(let numbers) = dataset.sections[0].items[0].props["n"] else {
      Issue.record("no numbers")
      return
    }
    for (text, number) in zip(texts, numbers) {
      #expect(number.bitPattern == Double(text)!.bitPattern, "\(text)")
    }
  }

  @Test func loadsIdsSizesPropsAndFillsMissingIds() throws {
    let long = String(repeating: "long-id-", count: 40)
    let dataset = try DatasetDecoder.decode(
      """
      {"sections": [
        {"id": "s", "items": [{"id": "a", "size": [1.5, 2]}, {"size": [3, 4], "estimated": [5, 6]},
                             {"id": "\(long)", "props": {"k": "v", "n": [1, 2]}}]},
        {"items": [{"id": "i0"}, {}]}]}
      """, file: "d.json")
    #expect(dataset.sections.map(\.id) == ["s", "s0"])
    #expect(Array(dataset.sections[0].items.ids) == ["a", "i1", long])
    #expect(Array(dataset.sections[1].items.ids) == ["i0", "i2"])
    #expect(dataset.sections[0].items[0].size == Size(width: 1.5, height: 2))
    #expect(dataset.sections[0].items[1].estimated == Size(width: 5, height: 6))
    #expect(dataset.sections[0].items[2].props == ["k": .string("v"), "n": .numbers([1, 2])])
    #expect(dataset.sections[0].items[0].props.isEmpty)
  }

  @Test func idColumnsKeepShortAndLongIds() {
    var column = IDColumn(["", "a", "seven77", "eight888", "é", String(repeating: "x", count: 300)])
    #expect(Array(column) == ["", "a", "seven77", "eight888", "é", String(repeating: "x", count: 300)])
    #expect(column.isEmptyID(at: 0) && !column.isEmptyID(at: 1))
    // Replacing long ids over and over compacts the arena instead of growing it without end.
    for round in 0..<200 { column.replace(at: 5, with: String(repeating: "y", count: 100 + round % 7)) }
    #expect(column[5] == String(repeating: "y", count: 100 + 199 % 7))
    #expect(column.storedBytes < 12_000)
    #expect(column == IDColumn(["", "a", "seven77", "eight888", "é", String(repeating: "y", count: 100 + 199 % 7)]))
  }

  /// The after-the-fact check finds the same first repeat as a set filled in order would, over
  /// many buckets, with short and long ids and items still without one.
  @Test(arguments: UInt64(1)...6)
  func theFirstRepeatIsTheOneASetFindsInOrder(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    let count = rng.int(in: 2...30_000)
    var ids = (0..<count).map { n in n % 7 == 0 ? "a-rather-long-id-number-\(n)" : "i\(n)" }
    for _ in 0..<rng.int(in: 0...3) { ids[rng.int(in: 0...count - 1)] = ids[rng.int(in: 0...count - 1)] }
    for _ in 0..<rng.int(in: 0...3) { ids[rng.int(in: 0...count - 1)] = "" }
    var seen: [String: Int] = [:]
    var expected: (Int, Int)?
    for (ordinal, id) in ids.enumerated() where !id.isEmpty {
      if let first = seen[id] {
        expected = (first, ordinal)
        break
      }
      seen[id] = ordinal
    }
    let found = IDIndex.firstRepeat(in: IDColumn(ids))
    #expect(found?.first == expected?.0 && found?.repeat == expected?.1, "seed \(seed)")
  }

  /// A repeated id and a wrong value: whichever comes first in the file is reported.
  @Test func aRepeatedIdAndAWrongValueReportTheFirstInTheFile() {
    let items = (0..<5000).map { "{\"id\": \"i\($0)\"}" }
    var early = items
    early[10] = "{\"id\": \"i3\"}"
    early[4000] = "{\"size\": [-1, 1]}"
    var late = items
    late[10] = "{\"size\": [-1, 1]}"
    late[4000] = "{\"id\": \"i3\"}"
    func decode(_ items: [String]) -> String {
      do {
        _ = try DatasetDecoder.decode(
          "{\"sections\": [{\"items\": [\n" + items.joined(separator: ",\n") + "]}]}", file: "d.json")
        return "loaded"
      } catch { return error.message }
    }
    #expect(decode(early) == "d.json:12:8: sections[0].items[10].id: duplicate item id 'i3' at 0.10 (also at 0.3)")
    #expect(decode(late) == "d.json:12:11: sections[0].items[10].size[0]: size must not be negative, got -1")
  }

  @Test func theIdIndexFindsEveryIdAcrossSections() {
    let sections = [
      IDColumn(["a", "b", String(repeating: "z", count: 20)]), IDColumn(), IDColumn(["c", "dddddddd"]), IDColumn(),
    ]
    let index = IDIndex(sections)
    #expect(index.indexPath(of: "a") == IndexPath(0, 0))
    #expect(index.indexPath(of: String(repeating: "z", count: 20)) == IndexPath(0, 2))
    #expect(index.indexPath(of: "c") == IndexPath(2, 0))
    #expect(index.indexPath(of: "dddddddd") == IndexPath(2, 1))
    #expect(index.indexPath(of: "d") == nil)
    var building = IDIndex()
    for n in 0..<10_000 {
      var id = "i\(n)"
      #expect(id.withUTF8 { building.insert(utf8: UnsafeRawBufferPointer($0)) } == nil)
    }
    var again = "i4321"
    #expect(again.withUTF8 { building.insert(utf8: UnsafeRawBufferPointer($0)) } == 4321)
    #expect(building.count == 10_000)
  }
}
