import Foundation
import TesseraCore
import Testing

/// UIKit's checks of a batch update, as `BatchRule` re-creates them: in the order the guide
/// lists them, every text the guide quotes, and each error and warning pinned by a session file.
@Suite struct BatchRuleCoverageTests {
  static let updates = Support.packageRoot + "/Sources/TesseraCore/Updates/"

  /// The files' code, comments left out.
  static func source(_ files: [String]) throws -> String {
    try files.map { try String(contentsOfFile: updates + $0, encoding: .utf8) }.joined(separator: "\n")
      .split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
      .joined(separator: "\n")
  }

  /// The error texts the checks can throw, interpolations written `#`.
  static func errorTexts() throws -> [String] {
    let source = try source(["BatchRule+TypedChecks.swift", "BatchRule+AfterUpdateChecks.swift"])
    let literal = /HostError\(\s*(?:\.\w+,\s*)?"((?:[^"\\]|\\.)*)"/
    return source.matches(of: literal).map { String($0.output.1).replacing(/\\\((?:[^()]|\([^()]*\))*\)/, with: "#") }
  }

  @Test func theRulesAreUIKitsChecksInOrder() {
    #expect(BatchRule.allCases.flatMap { Array($0.checks) } == Array(1...22))
    // What the update leaves is worked out once the checks on the batch as typed have passed.
    let stages = BatchRule.allCases.map { rule -> Int in
      if case .typed = rule.stage { return 0 }
      return 1
    }
    #expect(stages == stages.sorted())
  }

  @Test func everyTextTheGuideQuotesIsThrown() throws {
    let guide = try String(contentsOfFile: Support.packageRoot + "/docs/uikit-behaviour.md", encoding: .utf8)
    let numbered = guide.matches(of: /(?m)^(\d+)\. (`.*`)$/).filter { Int($0.output.1).map((1...22).contains) ?? false }
    #expect(numbered.map { Int($0.output.1)! } == Array(1...22))
    let quoted = numbered.flatMap { $0.output.2.matches(of: /`([^`]+)`/).map { String($0.output.1) } }
      .map { $0.replacing(/%[d@]/, with: "#") }
    let thrown = Set(try Self.errorTexts())
    #expect(quoted.count >= 22)
    #expect(quoted.filter { !thrown.contains($0) } == [])
  }

  @Test func everyBatchCheckIsPinnedBySessionFile() throws {
    let texts = try Self.errorTexts().map { String($0.prefix { $0 != "#" }).trimmingCharacters(in: .whitespaces) }
    #expect(texts.count >= 20, "the validator's checks were found (\(texts.count))")
    #expect(texts.allSatisfy { $0.count >= 12 }, "\(texts)")
    var transcripts = ""
    let root = Support.packageRoot + "/sessions"
    for path in try #require(FileManager.default.subpaths(atPath: root)) where path.hasSuffix(".session") {
      transcripts += try String(contentsOfFile: root + "/" + path, encoding: .utf8)
    }
    #expect(texts.filter { !transcripts.contains($0) } == [])
    // Warnings: while typing (`warnings.append`) and the hazards (every literal of BatchHazard).
    let typed = try Self.source(["TypedBatch.swift"]).matches(of: /warnings\.append\(\s*"((?:[^"\\]|\\.)*)"/)
    let hazards = try Self.source(["BatchHazard.swift"]).matches(of: /"((?:[^"\\]|\\.){12,})"/)
    let warnings = (typed.map { String($0.output.1) } + hazards.map { String($0.output.1) }).map { text in
      text.split(separator: /\\\((?:[^()]|\([^()]*\))*\)/).map { $0.trimmingCharacters(in: .whitespaces) }
        .max { $0.count < $1.count } ?? ""
    }
    #expect(warnings.count >= 7 && warnings.allSatisfy { $0.count >= 12 }, "\(warnings)")
    #expect(warnings.filter { !transcripts.contains($0) } == [])
  }
}
