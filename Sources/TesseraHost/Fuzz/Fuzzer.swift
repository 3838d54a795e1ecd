#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// `tessera fuzz`: random command lines (`CommandGrammar`) and malformed datasets
/// (`DatasetMutator`) sent through a supervisor, as a person's session would be, checking after
/// each command that:
/// - no engine crashed, exited or hung (a plugin crash counts too: bundled plugins must refuse
///   bad input, not fault on it);
/// - in `format json`, every line printed is one JSON object, and an error says its kind;
/// - a refused command changed nothing (`data`, `layout`, `viewport` and `size` read the same
///   before and after).
/// Sessions are short episodes on a fresh engine. A finding is written as a replayable
/// `.session` file (with the datasets it loads) and the run fails.
public final class Fuzzer {
  public struct Configuration: Sendable {
    public var seed: UInt64 = 1
    public var seconds = 60.0
    /// Stop after this many commands even if time remains (0: no limit).
    public var maximumCommands = 0
    public var episodeLength = 40
    /// Where datasets and findings are written.
    public var folder: String
    /// `sessions/`: its command lines and data files seed the mutations.
    public var corpusFolder: String
    public var supervisor: Supervisor.Configuration

    public init(folder: String, corpusFolder: String, supervisor: Supervisor.Configuration) {
      self.folder = folder
      self.corpusFolder = corpusFolder
      self.supervisor = supervisor
    }
  }

  public struct Report: Sendable {
    public var commands = 0
    public var refused = 0
    public var episodes = 0
    public var datasets = 0
    public var jsonLines = 0
    public var findings: [String] = []
  }

  let configuration: Configuration

  public init(_ configuration: Configuration) {
    self.configuration = configuration
  }

  public func run(progress: (Report) -> Void = { _ in }) throws(HostError) -> Report {
    var report = Report()
    let (corpus, seeds) = Self.corpus(configuration.corpusFolder)
    var probe = configuration.supervisor
    probe.baseDirectory = configuration.folder
    probe.showsWarnings = false
    let layouts = try Self.layouts(probe)
    var grammar = CommandGrammar(random: SplitMix64(seed: configuration.seed), layouts: layouts, corpus: corpus)
    var mutator = DatasetMutator(random: SplitMix64(seed: configuration.seed ^ 0x5EED), seeds: seeds)
    let started = EngineProcess.now()
    var lastProgress = started
    while EngineProcess.now() - started < configuration.seconds,
      configuration.maximumCommands == 0 || report.commands < configuration.maximumCommands
    {
      report.episodes += 1
      var config = configuration.supervisor
      config.baseDirectory = configuration.folder
      // Commands read and write (render) only inside the fuzzer's folder, whatever a mutated
      // corpus line names.
      config.readableRoots = [FileAccess.realPath(configuration.folder) ?? configuration.folder]
      config.showsWarnings = false
      let supervisor = try Supervisor(config)
      var steps: [String] = []
      var before: String?
      for step in 0..<configuration.episodeLength {
        let dataName = "data-\(step).json"
        let dataset = mutator.next()
        try TextFile.replaceOrCreate(configuration.folder + "/" + dataName, with: dataset)
        report.datasets += 1
        let line = grammar.line(dataFile: dataName)
        steps.append(line)
        if let problem = LoaderEquivalence.problem(dataset) {
          report.findings.append(try reproduce(steps + ["load \(dataName)"], problem, &report))
          return report
        }
        let comparable = !supervisor.isCollectingBatch
        if comparable, before == nil { before = Self.fingerprint(supervisor) }
        let outcome = supervisor.perform(line)
        report.commands += 1
        if let problem = Self.problem(in: outcome, line: line, json: supervisor.isJSON) {
          report.findings.append(try reproduce(steps, problem, &report))
          return report
        }
        report.jsonLines += supervisor.isJSON ? (outcome.output?.split(separator: "\n").count ?? 0) : 0
        if outcome.failed {
          report.refused += 1
          if comparable, !supervisor.isCollectingBatch, let before {
            let after = Self.fingerprint(supervisor)
            if after != before {
              report.findings.append(
                try reproduce(
                  steps, "a refused command changed the session:\n--- before\n\(before)\n--- after\n\(after)", &report))
              return report
            }
          }
        } else {
          before = nil
        }
        if supervisor.wantsToQuit { break }
      }
      // Every fourth episode is read again from a session file in other line endings, and every
      // eighth written to a full device.
      var whole: String?
      if report.episodes % 4 == 0 {
        whole = try FileFormChecks.endingsProblem(steps, folder: configuration.folder, supervisor: config)
      }
      if whole == nil, report.episodes % 8 == 0 {
        whole = try FileFormChecks.fullDeviceProblem(
          steps, folder: configuration.folder, executable: config.executable, pluginPaths: config.pluginPaths)
      }
      if let whole {
        report.findings.append(try reproduce(steps, whole, &report))
        return report
      }
      if EngineProcess.now() - lastProgress > 2 {
        lastProgress = EngineProcess.now()
        progress(report)
      }
    }
    return report
  }

