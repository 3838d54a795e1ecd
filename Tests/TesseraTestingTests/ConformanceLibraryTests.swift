import FlowLayout
import RaggyLayout
import TesseraHost
import TesseraKit
import TesseraTesting
import Testing

/// TesseraTesting as a plugin's own test target uses it: one line per layout type, in process.
@Suite(.serialized) struct ConformanceLibraryTests {
  @Test func swiftLayoutsKeepEveryRuleInProcess() throws {
    let flow = try Conformance.check(FlowLayout.self, also: [RaggyLayout.self], items: 150)
    #expect(flow.violations.isEmpty, "\(flow.summary)")
    #expect(flow.kept == ConformanceRule.allCases)
    let raggy = try Conformance.check(RaggyLayout.self, also: [FlowLayout.self], options: "numberOfRows=4")
    #expect(raggy.violations.isEmpty, "\(raggy.summary)")
    #expect(raggy.summary.hasPrefix("conform: layout raggy numberOfRows=4, dataset random (200 items, seed 1)\nok    "))
  }

  /// A layout that breaks a rule is reported with the rule, in one line of a test.
  @Test func aBrokenSwiftLayoutIsReported() throws {
    let report = try Conformance.check(
      ShortContent.self, also: [FlowLayout.self, RaggyLayout.self], items: 20)
    #expect(report.violations.map(\.rule) == [.contentSize])
    #expect(report.violations.first?.items == 1)
  }
}

/// One 50x50 cell per item in a column, with a content size 10 points too short.
final class ShortContent: CollectionLayout {
  static let layoutDescription = LayoutDescription(name: "shortcontent", summary: "content too short")
  let collectionView: CollectionView
  var count = 0
  init(collectionView: CollectionView) { self.collectionView = collectionView }
  func apply(options: LayoutOptions) throws(LayoutError) {}
  func prepare() throws(LayoutError) {
    count = (0..<collectionView.numberOfSections).reduce(0) { $0 + collectionView.numberOfItems(inSection: $1) }
  }
  var collectionViewContentSize: Size { Size(width: 50, height: Double(count) * 60 - 10 - 10) }
  func frame(_ k: Int) -> Rect { Rect(x: 0, y: Double(k) * 60, width: 50, height: 50) }
  func path(_ k: Int) -> IndexPath {
    var k = k
    for s in 0..<collectionView.numberOfSections {
      let n = collectionView.numberOfItems(inSection: s)
      if k < n { return IndexPath(s, k) }
      k -= n
    }
    return IndexPath(0, 0)
  }
  func layoutAttributesForElements(in rect: Rect, into sink: inout AttributesSink) {
    for k in 0..<count where frame(k).intersects(rect) {
      sink.append(LayoutAttributes(indexPath: path(k), frame: frame(k)))
    }
  }
  func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    (0..<count).first { path($0) == indexPath }.map { LayoutAttributes(indexPath: indexPath, frame: frame($0)) }
  }
}
