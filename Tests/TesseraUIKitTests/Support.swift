import Foundation
import TesseraHost
import TesseraKit
import TesseraUIKit

/// Sessions over layouts exported in this process, as a plugin would export them.
enum UIKitSupport {
  static let packageRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
  }()

  /// A session whose only plugin exports `layouts`.
  static func session(
    _ layouts: [any UIKitLayoutRegistration], also others: [ExportedLayout] = [], baseDirectory: String = "."
  )
    throws -> Session
  {
    try session(exporting: layouts.map(\.exported) + others, baseDirectory: baseDirectory)
  }

  static func session(exporting layouts: [ExportedLayout], baseDirectory: String = ".") throws -> Session {
    let registry = PluginRegistry()
    let plugin = exportAnotherPlugin(name: "tested", version: "0.0.0", exporting: layouts)
    try registry.register(plugin, shownAs: "(in-process) tested")
    return Session(registry: registry, baseDirectory: baseDirectory)
  }

  /// Writes a dataset of one section per list of item sizes (`[[WxH]]`) to a temporary file
  /// and returns its path.
  static func dataset(_ sections: [[(Double, Double)]], header: (Double, Double)? = nil) throws -> String {
    var id = 0
    let text = sections.enumerated().map { s, sizes in
      let items = sizes.map { w, h in
        defer { id += 1 }
        return "{\"id\": \"i\(id)\", \"size\": [\(w), \(h)]}"
      }
      let head = header.map { ", \"header\": [\($0.0), \($0.1)]" } ?? ""
      return "{\"id\": \"s\(s)\"\(head), \"items\": [\(items.joined(separator: ", "))]}"
    }
    let path = NSTemporaryDirectory() + "tessera-uikit-\(UUID().uuidString).json"
    try "{\"sections\": [\(text.joined(separator: ", "))]}".write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// Runs every line and returns the last one's output.
  @discardableResult static func run(_ session: Session, _ lines: String...) -> String {
    var last = ""
    for line in lines { last = session.execute(line) ?? "" }
    return last
  }
}
