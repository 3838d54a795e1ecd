#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Checks the fuzzer makes on whole episodes, beyond each command: the same script read with
/// other line endings and a byte-order mark gives the same transcript, and a transcript that
/// cannot be written (a full device) ends `tessera run` with status 74, never silently.
enum FileFormChecks {
  /// The three forms of one script: LF; CR LF after a UTF-8 byte-order mark; CR alone.
  static func forms(of steps: [String]) -> [(name: String, text: String)] {
    let lines = steps.map { "> " + $0 }
    return [
      ("LF", lines.map { $0 + "\n" }.joined()),
      ("BOM and CR LF", "\u{FEFF}" + lines.map { $0 + "\r\n" }.joined()),
      ("CR", lines.map { $0 + "\r" }.joined()),
    ]
  }

  /// Runs `steps` as a session file in each form through a fresh supervisor; the problem when
  /// two transcripts differ, else nil. Steps with a line break of their own are left out (a CR
  /// inside a command is a line break in a CR file).
  static func endingsProblem(_ steps: [String], folder: String, supervisor configuration: Supervisor.Configuration)
    throws(HostError) -> String?
  {
    let steps = steps.filter { !$0.unicodeScalars.contains { $0 == "\r" || $0 == "\n" || $0 == "\u{FEFF}" } }
    guard !steps.isEmpty else { return nil }
    var transcripts: [(String, String)] = []
    for (name, text) in forms(of: steps) {
      try TextFile.replaceOrCreate(folder + "/endings.session", with: text)
      let supervisor = try Supervisor(configuration)
      transcripts.append((name, supervisor.perform("run endings.session").output ?? ""))
    }
    for (name, transcript) in transcripts.dropFirst() where transcript != transcripts[0].1 {
      return
        "a session file read with \(name) line endings gave another transcript than with LF:\n--- LF\n\(transcripts[0].1.prefix(2000))\n--- \(name)\n\(transcript.prefix(2000))"
    }
    return nil
  }

  /// Runs `steps` as a session file with `tessera run`, standard output on /dev/full; the
  /// problem when it does not end with status 74 and the message, else nil.
  static func fullDeviceProblem(_ steps: [String], folder: String, executable: String, pluginPaths: [String])
    throws(HostError) -> String?
  {
    try TextFile.replaceOrCreate(folder + "/full.session", with: forms(of: steps)[0].text)
    var arguments = ["run", "--keep-going"]
    for path in pluginPaths { arguments += ["--plugin-path", path] }
    arguments.append(folder + "/full.session")
    let errorsFile = folder + "/full.errors"
    let child = try ChildProcess(
      executable: executable, arguments: arguments, standardOutput: "/dev/full", standardError: errorsFile)
    let ending = child.wait(watchdog: 120) { ChildProcess.size(of: errorsFile) }
    let errors = ChildProcess.contents(of: errorsFile) ?? ""
    let expected = "error: cannot write to standard output (No space left on device)"
    guard ending == .exited(74), errors.contains(expected) else {
      return
        "tessera run with its output on a full device ended \(ending), not with status 74 and '\(expected)'; its errors: \(errors.prefix(500))"
    }
    return nil
  }
}
