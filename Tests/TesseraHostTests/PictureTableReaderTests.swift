import TesseraKit
import Testing

@testable import TesseraHost

@Suite struct PictureTableReaderTests {
  typealias F = PictureFixtures

  /// The category a table cannot tell: everything but cells reads as supplementary.
  static func asRead(_ elements: [Element]) -> [Element] {
    elements.map { element in
      var element = element
      if element.category == .decoration { element.category = .supplementary }
      return element
    }
  }

  /// What a table shows of an element: numbers to 3 decimals (JSON keeps them exact).
  static func asTabled(_ elements: [Element]) -> [Element] {
    func r(_ v: Double) -> Double { parseNumber(formatTableNumber(v))! }
    return elements.map { element in
      var e = element
      e.frame = Rect(x: r(e.frame.minX), y: r(e.frame.minY), width: r(e.frame.width), height: r(e.frame.height))
      e.alpha = r(e.alpha)
      let t = e.transform
      e.transform = Transform(a: r(t.a), b: r(t.b), c: r(t.c), d: r(t.d), tx: r(t.tx), ty: r(t.ty))
      e.custom = e.custom.map { Element.Custom(key: $0.key, value: r($0.value)) }
      return e
    }
  }

  static let rich = [
    F.element(.cell, nil, 0, 0, Rect(x: 0.1 + 0.2, y: 1.0 / 3, width: 100, height: 44)),
    F.element(.cell, nil, 0, 12, Rect(x: -5, y: 0.125, width: 50, height: 50), alpha: 0.25, z: -3),
    F.element(.cell, nil, 1, 0, Rect(x: 0, y: 0, width: 1, height: 2), hidden: true, transform: F.rotation),
    F.element(.supplementary, "header", 0, 0, Rect(x: 0, y: 0, width: 390, height: 40), z: 10),
    F.element(.supplementary, "connector", 1, 3, Rect(x: 120, y: 40, width: 60, height: 0), custom: [("startTop", 1)]),
    F.element(.decoration, "background", 0, 0, Rect(x: 0, y: 0, width: 390, height: 600), custom: [("a=b", 2.5)]),
  ]

  @Test func tablesReadBackWithZAlphaAndExtras() throws {
    // Ids (one with spaces) in their own column after the path.
    let table = AttributesTable.table(Self.rich, ids: ["an id", nil, nil, nil])
    #expect(table.contains("  z  ") && table.contains("alpha") && table.contains("extra"))
    #expect(table.hasPrefix("element     path  id     x"))
    let read = try #require(AttributeTableReader.elements(fromTable: table.split(separator: "\n").map(String.init)))
    #expect(read == Self.asTabled(Self.asRead(Self.rich)))
  }

  @Test func plainTablesAndEmptyListingsReadBack() throws {
    let plain = Array(F.grid(3))
    let lines = AttributesTable.table(plain).split(separator: "\n").map(String.init)
    #expect(lines.last == "(3 elements)")
    #expect(AttributeTableReader.elements(fromTable: lines) == plain)
    #expect(AttributeTableReader.elements(fromTable: ["", "(no elements)", ""]) == [])
    let truncated = lines.dropLast() + ["(1000 of 5000 elements shown: 'dump --all' prints them all)"]
    #expect(AttributeTableReader.elements(fromTable: Array(truncated)) == plain)
  }

  @Test(arguments: [
    ["contentSize 390x230"], ["error: no layout"], [], ["element  path  x  y  width"],
    ["element  path  x  y  width  height", "cell     0.x   0  0  1      1"],
    ["element  path  x  y  width  height", "cell     0.0   0  0  1      one"],
    ["element  path  x  y  width  height  extra", "cell     0.0   0  0  1      1       shiny"],
    ["element  path  x  y  width  height  alpha  z", "cell     0.0   0  0  1      1       1      0"],
    ["element  path  x  y  width  height", "cell     0.0   0  0  1      1", "generated 3 items"],
  ])
  func otherLinesAreNotAListing(_ lines: [String]) {
    #expect(AttributeTableReader.elements(fromTable: lines) == nil)
  }

