import Testing

@testable import TesseraHost
@testable import TesseraKit

/// The shrinker on its own, against bugs whose cause is known exactly: it must find the
/// smallest case, not merely a smaller one.
@Suite struct ConformanceShrinkerTests {
  /// Three sections of ten items, each with a size, a header on every section, a prop on
  /// every item.
  static let data = Dataset(sections: (0..<3).map(section))

  static func section(_ s: Int) -> DatasetSection {
    let items: [DatasetItem] = (0..<10).map { i in
      let size = Size(width: Double(20 + i), height: Double(30 + 3 * i))
      return DatasetItem(id: "i\(s * 10 + i)", size: size, props: ["n": .number(Double(i))])
    }
    return DatasetSection(
      id: "s\(s)", header: Size(width: 390, height: 40), props: ["title": .string("S\(s)")], items: ItemList(items))
  }

  static func shrink(
    options: [String] = [], _ fails: @escaping (ConformanceCase) -> Bool
  ) -> ConformanceShrinker {
    let failure = ConformanceFailure(rule: .contentSize, detail: "", steps: [])
    var shrinker = ConformanceShrinker(
      from: ConformanceCase(data: .generated(items: 30), options: options), failure: failure, sizedByCount: true,
      deadline: .now + .seconds(60),
      generate: { count in ConformanceShrinkerTests.prefix(count) },
      fails: { fails($0) ? failure : nil })
    shrinker.shrink()
    return shrinker
  }

  /// The first `count` items of `data`, as `gen` would make fewer.
  static func prefix(_ count: Int) -> Dataset {
    ConformanceShrinker.removing(count..<30, from: data)
  }

  static func dataset(_ c: ConformanceCase) -> Dataset {
    switch c.data {
    case .generated(let items): prefix(items)
    case .given(let d): d
    }
  }

  static func ids(_ c: ConformanceCase) -> [String] {
    dataset(c).sections.flatMap { $0.items.map(\.id) }
  }

  @Test func aBugOfOneLateItemShrinksToThatItemAlone() {
    // Only item i27 (the 28th) shows it: a prefix search alone would keep 28 items.
    let shrinker = Self.shrink { Self.ids($0).contains("i27") }
    #expect(Self.ids(shrinker.best) == ["i27"])
    #expect(!shrinker.ranOutOfTime)
    // Its section, header and props went too; its size did as well (nothing needed it).
    #expect(
      Self.dataset(shrinker.best)
        == Dataset(sections: [DatasetSection(id: "s2", items: ItemList([DatasetItem(id: "i27")]))]))
  }

  @Test func aBugOfTwoItemsTogetherKeepsBoth() {
    let shrinker = Self.shrink { Self.ids($0).contains("i3") && Self.ids($0).contains("i21") }
    #expect(Self.ids(shrinker.best) == ["i3", "i21"])
  }

  @Test func aSizeThatMattersStaysRoundedUpToTens() {
    // Any item taller than 50 points shows it: i7 (57 points) is the first.
    let tall = { (c: ConformanceCase) in
      Self.dataset(c).sections.contains { $0.items.contains { ($0.size?.height ?? 0) > 50 } }
    }
    let shrinker = Self.shrink(tall)
    let items = Self.dataset(shrinker.best).sections.flatMap { Array($0.items) }
    #expect(items == [DatasetItem(id: "i7", size: Size(width: 30, height: 60))])
  }

  @Test func optionsTheBugDoesNotNeedAreDropped() {
    let shrinker = Self.shrink(options: ["columns=3", "spacing=4", "inset=2"]) { c in
      c.options.contains("spacing=4") && !Self.ids(c).isEmpty
    }
    #expect(shrinker.best.options == ["spacing=4"])
    #expect(Self.ids(shrinker.best).count == 1)
  }

  @Test func generatedDataStaysGeneratedWhenNothingSmallerFails() {
    // Everything is needed: the case stays what gen makes (no dataset file).
    let shrinker = Self.shrink { Self.dataset($0) == Self.data }
    #expect(shrinker.best.data == .generated(items: 30))
  }

  @Test func theTimeLimitStopsItAndSaysSo() {
    let failure = ConformanceFailure(rule: .contentSize, detail: "", steps: [])
    var shrinker = ConformanceShrinker(
      from: ConformanceCase(data: .generated(items: 30), options: []), failure: failure, sizedByCount: true,
      deadline: .now, generate: { Self.prefix($0) }, fails: { _ in failure })
    shrinker.shrink()
    #expect(shrinker.ranOutOfTime)
    #expect(shrinker.trials == 0)
  }
}
