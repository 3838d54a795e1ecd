import Foundation
import TesseraHost
import TesseraKit

/// Where the package and its build products are, seen from the test process (which SwiftPM
/// runs from the build folder, next to the plugin libraries).
enum Support {
  static let packageRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
  }()

  static var buildFolder: String { Launch.executableFolder! }

  /// A session with the bundled plugins.
  static func session() -> Session {
    Session(registry: Launch.registry(pluginPaths: []).0)
  }

  /// Runs a command line and returns its output, failing the test on error replies.
  static func output(_ session: Session, _ line: String) -> String {
    session.execute(line) ?? ""
  }

  /// Runs a program and returns its exit status and standard output.
  static func run(_ executable: String, _ arguments: [String], in folder: String) throws -> (Int32, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}
