import TesseraKit
import Testing

@testable import TesseraHost

/// For every bundled layout: after random preferred sizes (self-sizing), the layout equals a
/// fresh prepare of the same data with the accepted sizes written in.
@Suite struct IncrementalInvalidationTests {
  /// Layout commands; self-sizing flows read estimates, so the accepted sizes are written there.
  static let layouts = [
    "layout flow", "layout list", "layout schematic", "layout flow estimatedItemSize=60x40",
    "layout flow scrollDirection=horizontal estimatedItemSize=60x40 sectionInset=5,5,5,5",
    "layout waterfall columnCount=3",
    "layout waterfall columnCount=2 itemRenderDirection=rightToLeft headerHeight=20 sectionInset=5,5,-8,5",
    "layout mosaic", "layout quilt", "layout raggy",
  ]

  @Test(arguments: layouts)
  func incrementalInvalidationEqualsAFreshPrepare(layoutName: String) throws {
    let writesEstimate = layoutName.contains("estimatedItemSize")
    for seed in UInt64(1)...8 {
      var rng = SplitMix64(seed: seed)
      let session = Support.session()
      _ = session.execute("gen tree depth=\(rng.int(in: 2...4)) fanout=3 seed=\(seed)")
      #expect(session.execute(layoutName)?.hasPrefix("error") == false)
      var expected = session.model.dataset
      for _ in 0..<20 {
        let s = rng.int(in: 0...expected.sections.count - 1)
        guard !expected.sections[s].items.isEmpty else { continue }
        let i = rng.int(in: 0...expected.sections[s].items.count - 1)
        let size = Size(width: Double(rng.int(in: 20...200)), height: Double(rng.int(in: 20...100)))
        let reply = session.execute("invalidate size \(s).\(i) \(size.formatted)") ?? ""
        #expect(!reply.hasPrefix("error"), "\(reply)")
        if !reply.contains("(no invalidation)") {
          if writesEstimate {
            expected.sections[s].items[i].estimated = size
          } else {
            expected.sections[s].items[i].size = size
          }
        }
      }
      let layout = try #require(session.layout)
      let fresh = try Self.fresh(layout, on: expected, bounds: session.model.bounds)
      #expect(try layout.allAttributes() == fresh.allAttributes(), "\(layoutName), seed \(seed)")
      #expect(try layout.contentSize() == fresh.contentSize(), "\(layoutName), seed \(seed)")
    }
  }

  /// Many cells sizing themselves in one layout pass (a screen coming into view): the flow
  /// applies a section's sizes together, with one re-break, and must end where a fresh prepare
  /// does.
  @Test(arguments: UInt64(1)...12)
  func manyPreferredSizesInOnePassEqualAFreshPrepare(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    let session = Support.session()
    _ = session.execute("gen random \(rng.int(in: 50...400)) sections=\(rng.int(in: 1...4)) seed=\(seed)")
    let direction = seed % 3 == 0 ? " scrollDirection=horizontal" : ""
    #expect(session.execute("layout flow estimatedItemSize=60x40\(direction)")?.hasPrefix("error") == false)
    let layout = try #require(session.layout)
    var expected = session.model.dataset
    // Every request is asked of the same prepared layout, then all are invalidated together
    // (merged until the next pass), as a pass that measures a screen of cells does.
    var requests: [InvalidationContext] = []
    for _ in 0..<rng.int(in: 1...60) {
      let s = rng.int(in: 0...expected.sections.count - 1)
      guard !expected.sections[s].items.isEmpty else { continue }
      let i = rng.int(in: 0...expected.sections[s].items.count - 1)
      let size = Size(width: Double(rng.int(in: 20...200)), height: Double(rng.int(in: 20...100)))
      let original = try #require(try layout.item(at: IndexPath(s, i)))
      guard let request = try layout.preferredSize(size, for: original) else { continue }
      requests.append(request)
      expected.sections[s].items[i].estimated = size
    }
    for request in requests { layout.invalidate(request) }
    try layout.prepareIfNeeded()
    let fresh = try Self.fresh(layout, on: expected, bounds: session.model.bounds)
    #expect(try layout.allAttributes() == fresh.allAttributes(), "seed \(seed)")
    #expect(try layout.contentSize() == fresh.contentSize(), "seed \(seed)")
  }

