import Foundation
import TesseraHost
import Testing

/// The supervisor and its engine, seen from outside as a person uses them: `tessera` reading
/// commands, `run` and `check`.
@Suite struct IsolationTests {
  static let tessera = Support.buildFolder + "/tessera"

  static func folder(_ name: String) throws -> String {
    let folder = "/tmp/tessera-test-\(name)"  // one copy, replaced by the next run
    _ = try Support.run("/bin/rm", ["-rf", folder], in: "/")
    _ = try Support.run("/bin/mkdir", ["-p", folder], in: "/")
    return folder
  }

  /// Replay reads the bytes a command read the first time, not the file as it is now.
  @Test func aRestoredSessionKeepsTheDataItReadEvenIfTheFileChanged() throws {
    let folder = try Self.folder("journal")
    let data = folder + "/data.json"
    try #"{"sections": [{"id": "s", "items": [{"id": "old1"}, {"id": "old2"}]}]}"#.write(
      toFile: data, atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Self.tessera)
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    input.fileHandleForWriting.write(Data("load \(data)\n".utf8))
    var seen = Data()
    while !String(decoding: seen, as: UTF8.self).contains("\n") {
      seen.append(output.fileHandleForReading.availableData)
    }
    #expect(String(decoding: seen, as: UTF8.self) == "loaded \(data): 2 items in 1 section\n")
    try #"{"sections": [{"id": "s", "items": [{"id": "new"}]}]}"#.write(toFile: data, atomically: true, encoding: .utf8)
    input.fileHandleForWriting.write(
      Data("plugin load libFixtureCrasher.so\nlayout crasher mode=segfault\ndata\nload \(data)\ndata\n".utf8))
    try input.fileHandleForWriting.close()
    seen.append(output.fileHandleForReading.readDataToEndOfFile())
    process.waitUntilExit()
    let lines = String(decoding: seen, as: UTF8.self).split(separator: "\n").map(String.init)
    #expect(
      lines.suffix(4) == [
        "error: plugin 'crasher' crashed in prepare (SIGSEGV); the session is as it was before this command",
        "section 0 s: 2 items: old1 old2",
        // A new engine takes new snapshots without reusing an earlier engine's names.
        "loaded \(data): 1 item in 1 section",
        "section 0 s: 1 item: new",
      ])
  }

  @Test func aCrashingFileFailsAloneAndCheckGoesOnToTheSummary() throws {
    let folder = try Self.folder("check")
    try
      "> plugin load libFixtureCrasher.so\nloaded plugin crasher 0.0.1 (ABI 2.3): crasher\n> layout crasher mode=abort\n"
      .write(
        toFile: folder + "/a.session", atomically: true, encoding: .utf8)
    try "> gen grid 2\ngenerated 2 items in 1 section\n".write(
      toFile: folder + "/b.session", atomically: true, encoding: .utf8)
    let (status, output) = try Support.run(Self.tessera, ["check", folder], in: folder)
    #expect(status == 1)
    #expect(output.contains("FAIL \(folder)/a.session:3: output differs from the expected transcript"))
    #expect(
      output.contains(
        "+error: plugin 'crasher' crashed in prepare (SIGABRT); the session is as it was before this command"))
    #expect(output.hasSuffix("1 passed, 1 failed\n"))
  }

  @Test func quitInsideASessionFailsItUnderCheck() throws {
    let folder = try Self.folder("quit")
    try "> gen grid 1\ngenerated 1 item in 1 section\n> quit\n> size\ncontentSize 390x50\n".write(
      toFile: folder + "/q.session", atomically: true, encoding: .utf8)
    let (status, output) = try Support.run(Self.tessera, ["check", "q.session"], in: folder)
    #expect(status == 1)
    #expect(
      output
        == "FAIL q.session:3: 'quit' ends the session here and would skip the rest of the file; under check every command runs (remove it)\n0 passed, 1 failed\n"
    )
  }

  @Test func windowsLineEndingsAreReadAndKept() throws {
    let folder = try Self.folder("crlf")
    let file = folder + "/w.session"
    try "# written on Windows\r\n> gen grid 2\r\ngenerated 2 items in 1 section\r\n> size\r\ncontentSize 1x1".write(
      toFile: file, atomically: true, encoding: .utf8)
    let (status, output) = try Support.run(Self.tessera, ["check", "w.session"], in: folder)
    #expect(status == 1)
    #expect(output.contains("FAIL w.session:4: output differs"))
    #expect(try Support.run(Self.tessera, ["check", "--update", "w.session"], in: folder).0 == 0)
    #expect(
      try String(contentsOfFile: file, encoding: .utf8)
        == "# written on Windows\r\n> gen grid 2\r\ngenerated 2 items in 1 section\r\n> size\r\ncontentSize 390x50\r\n")
  }

  /// Under a write limit the update fails; the original is untouched and no temporary is left.
  @Test func updateNeverLeavesACutDownFile() throws {
    let folder = try Self.folder("update")
    let original = "> gen grid 60\n> dump\n"
    try original.write(toFile: folder + "/big.session", atomically: true, encoding: .utf8)
    let (status, output) = try Support.run(
      "/bin/sh", ["-c", "ulimit -f 2; exec '\(Self.tessera)' check --update big.session"], in: folder)
    #expect(status == 1)
    #expect(
      output
        == "FAIL big.session: cannot update big.session: writing failed (File too large); the file is unchanged\n0 passed, 1 failed (0 updated)\n"
    )
    #expect(try String(contentsOfFile: folder + "/big.session", encoding: .utf8) == original)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["big.session"])
  }

  @Test func linkLoopsAndFIFOsAreSkippedWithANote() throws {
    let folder = try Self.folder("walk")
    _ = try Support.run("/bin/mkdir", ["-p", folder + "/sub"], in: "/")
    _ = try Support.run("/bin/ln", ["-s", "..", folder + "/sub/up"], in: "/")
    _ = try Support.run("/usr/bin/mkfifo", [folder + "/sub/pipe.session"], in: "/")
    try "> gen grid 1\ngenerated 1 item in 1 section\n".write(
      toFile: folder + "/sub/ok.session", atomically: true, encoding: .utf8)
    let (status, output) = try Support.run(Self.tessera, ["check", "."], in: folder)
    #expect(status == 0)
    #expect(
      output == """
        note: skipped ./sub/pipe.session: not a regular file
        note: skipped ./sub/up: a folder already searched (a link loop?)
        1 passed, 0 failed

        """)
  }

  @Test func sessionFilesReadOnlyUnderTheirFoldersUnlessTrusted() throws {
    let folder = try Self.folder("trust")
    try "> run /etc/hostname\n".write(toFile: folder + "/t.session", atomically: true, encoding: .utf8)
    let (status, output) = try Support.run(Self.tessera, ["run", "t.session"], in: folder)
    #expect(status == 1)
    #expect(
      output
        == "> run /etc/hostname\nerror: cannot read /etc/hostname: session files may read only files under the current folder and the folders being run or checked; run with --trust to allow it\n"
    )
    let (_, trusted) = try Support.run(Self.tessera, ["run", "--trust", "t.session"], in: folder)
    #expect(!trusted.contains("session files may read only"))
  }

  @Test func runExitsNonZeroOnAMissingFileOrAFailedCommand() throws {
    let folder = try Self.folder("run")
    try "gen grid 2\nbogus\nsize\n".write(toFile: folder + "/s.txt", atomically: true, encoding: .utf8)
    let (missing, missingOutput) = try Support.run(Self.tessera, ["run", "nowhere.session"], in: folder)
    #expect(missing == 1)
    #expect(missingOutput == "error: cannot read nowhere.session: no such file\n")
    let (stopped, stoppedOutput) = try Support.run(Self.tessera, ["run", "s.txt"], in: folder)
    #expect(stopped == 1)
    #expect(!stoppedOutput.contains("> size"))
    let (kept, keptOutput) = try Support.run(Self.tessera, ["run", "--keep-going", "s.txt"], in: folder)
    #expect(kept == 1)
    #expect(keptOutput.hasSuffix("> size\ncontentSize 390x50\n"))
  }

  /// Reload copies go to a private folder that is removed at exit; stale ones are cleaned.
  @Test func reloadCopiesLiveInAPrivateFolderRemovedAtExit() throws {
    let temporary = try Self.folder("tmpdir")
    let stale = temporary + "/tessera-999999-abcdef"
    _ = try Support.run("/bin/mkdir", ["-p", stale], in: "/")
    try "x".write(toFile: stale + "/1-old.so", atomically: true, encoding: .utf8)
    let script = try Self.folder("tmpdir-script") + "/reload.txt"
    try "plugin reload flow\n".write(toFile: script, atomically: true, encoding: .utf8)
    let (status, output) = try Support.run(
      "/usr/bin/env", ["TMPDIR=\(temporary)", Self.tessera, "run", "--trust", script], in: temporary)
    #expect(status == 0, "\(output)")
    #expect(
      output
        == "> plugin reload flow\nreloaded plugin flow 1.0.0: flow\nlayout flow runs the new code: every option at its default\n"
    )
    #expect(try FileManager.default.contentsOfDirectory(atPath: temporary) == [])
  }
}

