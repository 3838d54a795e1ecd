import Foundation
import TesseraKit
import Testing

@testable import TesseraHost

/// `render` end to end: the pictures of every bundled layout are drawn from exactly the
/// attributes `dump` gives, a real renderer (rsvg-convert) paints them where they are, and
/// `check --pictures` draws a golden session's difference.
@Suite struct RenderCommandTests {
  /// Each bundled layout with a dataset that exercises it.
  static let layouts: [(String, [String])] = [
    ("flow", ["gen grid 20 sections=2 header=390x30 footer=390x20"]),
    ("flow scrollDirection=horizontal", ["gen grid 20 sections=2 header=30x844"]),
    ("mosaic", ["gen photos 14"]),
    ("waterfall columnCount=3", ["load \(Support.packageRoot)/sessions/data/waterfall.json"]),
    ("quilt", ["load \(Support.packageRoot)/sessions/data/quilt.json"]),
    ("raggy tornEdges=true", ["load \(Support.packageRoot)/sessions/data/raggy.json"]),
    ("schematic", ["load \(Support.packageRoot)/sessions/data/talk-tree.json"]),
    ("list", ["load \(Support.packageRoot)/sessions/data/people.json"]),
  ]

  @Test(arguments: layouts)
  func everyDrawnElementHasTheAttributesDumpGives(layout: String, setup: [String]) throws {
    let session = Support.session()
    for line in setup { #expect(session.perform(line).failed == false, "\(line)") }
    #expect(session.perform("layout \(layout)").failed == false)
    let svg = try #require(session.execute("render - content"))
    let root = try SVGNode.parse(svg)
    let dumped = try #require(try session.layout?.allAttributes())
    let groups = root.elementGroups
    #expect(groups.count == dumped.count, "every element is drawn once")
    for element in dumped {
      let group = try #require(root.group(element.label), "\(element.label) is drawn")
      let shape = try #require(group.shape)
      let f = element.frame
      switch shape.name {
      case "rect":
        #expect(
          [shape.number("x"), shape.number("y"), shape.number("width"), shape.number("height")] == [
            f.minX, f.minY, f.width, f.height,
          ])
      case "line":
        // A diagonal of the frame, whichever way.
        let ends = ["x1", "y1", "x2", "y2"].compactMap { shape.number($0) }
        #expect(ends.count == 4 && Set([ends[0], ends[2]]) == Set([f.minX, f.maxX]))
        #expect(Set([ends[1], ends[3]]) == Set([f.minY, f.maxY]))
      default:
        Issue.record("\(element.label) drawn as \(shape.name)")
      }
      #expect(group.number("opacity") == (element.alpha == 1 ? nil : element.alpha))
    }
  }

  @Test func theSchematicsConnectorsAreLinesThroughTheDrawingExtension() throws {
    let session = Support.session()
    _ = session.execute("load \(Support.packageRoot)/sessions/data/talk-tree.json")
    _ = session.execute("layout schematic")
    #expect(
      session.layout?.layoutClass.drawings["connector"]
        == KindDrawingHint(
          ElementKind(.supplementary, named: "connector"), .line, direction: .falling, flipKey: "startTop"))
    let root = try SVGNode.parse(try #require(session.execute("render - content")))
    let connectors = root.elementGroups.filter { $0["data-element"]?.hasPrefix("connector") == true }
    #expect(!connectors.isEmpty && connectors.allSatisfy { $0.shape?.name == "line" })
    // Every connector joins its parent's right edge to its child's left edge at their middles.
    for group in connectors {
      let label = try #require(group["data-element"]).dropFirst("connector ".count)
      let parts = label.split(separator: ".").compactMap { Int($0) }
      let child = try #require(try session.layout?.item(at: IndexPath(parts[0], parts[1])))
      let line = try #require(group.shape)
      #expect(line.number("x2") == child.frame.minX && line.number("y2") == child.frame.midY)
    }
  }

