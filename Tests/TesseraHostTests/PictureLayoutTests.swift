import TesseraKit
import Testing

@testable import TesseraHost

@Suite struct PictureLayoutTests {
  typealias F = PictureFixtures

  static func draw(_ elements: [Element], options: PictureOptions = PictureOptions()) -> Picture {
    LayoutPicture.draw(F.smallScene(elements), options: options)
  }

  @Test func theSameSceneDrawsTheSameBytesInAnyInputOrder() {
    let options = PictureOptions(title: "twice", showHidden: true)
    let first = LayoutPicture.draw(F.smallScene(), options: options)
    let second = LayoutPicture.draw(F.smallScene(), options: options)
    let reversed = LayoutPicture.draw(F.smallScene(F.smallElements.reversed()), options: options)
    #expect(first == second)
    #expect(first.svg == reversed.svg)
    #expect(first.svg.hasSuffix("</svg>\n"))
  }

  @Test func aSmallSceneIsPinnedToTheByte() {
    let picture = LayoutPicture.draw(F.smallScene(), options: PictureOptions(title: "small & <scene>"))
    #expect(picture.elementCount == 5)
    #expect(picture.overlapCount == 0)
    #expect(!picture.isOverview)
    #expect(
      picture.svg == """
        <svg xmlns="http://www.w3.org/2000/svg" width="310.8" height="294" viewBox="-10 -84 310.8 294">
        <title>small &amp; &lt;scene&gt;</title>
        <style>
        svg{font-family:Helvetica,Arial,sans-serif}
        .bg{fill:#f1f3f5}
        .sheet{fill:#ffffff;stroke:#adb5bd;stroke-width:1px}
        .t{font-size:10px;fill:#212529;text-anchor:middle}
        .id{fill:#495057}
        .cap{font-size:11px;fill:#495057}
        .ttl{font-size:14px;font-weight:bold;fill:#212529}
        .halo{paint-order:stroke;stroke:#ffffff;stroke-width:3px;stroke-linejoin:round}
        .vp{fill:none;stroke:#7048e8;stroke-width:2px;stroke-dasharray:6px 4px}
        .vptag{fill:#7048e8;fill-opacity:0.85}
        .vpt{font-size:10px;fill:#ffffff}
        .ov{fill:none;stroke:#e03131;stroke-width:2px}
        .h{stroke-dasharray:4px 3px;fill-opacity:0.4}
        .c0{fill:#cad7e5;stroke:#375575;stroke-width:1px}
        .s1{fill:#fef4ea;stroke:#c27222;stroke-width:1.5px}
        .d3{fill:url(#ts-hatch-3);stroke:#b07aa1;stroke-width:1px}
        </style>
        <defs>
        <clipPath id="ts-area"><rect x="0" y="0" width="240" height="200"/></clipPath>
        <mask id="ts-labels" maskUnits="userSpaceOnUse" x="-2" y="-2" width="244" height="204"><rect x="-2" y="-2" width="244" height="204" fill="#ffffff"/><rect x="110" y="8.5" width="20" height="13" fill="#000000"/></mask>
        <pattern id="ts-hatch-3" patternUnits="userSpaceOnUse" width="8" height="8" patternTransform="rotate(45)"><rect width="8" height="8" fill="#f9f4f7"/><line x1="0" y1="0" x2="0" y2="8" stroke="#d4b6cb" stroke-width="2"/></pattern>
        </defs>
        <rect class="bg" x="-10" y="-84" width="310.8" height="294"/>
        <text x="0" y="-61" class="ttl">small &amp; &lt;scene&gt;</text>
        <g data-legend="cell"><rect x="1" y="-53" width="12" height="12" class="c0"/><text x="16" y="-43" class="cap">cell</text></g>
        <g data-legend="header"><rect x="57.4" y="-53" width="12" height="12" class="s1"/><text x="72.4" y="-43" class="cap">header</text></g>
        <g data-legend="background"><rect x="127" y="-53" width="12" height="12" class="d3"/><text x="142" y="-43" class="cap">background</text></g>
        <g data-legend="viewport"><rect x="223" y="-53" width="12" height="12" class="vp"/><text x="238" y="-43" class="cap">viewport</text></g>
        <text x="0" y="-25" class="cap">content 240x190 · area 0,0 240x200</text>
        <text x="0" y="-9" class="cap">viewport 240x150 at 0,20 · 5 elements</text>
        <g clip-path="url(#ts-area)">
        <rect data-content="240x190" x="0" y="0" width="240" height="190" class="sheet"/>
        <g data-element="background 0.0"><rect x="0" y="30" width="240" height="160" class="d3"/></g>
        <g data-element="cell 0.0"><rect x="10" y="40" width="100" height="60" class="c0"/><text x="60" y="67.5" class="t">0.0</text><text x="60" y="79.5" class="t id">a</text></g>
        <g data-element="cell 0.2" opacity="0.5"><rect x="10" y="110" width="100" height="60" class="c0"/><text x="60" y="137.5" class="t">0.2</text><text x="60" y="149.5" class="t id">c</text></g>
        <g data-element="cell 0.3" transform="translate(180 140) matrix(0.8660254037844387 0.5 -0.5 0.8660254037844387 0 0) translate(-180 -140)"><rect x="150" y="120" width="60" height="40" class="c0"/><text x="180" y="137.5" class="t">0.3</text><text x="180" y="149.5" class="t id">d</text></g>
        <g data-element="header 0.0"><rect x="0" y="0" width="240" height="30" class="s1"/><text x="120" y="18.5" class="t">0.0</text></g>
        <g data-viewport="viewport 240x150 at 0,20"><rect x="0" y="20" width="240" height="150" class="vp" mask="url(#ts-labels)"/></g>
        </g>
        </svg>

        """)
  }

  @Test func drawnGeometryAndOpacityEqualTheAttributesExactly() throws {
    let elements = [
      F.element(.cell, nil, 0, 0, Rect(x: 0.1 + 0.2, y: 1.0 / 3, width: 100.125, height: 1e-7), alpha: 0.3),
      F.element(.cell, nil, 0, 1, Rect(x: -12.5, y: 123456.789, width: 2.0 / 3, height: 44), alpha: 1.0 / 3),
      F.element(.supplementary, "header", 1, 0, Rect(x: 1e-5, y: 0.7, width: 390, height: 40.25)),
      F.element(.decoration, "background", 1, 0, Rect(x: 5, y: 5, width: 0, height: 9)),
    ]
    let root = try SVGNode.parse(Self.draw(elements).svg)
    #expect(root.elementGroups.count == elements.count)
    for element in elements {
      let group = try #require(root.group(element.label))
      let shape = try #require(group.shape)
      #expect(shape.number("x") == element.frame.minX)
      #expect(shape.number("y") == element.frame.minY)
      #expect(shape.number("width") == element.frame.width)
      #expect(shape.number("height") == element.frame.height)
      #expect(group.number("opacity") == (element.alpha == 1 ? nil : element.alpha))
    }
  }

  @Test func hiddenElementsAreLeftOutUnlessShownDashed() throws {
    let hidden = try SVGNode.parse(Self.draw(F.smallElements).svg)
    #expect(hidden.group("cell 0.1") == nil)
    #expect(hidden.elementGroups.count == 5)
    let shown = try SVGNode.parse(Self.draw(F.smallElements, options: PictureOptions(showHidden: true)).svg)
    let group = try #require(shown.group("cell 0.1"))
    #expect(group.shape?["class"] == "c0 h")
    #expect(shown.elementGroups.count == 6)
    #expect(shown.descendants.contains { $0["data-legend"] == "hidden" })
    #expect(LayoutPicture.draw(F.smallScene(), options: PictureOptions(showHidden: true)).elementCount == 6)
  }

  @Test func paintingOrderIsZThenCategoryThenIndexPath() throws {
    let elements = [
      F.element(.decoration, "background", 0, 0, Rect(x: 0, y: 0, width: 10, height: 10)),
      F.element(.supplementary, "header", 0, 0, Rect(x: 0, y: 0, width: 10, height: 10)),
      F.element(.cell, nil, 1, 0, Rect(x: 0, y: 0, width: 10, height: 10)),
      F.element(.cell, nil, 0, 2, Rect(x: 0, y: 0, width: 10, height: 10)),
      F.element(.cell, nil, 0, 10, Rect(x: 0, y: 0, width: 10, height: 10), z: -1),
      F.element(.supplementary, "footer", 0, 0, Rect(x: 0, y: 0, width: 10, height: 10)),
      F.element(.cell, nil, 0, 1, Rect(x: 0, y: 0, width: 10, height: 10), z: 1),
    ]
    let root = try SVGNode.parse(Self.draw(elements).svg)
    #expect(
      root.elementGroups.map { $0["data-element"]! } == [
        "cell 0.10", "cell 0.2", "cell 1.0", "header 0.0", "footer 0.0", "background 0.0", "cell 0.1",
      ])
  }

  @Test func overlappingCellsAreOutlinedInRedAfterEverythingAndCounted() throws {
    let elements = [
      F.element(.cell, nil, 0, 0, Rect(x: 0, y: 0, width: 50, height: 50)),
      F.element(.cell, nil, 0, 1, Rect(x: 40, y: 40, width: 50, height: 50)),
      F.element(.cell, nil, 0, 2, Rect(x: 90, y: 0, width: 50, height: 50)),  // touches 0.1 only at a corner
      F.element(.supplementary, "header", 0, 0, Rect(x: 0, y: 0, width: 200, height: 20)),  // another category
    ]
    let picture = Self.draw(elements)
    #expect(picture.overlapCount == 2)
    let root = try SVGNode.parse(picture.svg)
    let outlines = root.descendants.filter { $0["data-overlap"] != nil }
    #expect(outlines.map { $0["data-overlap"]! } == ["cell 0.0", "cell 0.1"])
    #expect(outlines.allSatisfy { $0["class"] == "ov" })
    #expect(outlines[1].number("x") == 40 && outlines[1].number("width") == 50)
    let nodes = root.descendants
    let lastElement = nodes.lastIndex { $0["data-element"] != nil }!
    #expect(nodes.firstIndex { $0["data-overlap"] != nil }! > lastElement)
    #expect(picture.svg.contains("2 overlapping cells"))
  }

  /// Only cells UIKit stacks in no promised order are marked: boxes of one z index, both shown.
  /// Different z indices, dots (markers like a timeline's events), hidden, transparent and
  /// transformed cells overlap on purpose; nothing is marked while a transition blends.
  @Test func onlyOverlapsOfOneZIndexAreMarked() throws {
    let frame = Rect(x: 0, y: 0, width: 50, height: 50)
    let shifted = Rect(x: 20, y: 20, width: 50, height: 50)
    let cases: [([Element], [String: KindDrawingHint], Int)] = [
      ([F.element(.cell, nil, 0, 0, frame), F.element(.cell, nil, 0, 1, shifted)], [:], 2),
      ([F.element(.cell, nil, 0, 0, frame), F.element(.cell, nil, 0, 1, shifted, z: 1)], [:], 0),
      (
        [F.element(.cell, nil, 0, 0, frame), F.element(.cell, nil, 0, 1, shifted)],
        ["cell": KindDrawingHint(nil, .dot)],
        0
      ),
      ([F.element(.cell, nil, 0, 0, frame), F.element(.cell, nil, 0, 1, shifted, alpha: 0)], [:], 0),
      ([F.element(.cell, nil, 0, 0, frame), F.element(.cell, nil, 0, 1, shifted, transform: F.rotation)], [:], 0),
    ]
    for (elements, drawings, marked) in cases {
      var scene = F.smallScene(elements)
      scene.drawings = drawings
      #expect(LayoutPicture.draw(scene, options: PictureOptions()).overlapCount == marked, "\(elements)")
      scene.marksOverlaps = false
      #expect(LayoutPicture.draw(scene, options: PictureOptions()).overlapCount == 0)
    }
  }

  /// A kind whose drawing hint names a custom value is labelled with it (a date heading with its
  /// day), its index path on the line under it.
  @Test func aCustomValueLabelsWhatAnElementStandsFor() throws {
    let heading = F.element(
      .supplementary, "date", 0, 3, Rect(x: 0, y: 0, width: 120, height: 40), custom: [("day", 16594)])
    var scene = F.smallScene([heading])
    scene.drawings = ["date": KindDrawingHint(nil, .box, label: .init("day", as: .date))]
    let root = try SVGNode.parse(LayoutPicture.draw(scene, options: PictureOptions()).svg)
    #expect(root.group("date 0.3")?.texts == ["2015-06-08", "0.3"])
    scene.drawings = ["date": KindDrawingHint(nil, .box, label: .init("day", as: .number))]
    let numbered = try SVGNode.parse(LayoutPicture.draw(scene, options: PictureOptions()).svg)
    #expect(numbered.group("date 0.3")?.texts == ["16594", "0.3"])
  }

  @Test func labelsShowWhereTheyFit() throws {
    let elements = [
      F.element(.cell, nil, 0, 0, Rect(x: 0, y: 0, width: 100, height: 40)),  // path and id
      F.element(.cell, nil, 0, 1, Rect(x: 0, y: 50, width: 100, height: 20)),  // too low for two lines
      F.element(.cell, nil, 0, 2, Rect(x: 0, y: 80, width: 21, height: 40)),  // "0.2" needs 3·6 + 4 = 22
      F.element(.cell, nil, 0, 3, Rect(x: 30, y: 80, width: 22, height: 13)),  // needs 14 high
      F.element(.cell, nil, 0, 4, Rect(x: 60, y: 80, width: 22, height: 14)),  // just fits
      F.element(.supplementary, "header", 0, 0, Rect(x: 110, y: 0, width: 100, height: 40)),  // never an id
      F.element(.decoration, "background", 0, 0, Rect(x: 110, y: 50, width: 100, height: 40)),  // no labels
    ]
    var scene = F.smallScene(elements)
    scene.cellID = { ["a", "b", "c", "d", "e"][$0.item] }
    let root = try SVGNode.parse(LayoutPicture.draw(scene, options: PictureOptions()).svg)
    #expect(root.group("cell 0.0")?.texts == ["0.0", "a"])
    #expect(root.group("cell 0.1")?.texts == ["0.1"])
    #expect(root.group("cell 0.2")?.texts == [])
    #expect(root.group("cell 0.3")?.texts == [])
    #expect(root.group("cell 0.4")?.texts == ["0.4"])
    #expect(root.group("header 0.0")?.texts == ["0.0"])
    #expect(root.group("background 0.0")?.texts == [])
    // At half scale the 100x40 cell is 50x20 pixels: room for its path only.
    let half = try SVGNode.parse(LayoutPicture.draw(scene, options: PictureOptions(scale: 0.5)).svg)
    #expect(half.group("cell 0.0")?.texts == ["0.0"])
    #expect(half.group("cell 0.4")?.texts == [])
    let none = try SVGNode.parse(LayoutPicture.draw(scene, options: PictureOptions(labels: false)).svg)
    #expect(none.elementGroups.allSatisfy { $0.texts.isEmpty })
  }

  @Test func idsAndTitlesAreEscapedAndNeverHoldControls() throws {
    var scene = F.smallScene([F.element(.cell, nil, 0, 0, Rect(x: 0, y: 0, width: 200, height: 40))])
    scene.cellID = { _ in "a<b&\"c\"" }
    let picture = LayoutPicture.draw(scene, options: PictureOptions(title: "it's\u{1B}[31m red"))
    #expect(picture.svg.contains(">a&lt;b&amp;&quot;c&quot;</text>"))
    #expect(!picture.svg.unicodeScalars.contains { $0 != "\n" && String.isControl($0) })
    let root = try SVGNode.parse(picture.svg)
    #expect(root.group("cell 0.0")?.texts == ["0.0", "a<b&\"c\""])
    #expect(root.children.first { $0.name == "title" }?.text == "it's\\u{1B}[31m red")
  }

  @Test func scaleAndWidthSetPixelsAndTheViewBoxStaysInPoints() throws {
    let scene = F.smallScene()
    let one = try SVGNode.parse(LayoutPicture.draw(scene, options: PictureOptions(labels: false)).svg)
    let two = try SVGNode.parse(LayoutPicture.draw(scene, options: PictureOptions(scale: 2, labels: false)).svg)
    let box = try #require(one["viewBox"]?.split(separator: " ").compactMap { Double($0) })
    #expect(box.count == 4 && box[0] < 0 && box[1] < 0)
    #expect(one.number("width") == box[2] && one.number("height") == box[3])
    let box2 = try #require(two["viewBox"]?.split(separator: " ").compactMap { Double($0) })
    #expect(two.number("width") == box2[2] * 2 && two.number("height") == box2[3] * 2)
    // 500 pixels: 240 points at 2 pixels per point and a margin of 10 pixels (5 points) either side.
    let fitted = try SVGNode.parse(LayoutPicture.draw(scene, options: PictureOptions(width: 500)).svg)
    #expect(fitted["width"] == "500")
    let box3 = try #require(fitted["viewBox"]?.split(separator: " ").compactMap { Double($0) })
    #expect(box3[0] == -5 && box3[2] == 250)
    #expect(fitted.group("cell 0.0")?.shape?.number("width") == 100)
  }

  @Test func linesAndDotsFollowTheDrawingHints() throws {
    let elements = [
      F.element(
        .supplementary, "connector", 1, 0, Rect(x: 120, y: 40, width: 60, height: 80), custom: [("startTop", 0)]),
      F.element(
        .supplementary, "connector", 1, 1, Rect(x: 120, y: 40, width: 60, height: 80), custom: [("startTop", 1)]),
      F.element(.supplementary, "link", 0, 0, Rect(x: 0, y: 10, width: 30, height: 20)),
      F.element(.decoration, "pin", 0, 0, Rect(x: 10, y: 21, width: 6, height: 6)),
      F.element(.decoration, "pin", 0, 1, Rect(x: 40, y: 20, width: 30, height: 8)),
    ]
    var scene = F.smallScene(elements)
    scene.kinds = ["connector", "link", "pin"]
    scene.drawings = [
      "connector": KindDrawingHint(nil, .line, direction: .falling, flipKey: "startTop"),
      "link": KindDrawingHint(nil, .line), "pin": KindDrawingHint(nil, .dot),
    ]
    let root = try SVGNode.parse(LayoutPicture.draw(scene, options: PictureOptions()).svg)
    func ends(_ label: String) -> [Double]? {
      root.group(label)?.shape.map { line in ["x1", "y1", "x2", "y2"].compactMap { line.number($0) } }
    }
    #expect(ends("connector 1.0") == [120, 40, 180, 120])  // falling: top-left to bottom-right
    #expect(ends("connector 1.1") == [120, 120, 180, 40])  // flipped
    #expect(ends("link 0.0") == [0, 30, 30, 10])  // rising by default
    #expect(root.group("link 0.0")?.shape?["class"] == "l2")
    let dot = try #require(root.group("pin 0.0")?.shape)
    #expect(dot.name == "circle" && dot.number("cx") == 13 && dot.number("cy") == 24 && dot.number("r") == 3)
    // A frame longer one way is a capsule: the frame with its short ends rounded.
    let capsule = try #require(root.group("pin 0.1")?.shape)
    #expect(
      capsule.name == "rect" && capsule.number("x") == 40 && capsule.number("width") == 30
        && capsule.number("height") == 8 && capsule.number("rx") == 4 && capsule.number("ry") == 4)
    #expect(root.descendants.contains { $0["data-legend"] == "connector" && $0.children.first?.name == "line" })
  }

  @Test func aTransformIsAppliedAboutTheCentre() throws {
    let scale = Transform(a: 2, b: 0, c: 0, d: 0.5, tx: 10, ty: -4)
    let element = F.element(.cell, nil, 0, 0, Rect(x: 10, y: 20, width: 30, height: 41), transform: scale)
    let root = try SVGNode.parse(Self.draw([element]).svg)
    #expect(root.group("cell 0.0")?["transform"] == "translate(25 40.5) matrix(2 0 0 0.5 10 -4) translate(-25 -40.5)")
  }

  @Test func theViewportAndContentAreFramedAndCaptioned() throws {
    var scene = F.smallScene()
    scene.viewport = Rect(x: 0, y: 600, width: 390, height: 844)
    scene.area = Rect(x: 0, y: 500, width: 390, height: 1000)
    let root = try SVGNode.parse(LayoutPicture.draw(scene, options: PictureOptions()).svg)
    let viewport = try #require(root.descendants.first { $0["data-viewport"] != nil })
    #expect(viewport["data-viewport"] == "viewport 390x844 at 0,600")
    #expect(viewport.children.first?.number("y") == 600 && viewport.children.first?["class"] == "vp")
    #expect(viewport.children.last?.text == "viewport 390x844 at 0,600")
    #expect(root.descendants.first { $0["data-content"] != nil }?.number("height") == 190)
    #expect(root.descendants.contains { $0.text == "content 240x190 · area 0,500 390x1000" })
    #expect(root.descendants.contains { $0.text == "viewport 390x844 at 0,600 · 5 elements" })
  }

  @Test func aBoxCutByTheEdgeIsLabelledWhereItShows() throws {
    var scene = F.smallScene([F.element(.cell, nil, 0, 0, Rect(x: 0, y: -80, width: 100, height: 100))])
    scene.area = Rect(x: 0, y: 0, width: 240, height: 200)
    let root = try SVGNode.parse(LayoutPicture.draw(scene, options: PictureOptions()).svg)
    let texts = try #require(root.group("cell 0.0")?.children.filter { $0.name == "text" })
    // The part inside the area is 0,0 100x20: room for one line, centred at (50, 10).
    #expect(texts.map(\.text) == ["0.0"])
    #expect(texts.first?.number("x") == 50 && texts.first?.number("y") == 13.5)
  }

  @Test func aViewportFillingThePictureHasNoTag() throws {
    var scene = F.smallScene()
    scene.viewport = scene.area
    let root = try SVGNode.parse(LayoutPicture.draw(scene, options: PictureOptions()).svg)
    let viewport = try #require(root.descendants.first { $0["data-viewport"] != nil })
    #expect(viewport.children.map(\.name) == ["rect"])
    #expect(root.descendants.contains { $0.text == "viewport 240x200 at 0,0 · 5 elements" })
  }

  /// The tag sits on the viewport's line, above it, where it covers no label; else there is none
  /// (the header's caption gives the same).
  @Test func theViewportTagSitsAboveTheLineClearOfLabels() throws {
    let cell = F.element(.cell, nil, 0, 0, Rect(x: 10, y: 60, width: 100, height: 60))
    var scene = F.smallScene([cell])
    scene.viewport = Rect(x: 0, y: 50, width: 240, height: 150)
    let root = try SVGNode.parse(LayoutPicture.draw(scene, options: PictureOptions()).svg)
    let viewport = try #require(root.descendants.first { $0["data-viewport"] != nil })
    let tag = try #require(viewport.children.first { $0["class"] == "vptag" })
    #expect([tag.number("x"), tag.number("y"), tag.number("height")] == [0, 35, 15])
    // A label right above the line: no tag.
    scene.elements.append(F.element(.cell, nil, 0, 1, Rect(x: 10, y: 20, width: 100, height: 28)))
    let covered = try SVGNode.parse(LayoutPicture.draw(scene, options: PictureOptions()).svg)
    let plain = try #require(covered.descendants.first { $0["data-viewport"] != nil })
    #expect(plain.children.map(\.name) == ["rect"])
  }
}
