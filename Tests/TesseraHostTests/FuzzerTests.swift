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
    ("{\"error\": \"unknown command 'x'\", \"kind\": \"usage\"}", true, false),
    ("{\"error\": \"unknown command 'x'\"}", true, true),
    ("{\"error\": \"unknown command 'x'\", \"kind\": \"oops\"}", true, true),
    ("{\"contentSize\": [1, 2]}\n{\"trace\": \"prepare()\"}", true, false),
    ("  > gen grid 1", true, true),
    ("[1, 2]", true, true),
    ("{\"a\": nan}", true, true),
  ]

  @Test func printingNothingIsNotALine() {
    #expect(Fuzzer.problem(in: Session.Outcome(output: nil, failed: false), line: "insert 0.0", json: true) == nil)
  }

  @Test(arguments: 0..<cases.count) func classifiesOutcomes(index: Int) {
    let row = Self.cases[index]
    // An error is a failed command's output; an answer a successful one's.
    let failed = row.output.hasPrefix("error") || row.output.hasPrefix("{\"error\"") || !row.output.hasPrefix("{")
    let problem = Fuzzer.problem(
      in: Session.Outcome(output: row.output, failed: failed), line: "visible", json: row.json)
    #expect((problem != nil) == row.finding, "\(row.output)")
  }

  /// End to end: with a plugin that misbehaves on some option values among the layouts, the
  /// fuzzer finds it, fails, and writes a reproducer that fails the same way when replayed.
  @Test func findsACrashingPluginAndWritesAReproducerThatReplays() throws {
    let plugins = try IsolationTests.folder("fuzz-plugins")
    let work = try IsolationTests.folder("fuzz-work")
    _ = try Support.run("/bin/cp", [Support.buildFolder + "/libFixtureCrasher.so", plugins + "/"], in: "/")
    // The corpus (every session file) is part of the fuzzer's input, so which seed reaches a
    // crashing option value first changes as sessions change: the first of a few seeds that
    // finds one will do (most find one within a few thousand commands).
    // The crasher crashes on some option values and writes junk over the engine's answer on
    // another (`mode=junk`): either is its finding, whichever the seed reaches first. (A seed
    // whose first finding is another — a debug build's slow command past the 2 s watchdog on a
    // busy machine — gives way to the next.)
    let misbehaviours = ["plugin 'crasher' ", "the engine's answer was cut or corrupted by plugin 'crasher'"]
    func foundTheCrasher(_ output: String) -> Bool {
      misbehaviours.contains {
        output.contains("FINDING: the engine failed: error: \($0)")
          || output.contains(#"FINDING: the engine failed: {"error": ""# + $0)
      }
    }
    var status: Int32 = 0
    var output = ""
    for seed in 1...6 where status != 1 || !foundTheCrasher(output) {
      (status, output) = try Support.run(
        IsolationTests.tessera,
        [
          "fuzz", "--seed", "\(seed)", "--seconds", "120", "--commands", "5000", "--watchdog", "2", "--folder", work,
          "--plugin-path", plugins,
          "--corpus", Support.packageRoot + "/sessions",
        ], in: work)
    }
    #expect(status == 1)
    // The finding's message is in the format the fuzzer had chosen at that moment.
    #expect(foundTheCrasher(output), "\(output)")
    let reproducer = try #require(
      output.split(separator: "\n").first { $0.hasPrefix("reproducer: ") }?.dropFirst("reproducer: ".count))
    let (_, replay) = try Support.run(
      IsolationTests.tessera, ["run", "--trust", "--keep-going", "--plugin-path", plugins, String(reproducer)], in: work
    )
    let crashes = replay.split(separator: "\n").filter { line in
      misbehaviours.contains { line.hasPrefix("error: \($0)") || line.hasPrefix(#"{"error": ""# + $0) }
    }
    #expect(crashes.count == 1, "the reproducer should crash the plugin once, at its last step:\n\(replay)")
  }
}