  /// Pixels of a picture painted by a real renderer: rsvg-convert to PNG, netpbm's pngtopnm to
  /// plain PPM. scripts/setup installs both.
  @Test func aRealRendererPaintsCellsInTheirKindsColourAndLeavesTheRestBackground() throws {
    let folder = NSTemporaryDirectory() + "tessera-render-\(getpid())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let session = Session(registry: Launch.registry(pluginPaths: []).0, baseDirectory: folder)
    _ = session.execute("viewport 200x200")
    _ = session.execute("gen grid 2")
    #expect(session.execute("render cells.svg labels=off") == "wrote cells.svg (2 elements)")
    let svg = try String(contentsOfFile: folder + "/cells.svg", encoding: .utf8)
    let root = try SVGNode.parse(svg)
    let viewBox = try #require(root["viewBox"]).split(separator: " ").compactMap { Double($0) }
    let (status, _) = try Support.run(
      "/bin/sh", ["-c", "rsvg-convert cells.svg | pngtopnm -plain > cells.ppm"], in: folder)
    #expect(status == 0, "rsvg-convert and pngtopnm are installed by scripts/setup")
    let image = try PlainPPM(String(contentsOfFile: folder + "/cells.ppm", encoding: .utf8))
    func pixel(_ x: Double, _ y: Double) -> [Int] { image.pixel(Int(x - viewBox[0]), Int(y - viewBox[1])) }
    // Cell 0.0 is at (0, 0, 50, 50): its centre has the cell colour (#cad7e5).
    #expect(pixel(25, 25) == [0xCA, 0xD7, 0xE5])
    // Between the two cells (x 50…75, inside the content, which is 50 tall) is the white sheet.
    #expect(pixel(62, 25) == [0xFF, 0xFF, 0xFF])
    // Below the content, inside the viewport, is the grey background (#f1f3f5).
    #expect(pixel(100, 150) == [0xF1, 0xF3, 0xF5])
  }

  @Test func aBatchAnimatesEachOfASectionsSupplementaryViewsFromItsOwnStart() throws {
    let session = Support.session()
    _ = session.execute("gen tree depth=4 fanout=3 seed=2")
    _ = session.execute("layout schematic")
    let layout = try #require(session.layout)
    let before = try layout.attributes(in: session.model.bounds).filter { $0.kind == "connector" }
    #expect(before.count > 1)
    #expect(session.perform("batch delete 2.1").failed == false)
    let motions = try session.state.lastBatchMotions(layout)
    #expect(Set(motions.map(\.id)).count == motions.count, "one motion per element")
    // Every connector visible before the batch starts where it was.
    for old in before where old.indexPath.section == 2 {
      let id =
        "connector@" + session.model.dataset.sections[2].id + (old.indexPath.item == 0 ? "" : "#\(old.indexPath.item)")
      let motion = try #require(motions.first { $0.id == id }, "\(id)")
      #expect(motion.start.frame == old.frame, "\(id)")
    }
  }

  @Test func aRefusedRenderWritesNothingAndChangesNothing() throws {
    let folder = NSTemporaryDirectory() + "tessera-render-refused-\(getpid())"
    try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let session = Session(registry: Launch.registry(pluginPaths: []).0, baseDirectory: folder)
    _ = session.execute("gen grid 4")
    let before = ["data", "size", "layout", "dump", "viewport"].map { session.execute($0) }
    for line in [
      "render sub", "render x.svg 0 0 0 9", "render x.svg colour=red", "render x.svg batch", "render x.svg frames=3",
      "render x.svg scale=nan", "render missing/x.svg",
    ] {
      #expect(session.perform(line).failed, "\(line)")
    }
    #expect(["data", "size", "layout", "dump", "viewport"].map { session.execute($0) } == before)
    let left = try FileManager.default.contentsOfDirectory(atPath: folder)
    #expect(left == ["sub"], "no picture and no temporary file is left behind")
  }

  /// A golden session of `gen grid 3` then `visible`, expecting `table` (lines) from the latter.
  static func gridSession(_ table: [String]) -> String {
    (["> gen grid 3", "generated 3 items in 1 section", "> visible"] + table + [""]).joined(separator: "\n")
  }

