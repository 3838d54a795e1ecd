import Foundation
import TesseraHost
import Testing

/// The two templates, as a third party uses them: copied out of the tree beside a Tessera
/// checkout, built with their own tools, loaded with `plugin load`, and run through
/// `tessera conform`.
@Suite(.serialized) struct TemplateTests {
  /// `plugin load` takes the library, and its layout lays out.
  static func loads(_ library: String, layout: String) throws {
    let session = Session(registry: PluginRegistry())
    #expect(
      session.execute("plugin load \(library)")?.hasPrefix("loaded plugin mylayout 0.1.0 (ABI 2.6): \(layout)") == true)
    _ = session.execute("gen random 40 seed=2")
    #expect(session.execute("layout \(layout)") == "layout \(layout)")
    #expect(session.execute("size")?.hasPrefix("contentSize 390x") == true)
  }

  static func loadsAndConforms(_ library: String, layout: String, in folder: String) throws {
    try loads(library, layout: layout)
    let (status, output) = try Support.run(
      IsolationTests.tessera, ["conform", library, "--reproducers", folder + "/repro"], in: folder)
    #expect(status == 0, "\(output)")
    #expect(output.hasSuffix("every rule kept (10)\n"))
  }

  /// The templates' README block, run as it is (`sh -e`), from a folder holding the checkout as
  /// `tessera`: it copies the Swift and C templates out of the tree, builds and tests them with
  /// their own tools and runs `tessera conform` on each. Then both load with `plugin load`, and
  /// the C plugin is measured as the bundled ones are.
  @Test func theTemplatesReadmeBlockRunsAsItIs() throws {
    let readme = try String(contentsOfFile: Support.packageRoot + "/Templates/README.md", encoding: .utf8)
    let block = try #require(
      readme.components(separatedBy: "```sh\n").dropFirst().first?.components(separatedBy: "```").first)
    #expect(block.hasPrefix("export TESSERA_PATH=$PWD/tessera\n"))
    let root = try IsolationTests.folder("template-readme")
    _ = try Support.run("/bin/ln", ["-s", Support.packageRoot, root + "/tessera"], in: "/")
    let (status, log) = try Support.run("/bin/sh", ["-e", "-c", block], in: root)
    #expect(status == 0, "the block failed:\n\(log)")
    #expect(log.contains("Test myLayoutKeepsEveryRule(dataset:) with 2 test cases passed"), "\(log)")
    #expect(log.components(separatedBy: "every rule kept (10)").count == 3, "\(log)")
    try Self.loads(root + "/MyLayout/.build/debug/libMyLayoutPlugin.so", layout: "mylayout")
    try Self.loads(root + "/MyCLayout/libmylayout.so", layout: "mylayout")
    // A third-party plugin is measured as the bundled ones are (a debug host: figures are not
    // checked, only that the run is of that layout and that many items).
    let (benched, output) = try Support.run(
      IsolationTests.tessera,
      [
        "bench", "--plugin-path", root + "/MyCLayout", "--layout", "mylayout", "--items", "2000", "--queries", "20",
        "--json",
      ],
      in: root)
    #expect(benched == 0, "bench failed:\n\(output)")
    #expect(output.contains("{\"layout\": \"mylayout\", \"items\": 2000, \"dataset\": \"random\""), "\(output)")
  }

  /// A layout written for UIKit (`import UIKit`, an internal class, Swift 5 mode) built as a
  /// plugin against the checkout `TESSERA_PATH` names (the template sits in a folder of its own,
  /// with no `../tessera` beside it).
  @Test func theUIKitTemplateBuildsAgainstTesseraPathAndConforms() throws {
    let root = try IsolationTests.folder("template-uikit")
    let folder = root + "/MyUIKitLayout"
    _ = try Support.run("/bin/cp", ["-r", Support.packageRoot + "/Templates/UIKitPlugin", folder], in: "/")
    let environment = ["TESSERA_PATH=" + Support.packageRoot]
    let (built, log) = try Support.run("/usr/bin/env", environment + ["swift", "build"], in: folder)
    #expect(built == 0, "swift build failed:\n\(log)")
    let (tested, testLog) = try Support.run("/usr/bin/env", environment + ["swift", "test"], in: folder)
    #expect(tested == 0, "swift test failed:\n\(testLog)")
    #expect(testLog.contains("Test everyLayoutKeepsEveryRule(dataset:) with 2 test cases passed"))
    try Self.loadsAndConforms(folder + "/.build/debug/libMyLayoutPlugin.so", layout: "mylayout", in: folder)
  }

  /// The DocC article "Writing a layout plugin, from an empty folder": its four Swift blocks
  /// (Package.swift, the layout, the export, the test) written where it says, built and tested as
  /// it says, and the plugin conforms.
  @Test func theDocCTutorialIsTrue() throws {
    let article = try String(
      contentsOfFile: Support.packageRoot + "/Sources/TesseraKit/TesseraKit.docc/WritingAPlugin.md", encoding: .utf8)
    let blocks = article.components(separatedBy: "```swift\n").dropFirst().map {
      $0.components(separatedBy: "```")[0]
    }
    #expect(blocks.count == 4)
    let root = try IsolationTests.folder("template-tutorial")
    _ = try Support.run("/bin/ln", ["-s", Support.packageRoot, root + "/tessera"], in: "/")
    let folder = root + "/MyLayout"
    let files = [
      "Package.swift", "Sources/MyLayout/MyLayout.swift", "Sources/MyLayoutPlugin/Export.swift",
      "Tests/MyLayoutTests/ConformanceTests.swift",
    ]
    for (file, text) in zip(files, blocks) {
      let path = folder + "/" + file
      _ = try Support.run("/bin/mkdir", ["-p", (path as NSString).deletingLastPathComponent], in: "/")
      try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
    let (built, log) = try Support.run("/usr/bin/env", ["swift", "build"], in: folder)
    #expect(built == 0, "swift build failed:\n\(log)")
    let (tested, testLog) = try Support.run("/usr/bin/env", ["swift", "test"], in: folder)
    #expect(tested == 0, "swift test failed:\n\(testLog)")
    try Self.loadsAndConforms(folder + "/.build/debug/libMyLayoutPlugin.so", layout: "mylayout", in: folder)
  }
}