  /// What is wrong with a command's outcome, if anything.
  public static func problem(in outcome: Session.Outcome, line: String, json: Bool) -> String? {
    let output = outcome.output ?? ""
    for sign in [
      "outside any plugin call", " crashed in ", " crashed while ", " exited with status ", "did not return from",
      "did not finish within", "could not be restarted", "restoring the session failed", "restoring the session lost",
      "went past the memory limit", "closed the engine's pipes", "cut or corrupted", "connection broke",
    ] where output.contains(sign) {
      return "the engine failed: \(output)"
    }
    if json, !line.hasPrefix("format"), outcome.output != nil {  // nil: nothing printed
      for row in output.split(separator: "\n", omittingEmptySubsequences: false) {
        guard case .object(let members)? = try? JSONParser.parse(String(row)).value else {
          return "format json printed a line that is not one JSON object: \(row.prefix(300))"
        }
        // A failure says its kind, one of HostError.Kind's.
        if outcome.failed {
          guard case .string(let kind)? = members.first(where: { $0.key == "kind" })?.value.value,
            HostError.Kind(rawValue: kind) != nil
          else { return "format json printed an error without a known kind: \(row.prefix(300))" }
        }
      }
    }
    return nil
  }

  /// The state a refused command must leave as it was.
  static func fingerprint(_ supervisor: Supervisor) -> String {
    ["data", "layout", "viewport", "size"].map { supervisor.perform($0).output ?? "" }.joined(separator: "\n")
  }

  /// Writes the episode as a session file anyone can replay, in a folder of its own with the
  /// datasets its steps load (`data-K.json` for step K), and says where.
  private func reproduce(_ steps: [String], _ problem: String, _ report: inout Report) throws(HostError) -> String {
    let finding = configuration.folder + "/finding-\(configuration.seed)-\(report.commands)"
    guard mkdir(finding, 0o755) == 0 || errno == EEXIST else {
      throw HostError("cannot make \(finding): \(String(cString: strerror(errno)))")
    }
    for index in steps.indices {
      _ = rename(configuration.folder + "/data-\(index).json", finding + "/data-\(index).json")
    }
    var text = "# tessera fuzz --seed \(configuration.seed): \(problem.split(separator: "\n").first ?? "")\n"
    let paths = configuration.supervisor.pluginPaths.map { " --plugin-path \($0)" }.joined()
    text += "# replay: tessera run --trust --keep-going\(paths) \(finding)/finding.session\n"
    for step in steps { text += "> \(step)\n" }
    try TextFile.replaceOrCreate(finding + "/finding.session", with: text)
    let shown = text.split(separator: "\n").map { $0.count > 200 ? $0.prefix(200) + " …" : $0 }
    return "\(problem)\nreproducer: \(finding)/finding.session\n" + shown.joined(separator: "\n")
  }

  /// Command lines of the golden sessions, and the JSON datasets beside them.
  static func corpus(_ folder: String) -> ([String], [String]) {
    var lines: [String] = []
    var datasets: [String] = []
    guard let found = try? SessionChecker.sessionFiles(in: [folder]) else { return ([], []) }
    for file in found.files {
      guard let text = try? TextFile.read(file, shownAs: file) else { continue }
      for block in SessionFile.parse(text).blocks {
        if let command = block.command, !command.hasPrefix("plugin"), !command.hasPrefix("run"),
          !command.hasPrefix("load"), !command.hasPrefix("apply")
        {
          lines.append(command)
        }
      }
    }
    for name in Directory.entries(of: folder + "/data") where name.hasSuffix(".json") {
      if let text = try? TextFile.read(folder + "/data/" + name, shownAs: name) { datasets.append(text) }
    }
    return (lines, datasets)
  }
}
