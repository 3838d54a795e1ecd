import FlowLayout
import Foundation
import MosaicLayout
import TesseraHost
import TesseraKit
import TesseraUIKit
import Testing
import UIKitExampleLayouts

/// A bundled layout and its UIKit form give the same output, command for command: the UIKit
/// form is registered under the bundled layout's name, summary and options, so even listings
/// and errors must match.
@Suite struct ParityTests {
  /// The bundled layout and its UIKit form, each in a session of its own.
  static func sessions(_ name: String, baseDirectory: String = ".") throws -> (Session, Session) {
    switch name {
    case "flow":
      return (
        try UIKitSupport.session(exporting: [ExportedLayout(FlowLayout.self)], baseDirectory: baseDirectory),
        try UIKitSupport.session(
          [UIKitLayout("flow", summary: FlowLayout.layoutDescription.summary) { UICollectionViewFlowLayout() }],
          baseDirectory: baseDirectory)
      )
    case "flow subclass":
      // A subclass that overrides nothing answers through attributes objects (UIKit's flow
      // itself answers from the engine straight into the host's records): both must agree.
      return (
        try UIKitSupport.session(exporting: [ExportedLayout(FlowLayout.self)], baseDirectory: baseDirectory),
        try UIKitSupport.session(
          [UIKitLayout("flow", summary: FlowLayout.layoutDescription.summary) { PlainFlowSubclass() }],
          baseDirectory: baseDirectory)
      )
    default:
      return (
        try UIKitSupport.session(exporting: [ExportedLayout(MosaicLayout.self)], baseDirectory: baseDirectory),
        try UIKitSupport.session(
          [
            UIKitLayout<UIKitExampleLayouts.MosaicLayout>(
              "mosaic", summary: MosaicLayout.layoutDescription.summary
            ) { UIKitExampleLayouts.MosaicLayout() }
            .option("segmentHeight", \.segmentHeight, range: 0...1e9, doc: "height of every segment")
          ], baseDirectory: baseDirectory)
      )
    }
  }

  /// Runs `commands` in both sessions; the first difference fails the test.
  static func expectSameOutput(_ pair: (Session, Session), _ commands: [String], _ what: String) {
    for command in commands {
      let expected = pair.0.execute(command)
      let actual = pair.1.execute(command)
      #expect(actual == expected, "\(what): \(command)")
      if actual != expected { return }
    }
  }

  static let files = [
    ("flow", "flow/pinned"), ("flow", "flow/wide-item"), ("flow", "flow/screen-scale"),
    ("flow", "flow/insets-spacing"), ("flow", "flow/horizontal"), ("flow", "flow/section-metrics"),
    ("flow", "flow/headers-footers"), ("flow", "invalidation/flow-selfsizing"), ("flow", "invalidation/preferred"),
    ("flow", "invalidation/bounds"), ("flow", "transitions/one-side"), ("mosaic", "mosaic/styles"),
    ("flow subclass", "flow/pinned"), ("flow subclass", "flow/headers-footers"), ("flow subclass", "flow/horizontal"),
  ]

  /// Every session file of the bundled layout replays identically through its UIKit form.
  @Test(arguments: files) func replaysTheBundledLayoutsSessions(form: String, file: String) throws {
    let path = UIKitSupport.packageRoot + "/sessions/\(file).session"
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let commands = text.split(separator: "\n", omittingEmptySubsequences: false).filter { $0.hasPrefix("> ") }
      .map { String($0.dropFirst(2)) }
    #expect(commands.count > 3)
    Self.expectSameOutput(
      try Self.sessions(form, baseDirectory: (path as NSString).deletingLastPathComponent), commands, file)
  }

  /// Random datasets, viewports, scrolls, options, self-sizing and batch updates: the same
  /// attributes through both forms, in JSON (exact numbers).
  @Test(arguments: ["flow", "flow subclass", "mosaic"]) func randomWalksGiveTheSameAttributes(form: String)
    throws
  {
    let layout = form == "mosaic" ? "mosaic" : "flow"
    let options =
      layout == "flow"
      ? ["sectionInset=3,7,11,5 minimumLineSpacing=2.5", "scrollDirection=horizontal itemSize=33x21", ""]
      : ["segmentHeight=97.5", "segmentHeight=0", ""]
    for seed in 1...12 {
      let commands = [
        "format json", "gen random \(seed * 37) sections=\(seed % 4 + 1) seed=\(seed) header=0x\(seed % 3 * 10)",
        "viewport \(200 + seed * 13)x\(300 + seed * 7)", "layout \(layout) \(options[seed % 3])", "dump", "size",
        "scroll 0 \(seed * 41)", "visible", "viewport \(151 + seed)x400", "dump", "item 0.\(seed % 5)",
        "batch delete 0.0; insert 0.1 40x30; move 0.2 0.3", "dump", "invalidate size 0.1 77x66", "dump", "size",
      ]
      Self.expectSameOutput(try Self.sessions(form), commands, "\(form), seed \(seed)")
    }
  }
}

/// UIKit's flow, subclassed without an override.
private final class PlainFlowSubclass: UICollectionViewFlowLayout {}
