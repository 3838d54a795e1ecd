import TesseraKit
import Testing

@testable import TesseraHost

@Suite struct PictureMotionTests {
  typealias F = PictureFixtures

  static let moved = Motion(
    label: "cell 0.0", id: "a", start: F.element(.cell, nil, 0, 0, Rect(x: 10, y: 40, width: 100, height: 60)),
    end: F.element(.cell, nil, 0, 1, Rect(x: 110, y: 140, width: 50, height: 40), z: 2))
  static let appearing = Motion(
    label: "cell 0.4", id: "new", start: F.element(.cell, nil, 0, 4, Rect(x: 0, y: 0, width: 40, height: 40), alpha: 0),
    end: F.element(.cell, nil, 0, 4, Rect(x: 0, y: 0, width: 40, height: 40)))
  static let disappearing = Motion(
    label: "cell 0.2", id: "gone", start: F.element(.cell, nil, 0, 2, Rect(x: 150, y: 0, width: 40, height: 40)),
    end: F.element(.cell, nil, 0, 2, Rect(x: 150, y: 0, width: 40, height: 40), alpha: 0))
  static let resting = Motion(
    label: "header 0.0", start: F.element(.supplementary, "header", 0, 0, Rect(x: 0, y: 0, width: 240, height: 30)),
    end: F.element(.supplementary, "header", 0, 0, Rect(x: 0, y: 0, width: 240, height: 30)))
  static let motions = [moved, appearing, disappearing, resting]

  @Test func interpolationBlendsCentreSizeAlphaAndTransformAndTakesTheRestFromTheEnd() {
    var motion = Self.moved
    motion.start.alpha = 0.2
    motion.start.transform = F.rotation
    motion.end.custom = [Element.Custom(key: "column", value: 1)]
    let half = motion.element(at: 0.5)
    // Centres (60, 70) → (135, 160), sizes 100x60 → 50x40: centre (97.5, 115), size 75x50.
    #expect(half.frame == Rect(x: 60, y: 90, width: 75, height: 50))
    #expect(half.alpha == 0.6)
    #expect(half.transform.a == 0.933 && half.transform.b == 0.25 && half.transform.c == -0.25)
    #expect(half.zIndex == 2 && half.indexPath == IndexPath(0, 1) && half.custom == motion.end.custom)
    let start = motion.element(at: 0)
    #expect(start.frame == motion.start.frame && start.alpha == 0.2 && start.transform == F.rotation)
    #expect(start.indexPath == IndexPath(0, 1))
    #expect(motion.element(at: 1) == motion.end)
    #expect(motion.element(at: -3).frame == motion.start.frame && motion.element(at: 7) == motion.end)
    #expect(Self.moved.element(at: 0.25).transform == .identity)
  }

  @Test func aFilmStripHasOnePanelPerFrameAtEvenTimes() throws {
    let scene = F.smallScene([])
    let picture = MotionPicture.filmStrip(Self.motions, frames: 3, scene: scene, options: PictureOptions())
    #expect(picture.elementCount == 4)
    let root = try SVGNode.parse(picture.svg)
    let panels = root.descendants.filter { $0["data-frame"] != nil }
    #expect(panels.map { $0["data-t"]! } == ["0", "0.5", "1"])
    #expect(panels.map { $0.children.first { $0.name == "text" }!.text } == ["t = 0", "t = 0.5", "t = 1"])
    let middle = panels[1]
    #expect(middle["transform"] == "translate(260 0)")  // 240 points and a 20-pixel gap
    let moved = try #require(middle.group("cell 0.0")?.shape)
    #expect(["x", "y", "width", "height"].map { moved.number($0)! } == [60, 90, 75, 50])
    #expect(middle.group("cell 0.4")?.number("opacity") == 0.5)
    #expect(middle.group("cell 0.2")?.number("opacity") == 0.5)
    #expect(panels[0].group("cell 0.4")?.number("opacity") == 0)
    #expect(panels[2].group("cell 0.0")?.shape?.number("x") == 110)
    #expect(panels[0].group("cell 0.0")?.texts == ["0.1", "a"])  // the index path is the end's
    let four = MotionPicture.filmStrip(Self.motions, frames: 4, scene: scene, options: PictureOptions())
    let times = try SVGNode.parse(four.svg).descendants.compactMap { $0["data-t"] }
    #expect(times == ["0", "0.333", "0.667", "1"])
    let one = MotionPicture.filmStrip(Self.motions, frames: 1, scene: scene, options: PictureOptions())
    #expect(try SVGNode.parse(one.svg).descendants.count { $0["data-frame"] != nil } == 2)
    #expect(one.svg == MotionPicture.filmStrip(Self.motions, frames: 2, scene: scene, options: PictureOptions()).svg)
  }