  /// A table typed by hand need not line up: rows read word by word, ids, z, alpha and extras
  /// included, as the aligned table reads.
  @Test func handTypedTablesReadWordByWord() throws {
    let aligned = [
      "element  path  id  x   y  width  height  z   alpha  extra",
      "cell     0.0   a   0   0  50     50      0   1",
      "cell     0.1   b   60  0  50     50      2   0.5    hidden",
      "header   0.0       0   0  390    40      10  1      startTop=1",
    ]
    let typed = [
      "element path id x y width height z alpha extra",
      "cell 0.0 a 0 0 50 50 0 1",
      "cell  0.1 b 60 0 50 50 2 0.5 hidden",
      "header 0.0 0 0 390 40 10 1 startTop=1",
    ]
    let read = try #require(AttributeTableReader.elements(fromTable: aligned))
    #expect(read.count == 3)
    #expect(AttributeTableReader.elements(fromTable: typed) == read)
    #expect(AttributeTableReader.whyUnreadable(typed) == nil)
    // What cannot be read is named, with why.
    let header = "element path id x y width height"
    for (row, why) in [
      ("cell 0.2 c sixty 0 50 50", "cannot read `cell 0.2 c sixty 0 50 50`: `sixty` is not a number"),
      ("cell 0.1 i1 100 0 50", "cannot read `cell 0.1 i1 100 0 50`: it has 3 numbers where x y width height need 4"),
      ("cell 0.1 100 0", "cannot read `cell 0.1 100 0`: it has 2 numbers where x y width height need 4"),
    ] {
      #expect(AttributeTableReader.whyUnreadable([header, row]) == why)
    }
    #expect(
      AttributeTableReader.whyUnreadable(["cell 0.1 0 0 50 50"])
        == "cannot read `cell 0.1 0 0 50 50`: the first line must be a header, `element path x y width height z alpha extra` (id after path for cells)"
    )
    #expect(
      AttributeTableReader.whyUnreadable(["{\"elements\": [", "]}"])
        == "a JSON listing is one line, and this one spans 2")
  }

  @Test func jsonReadsBack() throws {
    let line = JSONOutput.object([("attributes", AttributesJSON.array(AttributeList(Self.rich)))]).serialized
    let read = try #require(AttributeTableReader.elements(fromJSON: line))
    #expect(read == Element.sortedForOutput(Self.rich))
    #expect(AttributeTableReader.elements(fromJSON: "{\"attributes\": []}") == [])
    let withID = #"{"attributes": [{"category": "cell", "section": 0, "item": 1, "id": "a", "frame": [1, 2, 3, 4]}]}"#
    #expect(
      AttributeTableReader.elements(fromJSON: withID) == [
        F.element(.cell, nil, 0, 1, Rect(x: 1, y: 2, width: 3, height: 4))
      ])
  }

  @Test(arguments: [
    "{\"contentSize\": [390, 230]}", "{\"attributes\": [1]}", "not json", "{\"attributes\": [], \"more\": 1}",
    #"{"attributes": [{"category": "cell", "section": 0, "item": 0, "frame": [1, 2, 3]}]}"#,
    #"{"attributes": [{"category": "cell", "kind": "header", "section": 0, "item": 0, "frame": [1, 2, 3, 4]}]}"#,
    #"{"attributes": [{"category": "supplementary", "section": 0, "item": 0, "frame": [1, 2, 3, 4]}]}"#,
    #"{"attributes": [{"category": "cell", "section": 0.5, "item": 0, "frame": [1, 2, 3, 4]}]}"#,
    #"{"attributes": [{"category": "cell", "section": 0, "item": 0, "frame": [1, 2, 3, 4], "hidden": 1}]}"#,
  ])
  func otherJSONIsNotAListing(_ line: String) {
    #expect(AttributeTableReader.elements(fromJSON: line) == nil)
  }

  @Test func aSessionsDumpReadsBackAsItsLayoutsAttributes() throws {
    let session = Support.session()
    _ = session.execute("gen random 12 sections=2 header=390x30 footer=390x20")
    _ = session.execute("layout waterfall")
    let layout = try session.currentLayout()
    let attributes = Element.sortedForOutput(try layout.allAttributes(), kinds: layout.layoutClass.kindNames(nil))
    let table = Support.output(session, "dump").split(separator: "\n").map(String.init)
    #expect(AttributeTableReader.elements(fromTable: table) == Self.asTabled(attributes))
    _ = session.execute("format json")
    let json = Support.output(session, "dump")
    #expect(AttributeTableReader.elements(fromJSON: json) == attributes)
  }
}
