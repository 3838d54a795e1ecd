import FlowLayout
import TesseraHost
import TesseraKit
import Testing

/// The flow layout through the ABI, checked against itself: a rect query returns exactly the
/// elements whose frames overlap the rect, `item` agrees with `dump`, the content covers every
/// frame along the scroll axis, and the Swift object answers as the plugin does.
@Suite struct FlowConformanceTests {
  /// A random dataset and flow configuration, reproducible from `seed`.
  static func randomSession(seed: UInt64) -> (Session, String) {
    var rng = SplitMix64(seed: seed)
    let session = Support.session()
    let sections = rng.int(in: 1...4)
    let count = rng.int(in: 0...120)
    let header = rng.int(in: 0...1) == 1 ? " header=\(rng.int(in: 1...400))x\(rng.int(in: 0...40))" : ""
    _ = session.execute("gen random \(count) sections=\(sections) seed=\(seed) min=10x10 max=180x90\(header)")
    let horizontal = rng.int(in: 0...1) == 1
    let inset = (0..<4).map { _ in String(rng.int(in: 0...20)) }.joined(separator: ",")
    let layout =
      "layout flow scrollDirection=\(horizontal ? "horizontal" : "vertical") minimumLineSpacing=\(rng.int(in: 0...15)) minimumInteritemSpacing=\(rng.int(in: 0...15)) sectionInset=\(inset) footerReferenceSize=\(rng.int(in: 0...30))x\(rng.int(in: 0...30))"
    _ = session.execute(layout)
    _ = session.execute("viewport \(rng.int(in: 200...500))x\(rng.int(in: 200...900))")
    return (session, layout)
  }

  @Test(arguments: 1...40)
  func rectQueriesReturnExactlyTheOverlappingElements(seed: UInt64) throws {
    let (session, layout) = Self.randomSession(seed: seed)
    let instance = try #require(session.layout)
    let all = try instance.allAttributes()
    let content = try instance.contentSize()
    var rng = SplitMix64(seed: seed &* 7919)
    for _ in 0..<60 {
      let rect = Rect(
        x: Double(rng.int(in: -50...Int(content.width) + 50)), y: Double(rng.int(in: -50...Int(content.height) + 50)),
        width: Double(rng.int(in: 0...600)), height: Double(rng.int(in: 0...600)))
      let expected = Set(all.filter { $0.frame.intersects(rect) })
      let actual = try instance.attributes(in: rect)
      #expect(actual.count == Set(actual).count, "duplicates in \(rect), \(layout)")
      #expect(Set(actual) == expected, "rect \(rect), seed \(seed), \(layout)")
    }
  }

  @Test(arguments: 1...20)
  func itemsAgreeWithDumpAndFitTheContent(seed: UInt64) throws {
    let (session, layout) = Self.randomSession(seed: seed)
    let instance = try #require(session.layout)
    let all = try instance.allAttributes()
    let content = try instance.contentSize()
    let vertical = layout.contains("vertical")
    let cells = all.filter { $0.category == .cell }
    #expect(cells.count == session.model.dataset.itemCount)
    for cell in cells {
      #expect(try instance.item(at: cell.indexPath) == cell)
      #expect(vertical ? cell.frame.maxY <= content.height : cell.frame.maxX <= content.width, "\(cell.label)")
    }
  }

  @Test(arguments: 1...10)
  func theSwiftObjectAnswersAsThePluginDoes(seed: UInt64) throws {
    let (session, _) = Self.randomSession(seed: seed)
    let instance = try #require(session.layout)
    let direct = FlowLayout(collectionView: CollectionView(session.model.dataSourceTable))
    var values: [String: OptionValue] = [:]
    for option in instance.layoutClass.options {
      let v = instance.options[option.index]
      switch option.type {
      case .size: values[option.name] = .size(Size(width: v.numbers[0], height: v.numbers[1]))
      case .insets:
        values[option.name] = .insets(
          EdgeInsets(top: v.numbers[0], left: v.numbers[1], bottom: v.numbers[2], right: v.numbers[3]))
      case .number: values[option.name] = .number(v.numbers[0])
      case .choice: values[option.name] = .choice(option.format(v))
      default: break
      }
    }
    try direct.apply(options: LayoutOptions(values))
    try direct.prepare()
    let viaABI = try instance.allAttributes().filter { $0.category == .cell }.map(\.frame)
    let swift = direct.allAttributes().filter { $0.category == .cell }.map(\.frame)
    #expect(viaABI == swift)
    #expect(try instance.contentSize() == direct.collectionViewContentSize)
  }

  @Test func scrollingAVerticalFlowDoesNotInvalidateButAWidthChangeDoes() throws {
    let session = Support.session()
    _ = session.execute("gen grid 20")
    let instance = try #require(session.layout)
    #expect(!instance.shouldInvalidate(forBoundsChange: Rect(x: 0, y: 300, width: 390, height: 844)))
    #expect(!instance.shouldInvalidate(forBoundsChange: Rect(x: 0, y: 0, width: 390, height: 500)))
    #expect(instance.shouldInvalidate(forBoundsChange: Rect(x: 0, y: 0, width: 400, height: 844)))
  }
}