  /// Checks `text` as the session `name` in `folder`, drawing pictures there: how it failed.
  static func failure(_ name: String, _ text: String, in folder: String) throws -> (
    line: Int, diff: String, picture: String?
  )? {
    try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
    let checker = SessionChecker { (base) throws(HostError) -> CommandRunner in
      Session(registry: Launch.registry(pluginPaths: []).0, baseDirectory: base)
    }
    guard
      case .failed(let line, let diff, let picture) = try checker.check(
        path: folder + "/" + name, update: false, pictures: folder)
    else { return nil }
    return (line, diff, picture)
  }

  @Test func checkWithPicturesDrawsTheDifferenceOfABrokenSession() throws {
    let folder = NSTemporaryDirectory() + "tessera-check-pictures-\(getpid())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // A golden session whose expected frames are wrong on purpose: cell 0.1 moved.
    let broken = Self.gridSession([
      "element  path  x    y  width  height",
      "cell     0.0   0    0  50     50",
      "cell     0.1   100  0  50     50",
      "cell     0.2   136  0  50     50",
      "(3 elements)",
    ])
    let outcome = try #require(try Self.failure("broken.session", broken, in: folder))
    #expect(outcome.line == 3)
    // Named by the path as given, folders joined by "__", so sessions of different folders do
    // not collide.
    #expect(SessionChecker.pictureName("sessions/flow/a.session") == "sessions__flow__a.svg")
    #expect(SessionChecker.pictureName("../x/./a-b.session") == "up__x__a-b.svg")
    let name = folder + "/tmp__tessera-check-pictures-\(getpid())__broken.svg"
    #expect(outcome.picture == name)
    let root = try SVGNode.parse(try String(contentsOfFile: name, encoding: .utf8))
    let text = root.descendants.map(\.text).joined(separator: " ")
    #expect(text.contains("cell 0.1: x 100→68"))
    #expect(text.contains("1 of 3 elements differ"))

    // A table typed by hand, its columns not lined up, is read word by word and drawn too.
    let typed = [
      "element path x y width height", "cell 0.0 0 0 50 50", "cell    0.1 100 0   50 50", "cell 0.2  136 0 50 50",
    ]
    let typedOutcome = try #require(try Self.failure("typed.session", Self.gridSession(typed), in: folder))
    #expect(typedOutcome.picture == folder + "/tmp__tessera-check-pictures-\(getpid())__typed.svg")
    // The same values, only spaced differently: the failure says so, and how to fix it.
    let spaced = Self.gridSession([
      "element path id x y width height", "cell 0.0 i0 0 0 50 50", "cell 0.1 i1 68 0 50 50", "cell 0.2 i2 136 0 50 50",
      "(3 elements)",
    ])
    let spacedOutcome = try #require(try Self.failure("spaced.session", spaced, in: folder))
    #expect(
      spacedOutcome.diff.hasSuffix(
        "\n(only the spacing differs: `tessera check --update \(folder)/spaced.session` rewrites the expected output)"))
    // One it cannot read says why no picture was drawn.
    var garbled = typed
    garbled[2] = "cell 0.1 a hundred"
    let garbledOutcome = try #require(try Self.failure("garbled.session", Self.gridSession(garbled), in: folder))
    #expect(
      garbledOutcome.picture
        == "none (the expected output is not an attribute table: cannot read `cell 0.1 a hundred`: `a` is not a number)"
    )
  }
}

/// A plain (P3) PPM image, as `pngtopnm -plain` writes it.
struct PlainPPM {
  var width: Int
  var height: Int
  var values: [Int]

  init(_ text: String) throws {
    let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
    guard words.first == "P3", words.count >= 4, let w = Int(words[1]), let h = Int(words[2]) else {
      throw PPMError()
    }
    width = w
    height = h
    values = words.dropFirst(4).compactMap { Int($0) }
    guard values.count == w * h * 3 else { throw PPMError() }
  }

  struct PPMError: Error {}

  func pixel(_ x: Int, _ y: Int) -> [Int] {
    let start = (y * width + x) * 3
    return Array(values[start..<start + 3])
  }
}
