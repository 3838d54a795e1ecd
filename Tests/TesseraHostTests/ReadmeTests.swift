import Foundation
import TesseraHost
import Testing

@Suite struct ReadmeTests {
  /// The README's command reference is the command table's, word for word.
  @Test func commandReferenceMatchesTheCommandTable() throws {
    let readme = try String(contentsOfFile: Support.packageRoot + "/README.md", encoding: .utf8)
    #expect(readme.components(separatedBy: CommandReference.begin).count == 2, "one reference, begun once")
    #expect(readme.components(separatedBy: CommandReference.end).count == 2, "one reference, ended once")
    let start = try #require(readme.range(of: CommandReference.begin))
    let end = try #require(readme.range(of: CommandReference.end))
    let section = String(readme[start.lowerBound..<end.upperBound])
    #expect(
      section == CommandReference.markdown,
      "README.md's command reference is stale: replace it with the output of `tessera reference`")
  }
}

/// Every transcript in the README (`tessera> ` blocks, and session-file blocks) is what Tessera
/// prints. `...` alone on a line stands for any lines; a line ending in `...` for any ending.
@Suite struct ReadmeTranscriptTests {
  static func blocks() throws -> [[String]] {
    let readme = try String(contentsOfFile: Support.packageRoot + "/README.md", encoding: .utf8)
    var blocks: [[String]] = []
    var current: [String] = []
    var fence: String?  // the opening line of the block we are in
    for line in readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if line.hasPrefix("```") {
        if let opening = fence {
          if opening == "```" { blocks.append(current) }  // plain blocks hold transcripts
          fence = nil
        } else {
          fence = line
          current = []
        }
      } else if fence != nil {
        current.append(line)
      }
    }
    return blocks
  }

  static func matches(_ expected: [String], _ actual: [String]) -> Bool {
    guard let first = expected.first else { return actual.isEmpty }
    if first == "..." {
      return (0...actual.count).contains { matches(Array(expected.dropFirst()), Array(actual.dropFirst($0))) }
    }
    guard let line = actual.first else { return false }
    return lineMatches(first, line) && matches(Array(expected.dropFirst()), Array(actual.dropFirst()))
  }

  /// `...` inside a line stands for any text.
  static func lineMatches(_ pattern: String, _ line: String) -> Bool {
    let pieces = pattern.split(separator: "...", omittingEmptySubsequences: false).map(String.init)
    guard pieces.count > 1 else { return pattern == line }
    guard line.hasPrefix(pieces[0]), line.hasSuffix(pieces.last!) else { return false }
    var rest = Substring(line.dropFirst(pieces[0].count))
    for piece in pieces.dropFirst().dropLast() where !piece.isEmpty {
      guard let found = rest.range(of: piece) else { return false }
      rest = rest[found.upperBound...]
    }
    return rest.count >= pieces.last!.count
  }

  @Test func everyPromptTranscriptIsTrue() throws {
    let transcripts = try Self.blocks().filter { $0.first?.hasPrefix("tessera> ") == true }
    #expect(transcripts.count >= 3)
    for block in transcripts {
      // As the REPL runs: through a supervisor, so the crash example costs only its command.
      var configuration = Supervisor.Configuration(executable: Support.buildFolder + "/tessera")
      configuration.baseDirectory = Support.packageRoot
      configuration.showsWarnings = false
      let session = try Supervisor(configuration)
      var index = 0
      while index < block.count {
        let command = String(block[index].dropFirst("tessera> ".count))
        var expected: [String] = []
        index += 1
        while index < block.count, !block[index].hasPrefix("tessera> ") {
          expected.append(block[index])
          index += 1
        }
        let actual = (session.perform(command).output ?? "").split(separator: "\n", omittingEmptySubsequences: false)
          .map(
            String.init)
        #expect(
          Self.matches(expected, actual.filter { !$0.isEmpty || !expected.isEmpty }),
          "README: `\(command)` prints\n\(actual.joined(separator: "\n"))\nnot\n\(expected.joined(separator: "\n"))")
      }
    }
  }

  @Test func sessionFileExamplesPass() throws {
    let sessions = try Self.blocks().filter { block in block.contains { $0.hasPrefix("> ") } }
    #expect(!sessions.isEmpty)
    for block in sessions {
      let session = Session(registry: Launch.registry(pluginPaths: []).0, baseDirectory: Support.packageRoot)
      for step in SessionFile.parse(block.joined(separator: "\n") + "\n").blocks {
        guard let command = step.command else { continue }
        let actual = (session.perform(command).output ?? "").split(separator: "\n").map(String.init)
        #expect(Self.matches(step.expected, actual), "README session example: `\(command)` prints \(actual)")
      }
    }
  }
}
