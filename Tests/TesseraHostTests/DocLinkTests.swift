import Foundation
import Testing

/// Every document in the repository points only at files in it: each relative Markdown link,
/// and each file path written in backticks (`docs/uikit-behaviour.md`,
/// `Tests/TesseraHostTests/TemplateTests.swift`), names a file that exists — read from the
/// document's folder, the repository's root, or a template's folder (a path in a package made
/// from a template) — and no link leaves the repository.
@Suite struct DocLinkTests {
  /// The Markdown files git tracks.
  static func documents() throws -> [String] {
    let (status, output) = try Support.run("/usr/bin/env", ["git", "ls-files", "*.md"], in: Support.packageRoot)
    guard status == 0 else { return [] }
    return output.split(separator: "\n").map(String.init)
  }

  static func exists(_ path: String) -> Bool {
    FileManager.default.fileExists(atPath: Support.packageRoot + "/" + path)
  }

  /// `a/./b/../c` as `a/c`; nil when it climbs above the repository.
  static func normalised(_ path: String) -> String? {
    var parts: [Substring] = []
    for part in path.split(separator: "/") where part != "." {
      if part == ".." {
        guard !parts.isEmpty else { return nil }
        parts.removeLast()
      } else {
        parts.append(part)
      }
    }
    return parts.joined(separator: "/")
  }

  /// Where a reference in `document` may be read from.
  static func candidates(_ reference: String, in document: String) -> [String] {
    let folder = (document as NSString).deletingLastPathComponent
    var bases = [folder, ""]
    let templates = (try? FileManager.default.contentsOfDirectory(atPath: Support.packageRoot + "/Templates")) ?? []
    bases += templates.sorted().map { "Templates/" + $0 }
    return bases.compactMap { normalised($0.isEmpty ? reference : $0 + "/" + reference) }
  }

  @Test func everyLinkAndFileReferenceResolvesInsideTheRepository() throws {
    let documents = try Self.documents()
    #expect(documents.count >= 10, "\(documents)")
    let link = /\]\(([^)\s]+)\)/
    let file = /`([A-Za-z0-9_.\-]+(?:\/[A-Za-z0-9_.\-<>]+)+\.(?:md|swift|c|h|session|json|svg|sh))`/
    var broken: [String] = []
    for document in documents {
      let text = try String(contentsOfFile: Support.packageRoot + "/" + document, encoding: .utf8)
      for match in text.matches(of: link) {
        let target = String(match.1.split(separator: "#", omittingEmptySubsequences: false)[0])
        if target.isEmpty || target.contains(":") { continue }  // an anchor, or a URL
        let folder = (document as NSString).deletingLastPathComponent
        guard let path = Self.normalised(folder.isEmpty ? target : folder + "/" + target) else {
          broken.append("\(document): link \(target) leaves the repository")
          continue
        }
        if !Self.exists(path) { broken.append("\(document): link \(target) names no file") }
      }
      for match in text.matches(of: file) {
        let reference = String(match.1)
        // `Plugins/<Name>/README.md`: some plugin's.
        if reference.contains("<") {
          let (prefix, rest) = (reference.prefix { $0 != "<" }, reference.drop { $0 != ">" }.dropFirst())
          let folder = Support.packageRoot + "/" + prefix
          let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
          if !names.contains(where: { Self.exists(prefix + $0 + rest) }) { broken.append("\(document): \(reference)") }
          continue
        }
        if !Self.candidates(reference, in: document).contains(where: Self.exists) {
          broken.append("\(document): `\(reference)` names no file")
        }
      }
      // Documents of the project's brief, which live beside the repository, never in it.
      let outside = ["../" + "shared", "UIKIT" + ".md", "DESIGN" + ".md"]
      if outside.contains(where: text.contains) {
        broken.append("\(document): points outside the repository")
      }
    }
    #expect(broken == [])
  }
}
