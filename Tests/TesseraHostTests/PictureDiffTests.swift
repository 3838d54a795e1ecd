import TesseraKit
import Testing

@testable import TesseraHost

@Suite struct PictureDiffTests {
  typealias F = PictureFixtures

  static let expected = [
    F.element(.cell, nil, 0, 0, Rect(x: 0, y: 0, width: 50, height: 50)),
    F.element(.cell, nil, 0, 1, Rect(x: 68, y: 0, width: 50, height: 50)),
    F.element(.cell, nil, 0, 2, Rect(x: 136, y: 0, width: 50, height: 50), custom: [("column", 2)]),
    F.element(.supplementary, "header", 0, 0, Rect(x: 0, y: -40, width: 390, height: 40)),
  ]

  @Test func aMovedElementIsMarkedAndLabelledWithWhatDiffers() throws {
    var actual = Self.expected
    actual[1].frame.origin.x = 70
    actual[1].frame.size.height = 44
    actual[2].alpha = 0.5
    actual[2].custom = [Element.Custom(key: "column", value: 1)]
    actual.remove(at: 3)
    actual.append(F.element(.cell, nil, 0, 3, Rect(x: 0, y: 60, width: 500, height: 50)))
    let picture = DiffPicture.draw(expected: Self.expected, actual: actual, title: "flow/grid.session:7 dump")
    #expect(picture.elementCount == 5)
    let root = try SVGNode.parse(picture.svg)
    let statuses = root.elementGroups.map { "\($0["data-element"]!) \($0["data-diff"]!)" }
    #expect(
      statuses == [
        "cell 0.0 same", "cell 0.1 changed", "cell 0.2 changed", "cell 0.3 only-actual",
        "header 0.0 only-expected",
      ])
    let moved = try #require(root.group("cell 0.1"))
    #expect(moved.children.map { $0["class"]! } == ["exp", "act"])
    #expect(moved.children.map { $0.number("x")! } == [68, 70])
    #expect(root.group("cell 0.0")?.children.map { $0["class"]! } == ["same"])
    // Each differing element is numbered where it is, and the header lists what differs.
    let labels = root.descendants.filter { $0["data-label"] != nil }.map { "\($0["data-label"]!) \($0.text)" }
    #expect(labels == ["cell 0.1 1", "cell 0.2 2", "cell 0.3 3", "header 0.0 4"])
    let notes = root.descendants.filter { $0["class"] == "cap" }.map(\.text).filter { $0.first?.isNumber == true }
    #expect(
      notes.dropFirst() == [
        "1. cell 0.1: x 68→70, height 50→44", "2. cell 0.2: alpha 1→0.5, column 2→1", "3. cell 0.3: only actual",
        "4. header 0.0: only expected",
      ])
    #expect(root.children.first { $0.name == "title" }?.text == "flow/grid.session:7 dump")
    #expect(
      root.descendants.contains {
        $0.text.hasPrefix("4 of 5 elements differ: 2 changed, 1 only expected, 1 only actual")
      })
    // The area is the union of every frame: 0,-40 to 500,110.
    #expect(root.descendants.contains { $0.text.hasSuffix("area 0,-40 500x150") })
  }

  @Test func identicalListsDrawOnlyFaintOutlines() throws {
    let picture = DiffPicture.draw(expected: Self.expected, actual: Self.expected, title: nil)
    let root = try SVGNode.parse(picture.svg)
    #expect(root.elementGroups.allSatisfy { $0["data-diff"] == "same" })
    #expect(!root.descendants.contains { $0["data-label"] != nil })
    #expect(root.children.first { $0.name == "title" } == nil)
    #expect(DiffPicture.draw(expected: [], actual: [], title: nil).elementCount == 0)
  }

  @Test func repeatedLabelsPairInOrder() {
    let twice = [Self.expected[0], Self.expected[0]]
    let entries = ElementDifference.match(expected: twice, actual: [Self.expected[0]])
    #expect(entries.map(\.status) == [.same, .onlyExpected])
  }
}
