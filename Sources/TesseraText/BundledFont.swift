import Glibc
import TesseraCore

extension ShapedFont {
  /// The font Tessera measures text with: DejaVu Sans 2.37, shipped with the package
  /// (Sources/TesseraText/Fonts, with its licence), so every machine measures alike.
  public static let bundledFileName = "DejaVuSans.ttf"

  /// Opens the bundled font: from the resources SwiftPM copies beside the executable, else
  /// from the source tree this binary was built from.
  public static func bundled() throws(HostError) -> ShapedFont {
    let candidates = [
      executableFolder().map { "\($0)/Tessera_TesseraText.resources/Fonts/\(bundledFileName)" },
      sourceFolder + "/Fonts/\(bundledFileName)",
    ].compactMap { $0 }
    guard let path = candidates.first(where: { access($0, R_OK) == 0 }) else {
      throw HostError(
        "the bundled font \(bundledFileName) is missing (looked in \(candidates.joined(separator: " and "))): keep the Tessera_TesseraText.resources folder beside the tessera executable, or build again"
      )
    }
    return try ShapedFont(path: path)
  }

  private static let sourceFolder: String = {
    let file = #filePath
    return String(file[..<(file.lastIndex(of: "/") ?? file.endIndex)])
  }()

  private static func executableFolder() -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let length = readlink("/proc/self/exe", &buffer, Int(PATH_MAX))
    guard length > 0 else { return nil }
    let path = String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return path.lastIndex(of: "/").map { String(path[..<$0]) }
  }
}
