import Foundation
import TesseraHost
import Testing

/// The golden transcripts under sessions/: every one must replay exactly.
@Suite struct SessionFilesTests {
  @Test func everySessionFileReplaysExactly() throws {
    let (status, output) = try Support.run(
      Support.buildFolder + "/tessera", ["check", "sessions"], in: Support.packageRoot)
    #expect(status == 0, "tessera check sessions failed:\n\(output)")
    #expect(output.hasSuffix(" 0 failed\n"))
  }

  @Test func checkReportsTheFirstMismatchAsAUnifiedDiff() throws {
    let folder = "/tmp/tessera-test-mismatch"
    _ = try Support.run("/bin/mkdir", ["-p", folder], in: "/")
    let file = folder + "/wrong.session"
    try "> gen grid 2\ngenerated 3 items in 1 section\n> size\ncontentSize 1x1\n".write(
      toFile: file, atomically: true, encoding: .utf8)
    let (status, output) = try Support.run(Support.buildFolder + "/tessera", ["check", file], in: folder)
    #expect(status == 1)
    #expect(output.contains("FAIL \(file):1: output differs from the expected transcript"))
    #expect(output.contains("-generated 3 items in 1 section\n+generated 2 items in 1 section\n"))
    // It stops at the first mismatch: the second command's wrong output is not in the diff.
    #expect(!output.contains("+contentSize"))
    #expect(output.hasSuffix("0 passed, 1 failed\n"))
    // --update rewrites the expectations, after which the file passes.
    #expect(try Support.run(Support.buildFolder + "/tessera", ["check", "--update", file], in: folder).0 == 0)
    let (again, _) = try Support.run(Support.buildFolder + "/tessera", ["check", file], in: folder)
    #expect(again == 0)
  }

  @Test func pipedCommandsRunWithoutAPrompt() throws {
    let (status, output) = try Support.run(
      "/bin/sh", ["-c", "printf 'gen grid 10\\nsize\\n' | '\(Support.buildFolder)/tessera'"], in: Support.packageRoot)
    #expect(status == 0)
    #expect(output == "generated 10 items in 1 section\ncontentSize 390x110\n")
  }
}

@Suite struct RunCommandTests {
  /// `tessera run` prints the transcript in session-file form, comments included, so its output
  /// can become a golden file.
  @Test func runPrintsTheTranscript() throws {
    let (status, output) = try Support.run(
      Support.buildFolder + "/tessera", ["run", "sessions/flow/zero-area.session"], in: Support.packageRoot)
    #expect(status == 0)
    let expected = try String(contentsOfFile: Support.packageRoot + "/sessions/flow/zero-area.session", encoding: .utf8)
    #expect(output == expected)
  }
}