/// What the reviews found, pinned.
@Suite struct IsolationReviewTests {
  static let tessera = IsolationTests.tessera

  @Test func pipedCommandsExitOneWhenACommandFailed() throws {
    let (ok, _) = try Support.run("/bin/sh", ["-c", "printf 'gen grid 2\\nsize\\n' | '\(Self.tessera)'"], in: "/tmp")
    #expect(ok == 0)
    let (failed, output) = try Support.run(
      "/bin/sh", ["-c", "printf 'bogus\\nsize\\n' | '\(Self.tessera)'"], in: "/tmp")
    #expect(failed == 1)
    #expect(output.hasSuffix("contentSize 390x0\n"))  // the rest still runs
  }

  @Test func checkWithNoSessionFilesSaysSo() throws {
    let folder = try IsolationTests.folder("empty")
    let (status, output) = try Support.run(Self.tessera, ["check", "."], in: folder)
    #expect(status == 2)
    #expect(output == "error: no *.session files under .\n")
  }

  @Test func runNamesTheFilesAStopLeftUnrun() throws {
    let folder = try IsolationTests.folder("unrun")
    try "> gen grid 1\n".write(toFile: folder + "/b.session", atomically: true, encoding: .utf8)
    let (status, output) = try Support.run(Self.tessera, ["run", "nothere.session", "b.session"], in: folder)
    #expect(status == 1)
    #expect(
      output
        == "error: cannot read nothere.session: no such file\nstopped at the first failure; not run: b.session (--keep-going runs them)\n"
    )
  }

  /// A bare name is looked up in the plugin folders only: a library beside the session file
  /// does not load without --trust.
  @Test func aBareNameInTheCurrentFolderDoesNotLoad() throws {
    let folder = try IsolationTests.folder("bare")
    _ = try Support.run("/bin/cp", [Support.buildFolder + "/libFixtureCrasher.so", folder + "/evil.so"], in: "/")
    try "> plugin load evil.so\n".write(toFile: folder + "/a.session", atomically: true, encoding: .utf8)
    let (status, output) = try Support.run(Self.tessera, ["run", "a.session"], in: folder)
    #expect(status == 1)
    #expect(
      output
        == "> plugin load evil.so\nerror: cannot load plugin evil.so: no plugin folder holds it (a bare name is looked up in the plugin folders; give a path, like ./evil.so, for a library elsewhere)\n"
    )
  }

  /// A /proc link to a deleted file has no real path to check: refused, not followed.
  @Test func aLinkToADeletedFileIsRefused() throws {
    let folder = try IsolationTests.folder("deleted")
    let secret = folder + "/secret.json"
    try #"{"sections": [{"id": "s", "items": [{"id": "secret"}]}]}"#.write(
      toFile: secret, atomically: true, encoding: .utf8)
    let handle = try #require(FileHandle(forReadingAtPath: secret))
    defer { try? handle.close() }
    try FileManager.default.removeItem(atPath: secret)
    let link = "/proc/\(getpid())/fd/\(handle.fileDescriptor)"
    try "> load \(link)\n".write(toFile: folder + "/a.session", atomically: true, encoding: .utf8)
    let (_, output) = try Support.run(Self.tessera, ["run", "a.session"], in: folder)
    #expect(
      output
        == "> load \(link)\nerror: cannot read \(link): session files may read only files under the current folder and the folders being run or checked; run with --trust to allow it\n"
    )
  }

  /// A library added to a plugin folder after the start does not change what a restore loads.
  @Test func aRestoreLoadsTheLibrariesFoundAtTheStart() throws {
    let plugins = try IsolationTests.folder("late-plugins")
    let elsewhere = try IsolationTests.folder("late-elsewhere")
    _ = try Support.run("/bin/cp", [Support.buildFolder + "/libFixtureCrasher.so", elsewhere + "/"], in: "/")
    var configuration = Supervisor.Configuration(executable: Self.tessera)
    configuration.pluginPaths = [plugins]
    configuration.showsWarnings = false
    let supervisor = try Supervisor(configuration)
    #expect(supervisor.perform("plugin load \(elsewhere)/libFixtureCrasher.so").failed == false)
    #expect(supervisor.perform("viewport 100x100").output == "viewport 100x100")
    _ = try Support.run("/bin/cp", [Support.buildFolder + "/libFixtureCrasher.so", plugins + "/"], in: "/")
    #expect(
      supervisor.perform("layout crasher mode=segfault").output
        == "error: plugin 'crasher' crashed in prepare (SIGSEGV); the session is as it was before this command")
    #expect(supervisor.perform("viewport").output == "viewport 100x100")
  }

  /// An engine whose supervisor is killed outright does not spin on in a plugin's loop.
  @Test func anOrphanedEngineEnds() throws {
    let folder = try IsolationTests.folder("orphan")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Self.tessera)
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    let input = Pipe()
    process.standardInput = input
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    input.fileHandleForWriting.write(
      Data("watchdog 600\nplugin load libFixtureCrasher.so\nlayout crasher mode=hang\n".utf8))
    let marker = "tessera-\(process.processIdentifier)-"
    func engines() throws -> String {
      try Support.run("/usr/bin/pgrep", ["-f", marker], in: "/").1
    }
    for _ in 0..<50 where try engines().isEmpty { usleep(100_000) }
    #expect(try !engines().isEmpty)
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    for _ in 0..<50 where try !engines().isEmpty { usleep(100_000) }
    #expect(try engines().isEmpty, "the engine outlived its supervisor")
  }

  @Test func updateKeepsALinkedSessionFileALink() throws {
    let folder = try IsolationTests.folder("linked")
    try "> gen grid 2\n".write(toFile: folder + "/real.session", atomically: true, encoding: .utf8)
    _ = try Support.run("/bin/ln", ["-s", "real.session", folder + "/link.session"], in: "/")
    #expect(try Support.run(Self.tessera, ["check", "--update", "link.session"], in: folder).0 == 0)
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/link.session") == "real.session")
    #expect(
      try String(contentsOfFile: folder + "/real.session", encoding: .utf8)
        == "> gen grid 2\ngenerated 2 items in 1 section\n")
  }

  @Test func theEchoOfRunEscapesControlCharacters() throws {
    let folder = try IsolationTests.folder("echo")
    try "> gen grid 2\u{1B}[2J\n".write(toFile: folder + "/e.session", atomically: true, encoding: .utf8)
    let (_, output) = try Support.run(Self.tessera, ["run", "e.session"], in: folder)
    #expect(output.hasPrefix("> gen grid 2\\u{1B}[2J\n"))
    #expect(!output.contains("\u{1B}"))
  }
}

