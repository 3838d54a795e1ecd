import TesseraKit
import Testing

@testable import TesseraHost

@Suite struct PictureOverviewTests {
  typealias F = PictureFixtures

  static func scene(_ elements: [Element]) -> PictureScene {
    let content = Size(width: 390, height: Double((elements.count + 5) / 6 * 60))
    return PictureScene(
      area: Rect(origin: .zero, size: content), viewport: Rect(x: 0, y: 0, width: 390, height: 844),
      contentSize: content, elements: elements)
  }

  @Test func moreElementsThanTheLimitMakeAnOverview() throws {
    let elements = F.grid(30)
    let atLimit = LayoutPicture.draw(Self.scene(elements), options: PictureOptions(overviewLimit: 30))
    #expect(!atLimit.isOverview && atLimit.elementCount == 30)
    let over = LayoutPicture.draw(Self.scene(elements), options: PictureOptions(overviewLimit: 29))
    #expect(over.isOverview && over.elementCount == 30 && over.overlapCount == 0)
    let root = try SVGNode.parse(over.svg)
    #expect(root.elementGroups.isEmpty)
    // 390x300: bins of 390 / 200 · 1.01 → 1.97 points, a 198x153 grid.
    #expect(
      root.descendants.contains {
        $0.text == "density overview: 30 elements in 30 bins (a 198x153 grid of 1.97x1.97-point bins), up to 1 per bin"
      })
    #expect(root.descendants.contains { $0["data-viewport"] == "viewport 390x844 at 0,0" })
    #expect(root.descendants.contains { $0["data-content"] == "390x300" })
  }

  @Test func hiddenElementsCountOnlyWhenShown() {
    var elements = F.grid(12)
    for index in 0..<6 { elements[index].isHidden = true }
    let hiddenLeftOut = LayoutPicture.draw(Self.scene(elements), options: PictureOptions(overviewLimit: 6))
    #expect(!hiddenLeftOut.isOverview)
    let shown = LayoutPicture.draw(Self.scene(elements), options: PictureOptions(showHidden: true, overviewLimit: 6))
    #expect(shown.isOverview && shown.elementCount == 12)
  }

  @Test func binsCountCentresAndShadesComeInEightSteps() throws {
    // Bins of 10 points over 0,0 2000x100 (2000 / 200 · 1.01 = 10.1 → 10.1 points: 199x10 bins).
    let area = Rect(x: 0, y: 0, width: 2000, height: 100)
    #expect(DensityOverview.binSide(for: area) == 10.1)
    var elements: [Element] = []
    // 16 elements centred in the first bin, 8 in the second, 1 in the third and one outside the
    // area (its centre is clamped into the last bin of the first row).
    for item in 0..<16 { elements.append(F.element(.cell, nil, 0, item, Rect(x: 1, y: 1, width: 2, height: 2))) }
    for item in 0..<8 { elements.append(F.element(.cell, nil, 1, item, Rect(x: 11, y: 1, width: 2, height: 2))) }
    elements.append(F.element(.cell, nil, 2, 0, Rect(x: 21, y: 1, width: 2, height: 2)))
    elements.append(F.element(.cell, nil, 2, 1, Rect(x: 2100, y: -50, width: 10, height: 10)))
    let grid = DensityOverview.grid(elements, area: area, showHidden: false)
    #expect(grid.columns == 199 && grid.rows == 10)
    #expect(Array(grid.counts.prefix(3)) == [16, 8, 1] && grid.counts[198] == 1)
    #expect(grid.binned == 26 && grid.occupied == 4 && grid.maximum == 16)
    #expect([16, 8, 1].map { grid.level($0) } == [8, 4, 1])

    let scene = PictureScene(area: area, viewport: area, contentSize: area.size, elements: elements)
    let picture = LayoutPicture.draw(scene, options: PictureOptions(overviewLimit: 10))
    let root = try SVGNode.parse(picture.svg)
    let overview = try #require(root.descendants.first { $0["data-overview"] != nil })
    #expect(overview["data-overview"] == "199x10")
    #expect(overview["transform"] == "translate(0 0) scale(10.1)")
    let paths = overview.children.map { "\($0["class"]!): \($0["d"]!)" }
    #expect(paths == ["b1: M2 0h1v1h-1zM198 0h1v1h-1z", "b4: M1 0h1v1h-1z", "b8: M0 0h1v1h-1z"])
    #expect(root.descendants.compactMap { $0["data-legend"] } == ["≤ 2", "≤ 8", "≤ 16", "viewport"])
  }

  @Test func equalNeighboursShareOneRun() {
    let elements = (0..<6).map { F.element(.cell, nil, 0, $0, Rect(x: Double($0) * 10, y: 0, width: 10, height: 10)) }
    let area = Rect(x: 0, y: 0, width: 2000, height: 10)
    let scene = PictureScene(area: area, viewport: area, contentSize: area.size, elements: elements)
    let svg = LayoutPicture.draw(scene, options: PictureOptions(overviewLimit: 1)).svg
    #expect(svg.contains("<path class=\"b8\" d=\"M0 0h6v1h-6z\"/>"))
  }

  @Test func anOverviewIsDeterministicAndSmall() {
    let elements = F.grid(50_000)
    let scene = Self.scene(elements)
    let options = PictureOptions(title: "fifty thousand", overviewLimit: 1000)
    let first = LayoutPicture.draw(scene, options: options)
    #expect(first == LayoutPicture.draw(scene, options: options))
    #expect(first.isOverview && first.elementCount == 50_000)
    #expect(first.svg.utf8.count < 100_000)
  }
}
