import Foundation
import Testing

/// Every check UIKit makes of a batch update, as `BatchValidator` re-creates it, has its error
/// pinned by a session file: each error text the validator can throw (up to its first
/// interpolated value) appears in some transcript under `sessions/`; so does each warning of a
/// combination UIKit accepts but animates wrongly (its longest fixed part).
@Suite struct BatchRuleCoverageTests {
  @Test func everyBatchCheckIsPinnedBySessionFile() throws {
    let source = try String(
      contentsOfFile: Support.packageRoot + "/Sources/TesseraCore/Updates/BatchValidator.swift", encoding: .utf8)
    let literal = /HostError\(\s*(?:\.\w+,\s*)?"((?:[^"\\]|\\.)*)"/
    let texts = source.matches(of: literal).map { String($0.output.1.prefix { $0 != "\\" }) }
      .map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(texts.count >= 20, "the validator's checks were found (\(texts.count))")
    #expect(texts.allSatisfy { $0.count >= 12 }, "\(texts)")
    var transcripts = ""
    let root = Support.packageRoot + "/sessions"
    for path in try #require(FileManager.default.subpaths(atPath: root)) where path.hasSuffix(".session") {
      transcripts += try String(contentsOfFile: root + "/" + path, encoding: .utf8)
    }
    #expect(texts.filter { !transcripts.contains($0) } == [])
    let warning = /warnings\.append\(\s*"((?:[^"\\]|\\.)*)"/
    let warnings = source.matches(of: warning).map { match in
      String(match.output.1).split(separator: /\\\([^)]*\)/).map { $0.trimmingCharacters(in: .whitespaces) }
        .max { $0.count < $1.count } ?? ""
    }
    #expect(warnings.count >= 5 && warnings.allSatisfy { $0.count >= 12 }, "\(warnings)")
    #expect(warnings.filter { !transcripts.contains($0) } == [])
  }
}
