import FlowLayout
import Foundation
import TesseraHost
import TesseraKit
import TesseraUIKit
import Testing

/// `UICollectionViewFlowLayout` is the bundled flow's code: every session file that lays out a
/// flow gives, command for command, the same output through the UIKit surface (registered
/// under the flow's name and summary, so even listings match).
@Suite struct FlowParityTests {
  static let files = [
    "flow/pinned", "flow/wide-item", "flow/screen-scale", "flow/insets-spacing", "flow/horizontal",
    "flow/section-metrics", "flow/headers-footers", "invalidation/flow-selfsizing", "invalidation/preferred",
    "invalidation/bounds", "transitions/one-side",
  ]

  @Test(arguments: files) func uikitFlowReplaysTheFlowSessions(file: String) throws {
    let path = UIKitSupport.packageRoot + "/sessions/\(file).session"
    let folder = (path as NSString).deletingLastPathComponent
    let commands = try String(contentsOfFile: path, encoding: .utf8).split(
      separator: "\n", omittingEmptySubsequences: false
    )
    .filter { $0.hasPrefix("> ") }.map { String($0.dropFirst(2)) }
    #expect(!commands.isEmpty)
    let bundled = try UIKitSupport.session(exporting: [ExportedLayout(FlowLayout.self)], baseDirectory: folder)
    let uikit = try UIKitSupport.session(
      [UIKitLayout("flow", summary: FlowLayout.layoutDescription.summary) { UICollectionViewFlowLayout() }],
      baseDirectory: folder)
    for command in commands {
      let expected = bundled.execute(command)
      let actual = uikit.execute(command)
      #expect(actual == expected, "\(file): \(command)")
      if actual != expected { break }
    }
  }
}
