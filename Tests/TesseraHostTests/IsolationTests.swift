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
      "> plugin load libFixtureCrasher.so\nloaded plugin crasher 0.0.1 (ABI 2.6): crasher\n> layout crasher mode=abort\n"
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

  /// A byte-order mark (as some editors save) is read as nothing and kept on rewrite; classic
  /// Mac files, whose lines end in a lone CR, split into lines and keep their endings.
  @Test func byteOrderMarksAndCarriageReturnEndingsAreReadAndKept() throws {
    let folder = try Self.folder("bom")
    let body = "> gen grid 2\ngenerated 2 items in 1 section\n> size\ncontentSize 1x1\n"
    try ("\u{FEFF}# saved with a mark\n" + body).write(toFile: folder + "/b.session", atomically: true, encoding: .utf8)
    try ("# classic Mac\n" + body).replacingOccurrences(of: "\n", with: "\r").write(
      toFile: folder + "/c.session", atomically: true, encoding: .utf8)
    let (status, output) = try Support.run(Self.tessera, ["check", "b.session", "c.session"], in: folder)
    #expect(status == 1)
    #expect(output.contains("FAIL b.session:4: output differs") && output.contains("FAIL c.session:4: output differs"))
    #expect(!output.contains("unknown command"))
    #expect(try Support.run(Self.tessera, ["check", "--update", "b.session", "c.session"], in: folder).0 == 0)
    let fixed = body.replacingOccurrences(of: "1x1", with: "390x50")
    // Compared as bytes: decoding would drop the mark.
    #expect(
      Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/b.session")))
        == Array(("\u{FEFF}# saved with a mark\n" + fixed).utf8))
    #expect(
      try String(contentsOfFile: folder + "/c.session", encoding: .utf8)
        == ("# classic Mac\n" + fixed).replacingOccurrences(of: "\n", with: "\r"))
    #expect(try Support.run(Self.tessera, ["check", "b.session", "c.session"], in: folder).0 == 0)
  }

  /// Output that cannot be written (a full device) ends `run` and the piped REPL with status
  /// 74 and a message on standard error, never a silent success.
  @Test func aFullDeviceEndsTheRunSayingWhy() throws {
    let folder = try Self.folder("full")
    try "gen grid 2\nsize\n".write(toFile: folder + "/s.txt", atomically: true, encoding: .utf8)
    for command in [
      "'\(Self.tessera)' run s.txt > /dev/full", "printf 'gen grid 2\\n' | '\(Self.tessera)' > /dev/full",
    ] {
      let (status, output) = try Support.run("/bin/sh", ["-c", command], in: folder)
      #expect(status == 74, "\(command)")
      #expect(
        output
          == "error: cannot write to standard output (No space left on device); output was lost, so tessera stopped\n")
    }
  }

  /// Temporary files an update killed half-way left beside a session file are removed by the
  /// next update of it; a fresh one (an update running now) is left alone.
  @Test func updateRemovesTheTemporariesAKilledUpdateLeft() throws {
    let folder = try Self.folder("stale")
    // Already up to date: the clean-up runs all the same.
    try "> gen grid 2\ngenerated 2 items in 1 section\n".write(
      toFile: folder + "/s.session", atomically: true, encoding: .utf8)
    let names = [
      ".s.session.tessera-update-AbC123", ".s.session.tessera-update-XyZ789", ".other.session.tessera-update-AbC123",
      ".s.session.tmp-backup",
    ]
    for name in names {
      try "partial".write(toFile: folder + "/" + name, atomically: false, encoding: .utf8)
    }
    _ = try Support.run(
      "/usr/bin/touch",
      ["-d", "2 minutes ago", names[0], names[2], names[3]], in: folder)
    #expect(try Support.run(Self.tessera, ["check", "--update", "s.session"], in: folder).0 == 0)
    let left = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    // Only the stale temporary of s.session goes: not a fresh one, not another file's, not a
    // person's own file that merely looks alike.
    #expect(left == [names[2], names[1], names[3], "s.session"].sorted())
  }

  /// Ctrl-C during `check --update` stores nothing: the file stays as it was, the check stops
  /// there and exits 130.
  @Test func anInterruptedUpdateStoresNothing() throws {
    let folder = try Self.folder("interrupted-update")
    let original = "> plugin load libFixtureCrasher.so\n> layout crasher mode=hang\nstale\n> size\nstale\n"
    try original.write(toFile: folder + "/h.session", atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Self.tessera)
    process.arguments = ["check", "--update", "--watchdog", "120", "h.session"]
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    usleep(1_500_000)  // well inside the hang
    kill(process.processIdentifier, SIGINT)
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 130)
    #expect(text.hasPrefix("INTERRUPTED h.session:2: Ctrl-C; the file was not updated"), "\(text)")
    #expect(try String(contentsOfFile: folder + "/h.session", encoding: .utf8) == original)
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

  /// A restore replays only what changed the session, so a query that crashes a flaky plugin
  /// when replayed cannot cost later changes; a change that no longer replays is tried again in
  /// a fresh engine, then dropped alone, and the report names it.
  @Test func aRestoreReplaysChangesOnlyAndNamesWhatItLost() throws {
    let folder = try IsolationTests.folder("flaky")
    let armed = folder + "/armed"
    setenv("TESSERA_CRASHER_ARMED", armed, 1)
    var configuration = Supervisor.Configuration(executable: Self.tessera)
    configuration.showsWarnings = false
    let supervisor = try Supervisor(configuration)
    for line in [
      "plugin load \(Support.buildFolder)/libFixtureCrasher.so", "gen grid 3", "layout crasher mode=flaky", "visible",
      "size", "scroll 0 30",
    ] {
      #expect(supervisor.perform(line).failed == false, "\(line)")
    }
    #expect(supervisor.journal.map(\.line).contains("visible") == false)
    _ = try Support.run("/usr/bin/touch", [armed], in: folder)
    // The query crashes; the restore does not ask it again, and keeps the scroll after it.
    #expect(
      supervisor.perform("dump").output
        == "error: plugin 'crasher' crashed in attributes_in_rect (SIGSEGV); the session is as it was before this command"
    )
    #expect(supervisor.perform("scroll").output == "offset 0 30")
    // Armed fully, the flaky layout's prepare crashes when replayed: that command is lost alone.
    #expect(supervisor.perform("layout flow").failed == false)
    try "prepare too".write(toFile: armed, atomically: true, encoding: .utf8)
    #expect(
      supervisor.perform("layout crasher mode=segfault").output
        == "error: plugin 'crasher' crashed in prepare (SIGSEGV); restoring the session lost 1 command: 'layout crasher mode=flaky' (plugin 'crasher' crashed in prepare (SIGSEGV)); the session holds the other 4 commands, in order"
    )
    #expect(supervisor.journal.map(\.line).count == 4)
    #expect(supervisor.perform("scroll").output == "offset 0 30")
    #expect(supervisor.perform("layout").output?.hasPrefix("layout flow") == true)
    unsetenv("TESSERA_CRASHER_ARMED")
  }

  /// A plugin that forks before it crashes: the child holds the engine's pipes, yet the crash
  /// is reported as a crash at once (not as a hang at the watchdog), and the child ends with
  /// the engine.
  @Test func aForkedChildNeitherHidesACrashNorOutlivesTheEngine() throws {
    let folder = try IsolationTests.folder("fork")
    let pids = folder + "/pids"
    setenv("TESSERA_CRASHER_PIDS", pids, 1)
    defer { unsetenv("TESSERA_CRASHER_PIDS") }
    var configuration = Supervisor.Configuration(executable: Self.tessera)
    configuration.showsWarnings = false
    configuration.watchdogSeconds = 60
    let supervisor = try Supervisor(configuration)
    #expect(supervisor.perform("plugin load \(Support.buildFolder)/libFixtureCrasher.so").failed == false)
    #expect(
      supervisor.perform("layout crasher mode=fork").output
        == "error: plugin 'crasher' crashed in prepare (SIGSEGV); the session is as it was before this command")
    let child = try String(contentsOfFile: pids, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
    // Killed: gone, or a zombie waiting for init to reap it.
    var state = "gone"
    for _ in 0..<100 {
      let stat = (try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8)) ?? ""
      state = stat.split(separator: ")").last?.split(separator: " ").first.map(String.init) ?? "gone"
      if state == "gone" || state == "Z" { break }
      usleep(10_000)
    }
    #expect(state == "gone" || state == "Z", "child \(child) is \(state)")
  }

  /// A plugin that allocates without end is stopped at the memory limit and blamed for it.
  @Test func aMemoryBombIsStoppedAtTheLimit() throws {
    var configuration = Supervisor.Configuration(executable: Self.tessera)
    configuration.showsWarnings = false
    configuration.memoryLimitGigabytes = 0.25
    let supervisor = try Supervisor(configuration)
    #expect(supervisor.perform("plugin load \(Support.buildFolder)/libFixtureCrasher.so").failed == false)
    #expect(supervisor.perform("gen grid 2").failed == false)
    #expect(
      supervisor.perform("layout crasher mode=bomb").output
        == "error: plugin 'crasher' went past the memory limit of 0.25 GB (--memory-limit changes it) in prepare; the session is as it was before this command"
    )
    #expect(supervisor.perform("size").output == "contentSize 390x50")
  }

  /// A library on the plugin path that crashes while loading is skipped, said once, and the
  /// session works.
  @Test func aLibraryThatCrashesAtLoadIsQuarantined() throws {
    let plugins = try IsolationTests.folder("quarantine")
    _ = try Support.run("/bin/cp", [Support.buildFolder + "/libFixtureCrashOnLoad.so", plugins + "/"], in: "/")
    var configuration = Supervisor.Configuration(executable: Self.tessera)
    configuration.pluginPaths = [plugins]
    configuration.showsWarnings = false
    let supervisor = try Supervisor(configuration)
    #expect(
      supervisor.startupNotes == [
        "plugin \(plugins)/libFixtureCrashOnLoad.so crashed while loading (SIGABRT): skipped from now on (remove it from the plugin path)"
      ])
    #expect(supervisor.perform("gen grid 2").output == "generated 2 items in 1 section")
    #expect(supervisor.perform("size").output == "contentSize 390x50")
  }

  /// A plugin that closes the engine's pipes, or writes junk on them, is blamed, not Tessera:
  /// the call that closed them by name, or every plugin the command called when junk arrived.
  @Test func aPluginThatBreaksThePipesIsBlamed() throws {
    var configuration = Supervisor.Configuration(executable: Self.tessera)
    configuration.showsWarnings = false
    let supervisor = try Supervisor(configuration)
    #expect(supervisor.perform("plugin load \(Support.buildFolder)/libFixtureCrasher.so").failed == false)
    #expect(supervisor.perform("gen grid 2").failed == false)
    #expect(
      supervisor.perform("layout crasher mode=closefds").output
        == "error: plugin 'crasher' closed the engine's pipes to the supervisor in prepare: a plugin must not close descriptors it did not open; the session is as it was before this command"
    )
    #expect(
      supervisor.perform("layout crasher mode=junk").output
        == "error: the engine's answer was cut or corrupted by plugin 'crasher' or plugin 'flow', called during this command: a plugin must not close, read or write descriptors it did not open; the session is as it was before this command"
    )
    #expect(supervisor.perform("size").output == "contentSize 390x50")
  }

  /// `--version` answers (exit 0), and `--help` names the REPL's options.
  @Test func versionAndHelpSayWhatThereIs() throws {
    let (status, output) = try Support.run(Self.tessera, ["--version"], in: "/tmp")
    #expect(status == 0)
    #expect(output == "tessera \(Launch.version) (plugin ABI 2.6)\n")
    let (_, help) = try Support.run(Self.tessera, ["--help"], in: "/tmp")
    for option in ["--plugin-path", "--watchdog", "--memory-limit", "--in-process"] {
      #expect(help.contains(option), "\(option)")
    }
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