  /// A self-sizing fling over a waterfall whose items start at one estimate: after each screen
  /// sizes its cells, the items below stay unplaced (one height: where each goes follows from
  /// the columns) until a query reaches them. Every visible query, item lookup and content
  /// size, and at the end every element, equal a fresh prepare's with the sizes written in.
  @Test(arguments: UInt64(1)...6)
  func aWaterfallsUnplacedItemsEqualAFreshPrepare(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    let count = rng.int(in: 200...600)
    var items: [DatasetItem] = []
    for k in 0..<count {
      var item = DatasetItem(id: "p\(k)", size: Size(width: Double(rng.int(in: 2...8) * 50), height: 300))
      item.estimated = Size(width: 60, height: 40)
      items.append(item)
    }
    var sections = [DatasetSection(id: "s", items: ItemList(items))]
    if seed % 2 == 0 {
      sections.insert(
        DatasetSection(id: "first", header: Size(width: 0, height: 30), items: ItemList(items.prefix(0))), at: 0)
    }
    var expected = Dataset(sections: sections)
    let last = expected.sections.count - 1
    let options = [
      "columnCount=\(seed % 3 == 0 ? 12 : 2 + Int(seed % 3))", seed == 5 ? "itemRenderDirection=leftToRight" : "",
    ]
    let session = Support.session()
    try session.replaceDatasetForTesting(expected)
    #expect(session.execute("layout waterfall \(options.joined(separator: " "))")?.hasPrefix("error") == false)
    let layout = try #require(session.layout)
    var y = 0.0
    for round in 0..<25 {
      let rect = Rect(x: 0, y: y, width: 390, height: 844)
      var requests: [InvalidationContext] = []
      for cell in try layout.attributes(in: rect) where cell.category == .cell {
        let photo = try #require(expected.sections[cell.indexPath.section].items.size(at: cell.indexPath.item))
        let measured = Size(width: cell.frame.width, height: photo.height * cell.frame.width / photo.width)
        guard measured != cell.frame.size, let request = try layout.preferredSize(measured, for: cell) else { continue }
        requests.append(request)
        expected.sections[cell.indexPath.section].items[cell.indexPath.item].estimated = measured
      }
      for request in requests { layout.invalidate(request) }
      try layout.prepareIfNeeded()
      let fresh = try Self.fresh(layout, on: expected, bounds: session.model.bounds)
      #expect(try layout.contentSize() == fresh.contentSize(), "round \(round)")
      #expect(Set(try layout.attributes(in: rect)) == Set(try fresh.attributes(in: rect)), "round \(round)")
      if round % 7 == 3 {
        // A lookup far below places the items down to it.
        let far = IndexPath(last, min(count - 1, rng.int(in: 0...count - 1)))
        #expect(try layout.item(at: far) == fresh.item(at: far), "round \(round)")
      }
      y += Double(rng.int(in: 100...900))
    }
    let fresh = try Self.fresh(layout, on: expected, bounds: session.model.bounds)
    #expect(try layout.allAttributes() == fresh.allAttributes())
  }

  /// The schematic's context for a preferred size names exactly the nodes and connectors whose
  /// attributes change, no more and no fewer (from seed 11 on, with crossing connectors).
  @Test(arguments: UInt64(1)...20)
  func schematicContextsNameExactlyWhatChanges(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    let session = Support.session()
    _ = session.execute("gen tree depth=4 fanout=3 seed=\(seed)")
    if seed > 10 { try Self.crossConnectors(session, &rng) }
    _ = session.execute("layout schematic")
    let layout = try #require(session.layout)
    for _ in 0..<10 {
      let dataset = session.model.dataset
      let s = rng.int(in: 0...dataset.sections.count - 1)
      guard !dataset.sections[s].items.isEmpty else { continue }
      let path = IndexPath(s, rng.int(in: 0...dataset.sections[s].items.count - 1))
      let size = Size(width: Double(rng.int(in: 40...200)), height: Double(rng.int(in: 20...90)))
      let before = Dictionary(uniqueKeysWithValues: try layout.allAttributes().map { ($0.label, $0) })
      let original = try #require(try layout.item(at: path))
      guard let request = try layout.preferredSize(size, for: original) else { continue }
      layout.invalidate(request)
      let after = try layout.allAttributes()
      let changed = Set(after.filter { before[$0.label] != $0 }.map(\.label))
      let named = Set(request.items.map { "cell \($0)" } + request.supplementaries.map { "\($0.kind) \($0.indexPath)" })
      #expect(named == changed, "seed \(seed), \(path) → \(size.formatted)")
    }
  }

