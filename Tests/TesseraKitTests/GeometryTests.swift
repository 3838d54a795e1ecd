import TesseraKit
import Testing

@Suite struct GeometryTests {
  /// Core Graphics' rule: the intersection is not the null rect. Touching edges and corners
  /// intersect (a zero-height or zero-width intersection), and so do zero-area rects inside.
  @Test(arguments: [
    // (a, b, intersects)
    (Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 5, y: 5, width: 10, height: 10), true),
    (Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 10, y: 0, width: 10, height: 10), true),  // shares an edge
    (Rect(x: 0, y: 0, width: 10, height: 5), Rect(x: 0, y: 5, width: 10, height: 5), true),  // the iOS example
    (Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 10, y: 10, width: 5, height: 5), true),  // a corner
    (Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 3, y: 3, width: 0, height: 4), true),  // zero width inside
    (Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 3, y: 3, width: 0, height: 0), true),  // a point inside
    (Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 9.5, y: -1, width: 1, height: 1.5), true),
    (Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 10.001, y: 0, width: 5, height: 5), false),  // apart
    (Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 3, y: 11, width: 4, height: 0), false),  // a line below
    (Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: .nan, y: 0, width: 1, height: 1), false),
  ])
  func intersectionIsCoreGraphicsRule(a: Rect, b: Rect, expected: Bool) {
    #expect(a.intersects(b) == expected)
    #expect(b.intersects(a) == expected)
  }

  @Test func unionCoversBoth() {
    let u = Rect(x: 10, y: 0, width: 5, height: 5).union(Rect(x: 0, y: 20, width: 2, height: 2))
    #expect(u == Rect(x: 0, y: 0, width: 15, height: 22))
  }

  @Test func indexPathsSortSectionFirst() {
    let paths = [IndexPath(1, 0), IndexPath(0, 5), IndexPath(0, 1)]
    #expect(paths.sorted() == [IndexPath(0, 1), IndexPath(0, 5), IndexPath(1, 0)])
    #expect(IndexPath(2, 7).description == "2.7")
  }

  @Test func customValuesRememberWhichAreSet() {
    var custom = CustomValues()
    #expect(custom.isEmpty)
    custom[2] = 1.5
    #expect(custom[2] == 1.5)
    #expect(custom[0] == nil)
    #expect(custom.mask == 0b100)
    custom[2] = nil
    #expect(custom.isEmpty)
  }

  @Test func elementKindsCompareByName() {
    #expect(ElementKind.supplementary("header") == ElementKind.supplementary("header"))
    #expect(ElementKind.supplementary("header") != ElementKind.supplementary("footer"))
    #expect(ElementKind.supplementary("x") != ElementKind.decoration("x"))
  }
}