@Suite struct HistoryFileTests {
  @Test func aFolderIsLeftAloneWithOneNote() throws {
    let folder = try IsolationTests.folder("history-dir")
    let history = HistoryFile(path: folder)
    let (lines, note) = history.load()
    #expect(lines.isEmpty)
    #expect(note == "history: \(folder) is not a regular file; it is left alone and history is not saved")
    #expect(history.append("gen grid 3") == nil)  // said once, then quiet
  }

  @Test func aLinkToADeviceIsNotFollowed() throws {
    let folder = try IsolationTests.folder("history-link")
    _ = try Support.run("/bin/ln", ["-s", "/dev/full", folder + "/h"], in: "/")
    let history = HistoryFile(path: folder + "/h")
    #expect(
      history.append("size") == "history: \(folder)/h is not a regular file; it is left alone and history is not saved")
    #expect(history.append("size") == nil)
  }

  @Test func twoREPLsAppendRatherThanOverwrite() throws {
    let folder = try IsolationTests.folder("history-two")
    let first = HistoryFile(path: folder + "/h")
    let second = HistoryFile(path: folder + "/h")
    #expect(first.append("gen grid 3") == nil)
    #expect(second.append("visible") == nil)
    #expect(first.append("size") == nil)
    #expect(HistoryFile(path: folder + "/h").load().lines == ["gen grid 3", "visible", "size"])
  }

  @Test func libeditsFormatIsRead() throws {
    let folder = try IsolationTests.folder("history-libedit")
    try "_HiStOrY_V2_\ngen\\040grid\\0403\nsize\n".write(toFile: folder + "/h", atomically: true, encoding: .utf8)
    #expect(HistoryFile(path: folder + "/h").load().lines == ["gen grid 3", "size"])
  }
}