  /// Moves nodes within their columns, so children no longer come in their parents' order
  /// (connectors cross).
  static func crossConnectors(_ session: Session, _ rng: inout SplitMix64) throws {
    for _ in 0..<6 {
      let dataset = session.model.dataset
      let s = rng.int(in: 1...dataset.sections.count - 1)
      let count = dataset.sections[s].items.count
      guard count > 1 else { continue }
      let reply =
        session.execute("batch move \(s).\(rng.int(in: 0...count - 1)) \(s).\(rng.int(in: 0...count - 1))") ?? ""
      #expect(!reply.hasPrefix("error"), "\(reply)")
    }
  }

  /// A screen of nodes sizing themselves in one pass (asked of the same laid-out tree, then
  /// invalidated together), some widening their column: the prepare lays out again only what
  /// they change and must end where a fresh prepare of the data with the sizes written in does.
  @Test(arguments: UInt64(1)...12)
  func schematicPassesOfPreferredSizesEqualAFreshPrepare(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed)
    let session = Support.session()
    _ = session.execute("gen tree depth=\(rng.int(in: 2...5)) fanout=\(rng.int(in: 2...4)) seed=\(seed)")
    if seed % 2 == 0 { try Self.crossConnectors(session, &rng) }
    #expect(session.execute("layout schematic")?.hasPrefix("error") == false)
    let layout = try #require(session.layout)
    var expected = session.model.dataset
    for round in 0..<6 {
      var requests: [InvalidationContext] = []
      for _ in 0..<rng.int(in: 1...30) {
        let s = rng.int(in: 0...expected.sections.count - 1)
        guard !expected.sections[s].items.isEmpty else { continue }
        let i = rng.int(in: 0...expected.sections[s].items.count - 1)
        let width = rng.int(in: 0...9) == 0 ? rng.int(in: 100...240) : rng.int(in: 40...100)
        let size = Size(width: Double(width), height: Double(rng.int(in: 20...90)))
        let original = try #require(try layout.item(at: IndexPath(s, i)))
        guard let request = try layout.preferredSize(size, for: original) else { continue }
        requests.append(request)
        expected.sections[s].items[i].size = size
      }
      for request in requests { layout.invalidate(request) }
      try layout.prepareIfNeeded()
      let fresh = try Self.fresh(layout, on: expected, bounds: session.model.bounds)
      #expect(try layout.allAttributes() == fresh.allAttributes(), "seed \(seed), round \(round)")
      #expect(try layout.contentSize() == fresh.contentSize(), "seed \(seed), round \(round)")
    }
  }

  /// When a new size moves more than 1,024 elements (a node high in a long column, or a column
  /// widening in front of many nodes), the context names the node, the connector into it and
  /// its children's connectors; the next pass still lays out every node where a fresh prepare
  /// does.
  @Test(arguments: [Size(width: 100, height: 75), Size(width: 230, height: 40)])
  func aSchematicContextNamesTheNodeAndItsConnectorsWhenMuchMoves(size: Size) throws {
    let session = Support.session()
    _ = session.execute("gen tree nodes=3000 seed=4")
    #expect(session.execute("layout schematic")?.hasPrefix("error") == false)
    let layout = try #require(session.layout)
    var expected = session.model.dataset
    let s = 4
    let path = IndexPath(s, 2)
    let original = try #require(try layout.item(at: path))
    let request = try #require(try layout.preferredSize(size, for: original))
    let children = try layout.allAttributes().filter {
      $0.kind == "connector" && $0.indexPath.section == s + 1
        && expected.sections[s + 1].items.property("parent", at: $0.indexPath.item)
          == .string(expected.sections[s].items[path.item].id)
    }
    #expect(!children.isEmpty)
    #expect(request.items == [path])
    #expect(
      request.supplementaries.map(\.indexPath)
        == [path] + children.map(\.indexPath).sorted { $0.item < $1.item })
    layout.invalidate(request)
    try layout.prepareIfNeeded()
    expected.sections[s].items[path.item].size = size
    let fresh = try Self.fresh(layout, on: expected, bounds: session.model.bounds)
    #expect(try layout.allAttributes() == fresh.allAttributes())
    #expect(try layout.contentSize() == fresh.contentSize())
  }

  /// A new instance of `layout`'s class with its options, prepared on `dataset` from scratch.
  static func fresh(_ layout: LayoutInstance, on dataset: Dataset, bounds: Rect) throws -> LayoutInstance {
    try LayoutInstance(
      layout.layoutClass, model: CollectionModel(dataset: dataset, bounds: bounds), options: layout.options)
  }
}
