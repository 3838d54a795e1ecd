import TesseraHost
import TesseraKit
import Testing

// The README's Swift plugin example, verbatim but for the export line, so it keeps compiling.
public final class StackLayout: CollectionLayout {
  public static let layoutDescription = LayoutDescription(
    name: "stack", summary: "items in one column",
    options: [OptionDescription("gap", .number, default: "0", doc: "space between items", minimum: 0)])

  public let collectionView: CollectionView
  private var gap = 0.0
  private var frames: [[Rect]] = []

  public init(collectionView: CollectionView) { self.collectionView = collectionView }

  public func apply(options: LayoutOptions) throws(LayoutError) {
    gap = options.number("gap", default: 0)
  }

  public func prepare() throws(LayoutError) {
    var y = 0.0
    frames = (0..<collectionView.numberOfSections).map { section in
      var column: [Rect] = []
      collectionView.forEachItemSize(inSection: section, defaultSize: Size(width: 0, height: 44)) { _, size in
        column.append(Rect(x: 0, y: y, width: collectionView.bounds.width, height: size.height))
        y += size.height + gap
      }
      return column
    }
  }

  public var collectionViewContentSize: Size {
    Size(width: collectionView.bounds.width, height: frames.last?.last?.maxY ?? 0)
  }

  /// The column is as wide as the bounds: a new width lays it out again (UIKit's contract).
  public func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    newBounds.width != collectionView.bounds.width
  }

  public func layoutAttributesForElements(in rect: Rect, into sink: inout AttributesSink) {
    for (s, column) in frames.enumerated() {
      for (i, frame) in column.enumerated() where frame.intersects(rect) {
        sink.append(LayoutAttributes(indexPath: IndexPath(s, i), frame: frame))
      }
    }
  }

  public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard frames.indices.contains(indexPath.section),
      frames[indexPath.section].indices.contains(indexPath.item)
    else { return nil }
    return LayoutAttributes(indexPath: indexPath, frame: frames[indexPath.section][indexPath.item])
  }
}

@Suite struct ReadmeExampleTests {
  /// The README's example keeps every conformance rule, bounds-change included (without its
  /// `shouldInvalidateLayout(forBoundsChange:)` its cells kept the old width).
  @Test func theReadmeStackLayoutKeepsEveryRule() throws {
    let registry = PluginRegistry()
    let plugin = try #require(
      exportPlugin(name: "stack", version: "1.0.0", layouts: [StackLayout.self], host: (2, 3)))
    try registry.register(plugin, shownAs: "stack")
    let checker = ConformanceChecker(
      registry: registry, layoutName: "stack", loadCommand: nil,
      dataset: ConformanceDataset(kind: "random", seed: 1, sections: 3), items: 80, rects: 50)
    let report = checker.run()
    #expect(report.violations.map(\.detail) == [])
    #expect(report.kept == ConformanceRule.allCases)
  }

  @Test func theReadmeStackLayoutStacksItems() throws {
    let model = CollectionModel(
      dataset: Dataset(sections: [
        DatasetSection(
          id: "s", items: [DatasetItem(id: "a", size: Size(width: 10, height: 30)), DatasetItem(id: "b")])
      ]), bounds: Rect(x: 0, y: 0, width: 200, height: 100))
    let layout = StackLayout(collectionView: CollectionView(model.dataSourceTable))
    try layout.apply(options: LayoutOptions(["gap": .number(5)]))
    try layout.prepare()
    #expect(
      layout.allAttributes().map(\.frame) == [
        Rect(x: 0, y: 0, width: 200, height: 30), Rect(x: 0, y: 35, width: 200, height: 44),
      ])
    #expect(layout.collectionViewContentSize == Size(width: 200, height: 79))
    #expect(layout.layoutAttributes(in: Rect(x: 0, y: 31, width: 10, height: 2)).isEmpty)
  }
}