  @Test func aFilmStripFitsTheWidthAskedFor() throws {
    let picture = MotionPicture.filmStrip(
      Self.motions, frames: 3, scene: F.smallScene([]), options: PictureOptions(width: 1500))
    let root = try SVGNode.parse(picture.svg)
    #expect(root["width"] == "1500")
    // 1500 pixels = 3 panels of 240 points at 2 pixels per point, 2 gaps of 20 pixels and 2 margins
    // of 10: panels are 240 points + 10 apart.
    #expect(
      root.descendants.compactMap { $0["data-frame"] == nil ? nil : $0["transform"] } == [
        "translate(0 0)", "translate(250 0)", "translate(500 0)",
      ])
  }

  /// A batch's strip labels an element whose path changes `old→new` in every panel, outlines
  /// what the batch inserts, deletes, moves and reloads, and says so in the legend; the animated
  /// picture outlines them too.
  @Test func aBatchStripLabelsPathChangesAndOutlinesEachChange() throws {
    var moved = Self.moved
    (moved.change, moved.pathLabel) = (.moved, "0.0→0.1")
    var appearing = Self.appearing
    appearing.change = .inserted
    var disappearing = Self.disappearing
    disappearing.change = .deleted
    let motions = [moved, appearing, disappearing, Self.resting]
    let root = try SVGNode.parse(
      MotionPicture.filmStrip(motions, frames: 3, scene: F.smallScene([]), options: PictureOptions()).svg)
    let panels = root.descendants.filter { $0["data-frame"] != nil }
    for panel in panels {
      #expect(panel.group("cell 0.0")?.texts == ["0.0→0.1", "a"])
      #expect(panel.group("cell 0.0")?.children.map { $0["class"] } == ["c0", "mov", "t", "t id"])
      #expect(panel.group("cell 0.4")?.children.compactMap { $0["class"] }.contains("ins") == true)
      #expect(panel.group("cell 0.2")?.children.compactMap { $0["class"] }.contains("del") == true)
      #expect(panel.group("header 0.0")?.children.compactMap { $0["class"] } == ["s1", "t"])
    }
    let legend = root.descendants.compactMap { $0["data-legend"] }
    #expect(legend == ["cell", "header", "inserted", "deleted", "moved", "viewport"])
    #expect(!root.descendants.contains { $0["data-legend"] == "reloaded" })
    let animated = try SVGNode.parse(
      MotionPicture.animated(motions, scene: F.smallScene([]), options: PictureOptions()).svg)
    let outline = try #require(animated.group("cell 0.0")?.children.first { $0["class"] == "mov" })
    #expect(outline.children.map { "\($0["attributeName"]!) \($0["values"]!)" }.first == "x 10;10;110;110")
    #expect(animated.group("cell 0.0")?.descendants.filter { $0.name == "text" }.map(\.text) == ["0.0→0.1", "a"])
  }

  /// Where `old→new` does not fit, a frame shows the path before the update in the first half
  /// and after it in the second; a copy below half opacity has no label; what the batch changes
  /// is drawn over what it leaves.
  @Test func aStripLabelsSmallCellsFrameByFrameAndDrawsChangesOnTop() throws {
    let small = Motion(
      label: "cell 0.10", id: "", start: F.element(.cell, nil, 0, 12, Rect(x: 0, y: 0, width: 40, height: 20)),
      end: F.element(.cell, nil, 0, 10, Rect(x: 50, y: 0, width: 40, height: 20)), change: .moved,
      pathLabel: "0.12→0.10", startPath: "0.12")
    let still = Motion(
      label: "cell 0.11", id: "", start: F.element(.cell, nil, 0, 11, Rect(x: 40, y: 0, width: 40, height: 20)),
      end: F.element(.cell, nil, 0, 11, Rect(x: 40, y: 0, width: 40, height: 20)))
    let root = try SVGNode.parse(
      MotionPicture.filmStrip(
        [small, still, Self.appearing], frames: 3, scene: F.smallScene([]), options: PictureOptions()
      ).svg)
    let panels = root.descendants.filter { $0["data-frame"] != nil }
    #expect(panels.map { $0.group("cell 0.10")?.texts } == [["0.12"], ["0.10"], ["0.10"]])
    #expect(panels.map { $0.group("cell 0.4")?.texts } == [[], ["0.4", "new"], ["0.4", "new"]])
    // The moved cell (0.10) is drawn after those the batch leaves (0.4, 0.11), though its path
    // comes before 0.11's.
    #expect(panels[0].elementGroups.map { $0["data-element"]! } == ["cell 0.4", "cell 0.11", "cell 0.10"])
  }

  /// Panels wrap into rows of as many as fit 840 pixels, so a long strip stays readable.
  @Test func aLongStripWrapsIntoRows() throws {
    let root = try SVGNode.parse(
      MotionPicture.filmStrip(Self.motions, frames: 5, scene: F.smallScene([]), options: PictureOptions()).svg)
    // 240-point panels 20 pixels apart: three to a row (760 pixels); rows 200 + 18 + 20 apart.
    #expect(
      root.descendants.compactMap { $0["data-frame"] == nil ? nil : $0["transform"] } == [
        "translate(0 0)", "translate(260 0)", "translate(520 0)", "translate(0 238)", "translate(260 238)",
      ])
  }

  @Test func anAnimationMovesFadesAndStartsFromTheStartFrame() throws {
    let picture = MotionPicture.animated(Self.motions, scene: F.smallScene([]), options: PictureOptions())
    #expect(picture.elementCount == 4)
    let root = try SVGNode.parse(picture.svg)
    let moved = try #require(root.group("cell 0.0"))
    let rect = try #require(moved.shape)
    #expect(["x", "y", "width", "height"].map { rect.number($0)! } == [10, 40, 100, 60])
    let animations = rect.children.map { "\($0["attributeName"]!) \($0["values"]!)" }
    #expect(animations == ["x 10;10;110;110", "y 40;40;140;140", "width 100;100;50;50", "height 60;60;40;40"])
    #expect(rect.children.allSatisfy { $0["keyTimes"] == "0;0.125;0.625;1" && $0["dur"] == "2s" })
    #expect(rect.children.allSatisfy { $0["repeatCount"] == "indefinite" })
    #expect(picture.svg.contains(#"<animate attributeName="x" values="10;10;110;110" keyTimes="0;0.125;0.625;1""#))
    let appearing = try #require(root.group("cell 0.4"))
    #expect(appearing["opacity"] == "0")
    #expect(appearing.children.first?["values"] == "0;0;1;1")
    #expect(appearing.shape?.children.isEmpty == true)
    let disappearing = try #require(root.group("cell 0.2"))
    #expect(disappearing["opacity"] == nil && disappearing.children.first?["values"] == "1;1;0;0")
    #expect(root.group("header 0.0")?.descendants.contains { $0.name == "animate" } == false)
    #expect(root.descendants.contains { $0.text == "viewport 240x150 at 0,20 · 4 elements · 3 changing" })
  }

  @Test func aTransformMovesWithTheCentreAndSwitchesWhenTheMotionEnds() throws {
    var motion = Self.moved
    motion.start.transform = F.rotation
    let root = try SVGNode.parse(
      MotionPicture.animated([motion], scene: F.smallScene([]), options: PictureOptions()).svg)
    let group = try #require(root.group("cell 0.0"))
    let centre = try #require(group.children.first)
    #expect(centre["transform"] == "translate(60 70)")
    #expect(centre.children.first?.name == "animateTransform")
    #expect(centre.children.first?["values"] == "60 70;60 70;135 160;135 160")
    let copies = centre.children.filter { $0.name == "g" }
    #expect(copies.map { $0["transform"]! } == [F.rotation.svgMatrix, "matrix(1 0 0 1 0 0)"])
    #expect(copies.map { $0["visibility"] } == [nil, "hidden"])
    #expect(copies.map { $0.children.first?["values"] } == ["visible;hidden", "hidden;visible"])
    #expect(copies[0].shape.map { [$0.number("x")!, $0.number("y")!] } == [-50, -30])
  }

  @Test func hiddenEndsFadeAndElementsHiddenAtBothEndsAreLeftOut() throws {
    var half = Self.resting
    half.end.isHidden = true
    var both = Self.appearing
    both.start.isHidden = true
    both.end.isHidden = true
    let root = try SVGNode.parse(
      MotionPicture.animated([half, both], scene: F.smallScene([]), options: PictureOptions()).svg)
    #expect(root.group("header 0.0")?.children.first?["values"] == "1;1;0;0")
    #expect(root.group("cell 0.4") == nil)
    let shown = MotionPicture.animated(
      [half, both], scene: F.smallScene([]), options: PictureOptions(showHidden: true))
    #expect(shown.elementCount == 2)
  }
}
