import Foundation
import Testing

@testable import TesseraHost

/// What an engine prints reaches the person, and a trap's message reaches the crash report:
/// `run` and `check` once printed a 41-line stack trace the report did not need, and the report
/// left out the one line that said what went wrong.
@Suite struct EngineErrorsTests {
  @Test func swiftsTrapLinesAreKnownAndNothingElse() {
    for line in [
      "FixtureUIKitMisbehaves/UIKitBadLayout.swift:22: Fatal error: the layout traps in prepare()",
      "Swift/ContiguousArrayBuffer.swift:692: Fatal error: Index out of range",
      "MyLayout/Layout.swift:9: Precondition failed: columns > 0",
      "Fatal error: Unexpectedly found nil while unwrapping an Optional value",
      "MyLayout/Layout.swift:12: Assertion failed",
    ] {
      #expect(EngineErrors.trapMessage(line) == line)
    }
    for line in [
      "my plugin says: Fatal error: nothing", "Fatal errors are rare", "a b:3: Fatal error: x",
      "x.swift:y: Fatal error: z",
      "",
    ] {
      #expect(EngineErrors.trapMessage(line) == nil, "\(line)")
    }
    #expect(EngineErrors.isFrame("12   libswiftCore.so                    0x00007f765895f130 swift_reportError + 33"))
    #expect(!EngineErrors.isFrame("cell 0.0 at 0x0"))
  }

  /// A signal no crash raises (the out-of-memory killer's SIGKILL) is not called a bug in Tessera.
  @Test func aSignalFromOutsideIsNamedForWhatItIs() {
    #expect(
      EngineFailure(cause: .ended(.signalled(SIGKILL)), inFlight: nil).message
        == "the engine was stopped by SIGKILL outside any plugin call (a signal no crash raises: the kernel's out-of-memory killer, a kill from outside Tessera)"
    )
    #expect(
      EngineFailure(cause: .ended(.signalled(SIGTERM)), inFlight: ("plugin 'crasher' (layout 'crasher')", "prepare"))
        .message
        == "plugin 'crasher' (layout 'crasher') was stopped by SIGTERM in prepare (a signal no crash raises: the kernel's out-of-memory killer, a kill, or the plugin itself)"
    )
    #expect(
      EngineFailure(cause: .ended(.signalled(SIGSEGV)), inFlight: nil).message
        == "the engine crashed (SIGSEGV) outside any plugin call: a thread a plugin started, or a bug in Tessera (please report it with the commands that led here)"
    )
  }

  /// Under `run` the crash report names the trap; the runtime's stack trace does not reach the
  /// output (its trap line does, as the engine printed it).
  @Test func runPrintsTheTrapInTheReportAndNoStackTrace() throws {
    let folder = try IsolationTests.folder("trap-report")
    let script = """
      > plugin load libFixtureUIKitMisbehaves.so
      > gen grid 3
      > layout uikitbad mode=trapPrepare
      > size

      """
    try script.write(toFile: folder + "/trap.session", atomically: true, encoding: .utf8)
    let (status, output) = try Support.run(IsolationTests.tessera, ["run", "--keep-going", "trap.session"], in: folder)
    #expect(status == 1)
    #expect(
      output == """
        > plugin load libFixtureUIKitMisbehaves.so
        loaded plugin uikit-fixtures 0.0.1 (ABI 2.6): uikitbad, uikitfade, uikitselfsizing, uikitpile, uikitselfinvalidating
        > gen grid 3
        generated 3 items in 1 section
        > layout uikitbad mode=trapPrepare
        FixtureUIKitMisbehaves/UIKitBadLayout.swift:22: Fatal error: the layout traps in prepare()
        error: plugin 'uikit-fixtures' (layout 'uikitbad') crashed in prepare (SIGILL): FixtureUIKitMisbehaves/UIKitBadLayout.swift:22: Fatal error: the layout traps in prepare(); the session is as it was before this command
        > size
        contentSize 390x50

        """)
  }

  /// A plugin's own prints still reach standard error, whole; under `run` (no backtraces) the
  /// runtime's stack trace does not.
  @Test func aPluginsPrintsArePassedOnAndStackTracesKeptBack() throws {
    let text = "one\nFatal error: boom\nCurrent stack trace:\n0    x.so   0x1 f + 1\n1    y.so   0x2 g + 2\nafter\n"
    for (keeps, expected) in [(false, "one\nFatal error: boom\nafter\n"), (true, text)] {
      var output: [Int32] = [-1, -1]
      try #require(pipe(&output) == 0)
      let errors = try #require(EngineErrors.reading(try Self.pipeWith(text), keepsBacktraces: keeps, to: output[1]))
      #expect(errors.trap(waiting: 5) == "Fatal error: boom")
      close(output[1])
      var bytes = [UInt8](repeating: 0, count: 4096)
      let count = read(output[0], &bytes, bytes.count)
      close(output[0])
      #expect(String(decoding: bytes[0..<max(count, 0)], as: UTF8.self) == expected)
    }
  }

  /// Long output passes whole and in order (it was read a line at a time off the front of a
  /// buffer, and what was left in the pipe at exit was lost); a trap printed before a command
  /// began names no crash of that command.
  @Test func longOutputPassesWholeAndOldTrapsAreForgotten() throws {
    let lines = (0..<200_001).map { "line \($0)\n" }.joined()
    let folder = try IsolationTests.folder("engine-errors-long")
    let outputFile = open(folder + "/out", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    try #require(outputFile >= 0)
    let errors = try #require(
      EngineErrors.reading(
        try Self.pipeWith("Fatal error: printed, not crashed\n" + lines), keepsBacktraces: false, to: outputFile))
    errors.drain(waiting: 30)
    close(outputFile)
    let written = try String(contentsOfFile: folder + "/out", encoding: .utf8)
    #expect(written == "Fatal error: printed, not crashed\n" + lines)
    #expect(errors.trap(waiting: 0) == "Fatal error: printed, not crashed")
    errors.commandBegins()
    #expect(errors.trap(waiting: 0) == nil)
  }

  /// A pipe whose read end holds `text`, its write end closed.
  static func pipeWith(_ text: String) throws -> Int32 {
    var ends: [Int32] = [-1, -1]
    try #require(pipe(&ends) == 0)
    // Written by a thread of its own: more than a pipe holds waits for the reader.
    let bytes = Array(text.utf8)
    let writer = ends[1]
    Thread.detachNewThread {
      _ = bytes.withUnsafeBytes { FileDescriptorIO.writeAll(writer, $0) }
      close(writer)
    }
    return ends[0]
  }
}
