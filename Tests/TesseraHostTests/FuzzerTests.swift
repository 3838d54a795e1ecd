import TesseraHost
import Testing

/// What the fuzzer counts as a finding.
@Suite struct FuzzerTests {
  static let cases: [(output: String, json: Bool, finding: Bool)] = [
    ("error: plugin 'flow' crashed in prepare (SIGILL); the session is as it was before this command", false, true),
    (
      "error: the engine crashed (SIGABRT) outside any plugin call: a bug in Tessera, please report it with the commands that led here",
      false, true
    ),
    ("error: plugin 'quilt' did not return from prepare within 10 s (the watchdog: ...)", false, true),
    ("error: plugin 'x' exited with status 0 in prepare (a plugin must not call exit)", false, true),
    ("error: unknown command 'x'", false, false),
    ("{\"error\": \"unknown command 'x'\"}", true, false),
    ("{\"contentSize\": [1, 2]}\n{\"trace\": \"prepare()\"}", true, false),
    ("  > gen grid 1", true, true),
    ("[1, 2]", true, true),
    ("{\"a\": nan}", true, true),
  ]

  @Test(arguments: 0..<cases.count) func classifiesOutcomes(index: Int) {
    let row = Self.cases[index]
    let problem = Fuzzer.problem(
      in: Session.Outcome(output: row.output, failed: true), line: "visible", json: row.json)
    #expect((problem != nil) == row.finding, "\(row.output)")
  }
}
