import Foundation
import Testing

/// What happens in the engine while no command runs is named when it happens, and the next
/// command runs as if nothing had: a plugin's thread that crashed, exited, allocated without end
/// or wrote on the engine's pipes in the background, and a signal from outside, were all blamed
/// on the next, unrelated command ("a bug in Tessera").
@Suite struct BetweenCommandsTests {
  /// The REPL on piped commands: a crasher layout whose thread does `mode` 0.3 s after its
  /// prepare (once), `then` in the pause that follows, and `size` after it.
  static func session(_ mode: String, options: [String] = [], then: String = "") throws -> String {
    let folder = try IsolationTests.folder("between-\(mode)")
    try FileManager.default.createDirectory(atPath: folder + "/tmp", withIntermediateDirectories: true)
    #expect(FileManager.default.createFile(atPath: folder + "/once", contents: Data()))
    let script = """
      (printf 'plugin load libFixtureCrasher.so\\ngen grid 3\\nlayout crasher mode=\(mode)\\n'; sleep 1; \(then) sleep 1.5; \
      printf 'size\\n') | TMPDIR=\(folder)/tmp TESSERA_CRASHER_ONCE=\(folder)/once SWIFT_BACKTRACE=enable=no \
      '\(IsolationTests.tessera)' \(options.joined(separator: " ")) 2>&1; echo "status: $?"
      """
    return try Support.run("/bin/sh", ["-c", script], in: folder).1
  }

  static func transcript(_ mode: String, _ said: String) -> String {
    """
    loaded plugin crasher 0.0.1 (ABI 2.6): crasher
    generated 3 items in 1 section
    layout crasher\(mode == "ok" ? "" : " mode=\(mode)")
    tessera: between commands \(said); the session is restored before the next command
    contentSize 100x100
    status: 0

    """
  }

  /// A plugin's own thread, 0.3 s after the prepare: what it does, the options the session
  /// needs, and what is said.
  static let threads: [(mode: String, options: [String], said: String)] = [
    ("bgcrash", [], "the engine crashed (SIGSEGV) in no plugin call: a thread a plugin started"),
    (
      "bgexit", [],
      "the engine exited with status 3 in no plugin call: a thread a plugin started called exit (a plugin must not)"
    ),
    (
      "bgbomb", ["--memory-limit", "0.25"],
      "the engine went past the memory limit of 0.25 GB (--memory-limit changes it): a thread a plugin started, allocating in the background; it was stopped"
    ),
    (
      "bgjunk", [],
      "something in the engine wrote on its pipes to the supervisor: a thread a plugin started (a plugin must not write to descriptors it did not open); it was stopped"
    ),
  ]

  @Test(arguments: threads.indices) func aPluginThreadThatFailsInTheBackground(_ index: Int) throws {
    let (mode, options, said) = Self.threads[index]
    #expect(try Self.session(mode, options: options) == Self.transcript(mode, said))
  }

  @Test func aSignalFromOutside() throws {
    let engine = "[e]ngine --private-folder /tmp/tessera-test-between-ok/tmp/"  // [e]: not this shell's own line
    #expect(
      try Self.session("ok", then: "pkill -KILL -f '\(engine)';")
        == Self.transcript(
          "ok",
          "the engine was stopped by SIGKILL: a signal from outside Tessera (the kernel's out-of-memory killer, or a kill)"
        ))
  }
}
