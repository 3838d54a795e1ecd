import ArgumentParser
import TesseraHost

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

struct Conform: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Check a layout plugin against the rules every layout must keep.",
    discussion: """
      PLUGIN is a loaded plugin's name (a bundled one, or one in a --plugin-path folder) or the \
      path of a shared library. Every layout of the plugin is checked (--layout picks one) on a \
      generated dataset. Each broken rule is reported with what was wrong and where; its case is \
      shrunk by delta debugging (items, sections, sizes and options, to a fixed point or for 20 \
      s) and a session file that fails when replayed with `tessera check` is written to the \
      reproducers folder, with the data in NAME.json beside it when `gen` cannot make it. The exit status is 1 \
      when a rule is broken, 2 when the plugin or the options are wrong. The checks run in a \
      child process: a plugin that crashes, calls exit(), stays in one call past --watchdog or \
      holds more than --memory-limit breaks the rule being checked, with a reproducer ending at \
      the command that crashed, and the other layouts are still checked.

      Rules:
      \(ConformanceRule.allCases.map { "  \($0.rawValue): \($0.summary)" }.joined(separator: "\n"))
      """)

  @OptionGroup var plugins: PluginOptions
  @Argument(help: "A loaded plugin's name, or the path of a plugin library.") var plugin: String
  @Option(help: "Check only this layout of the plugin.") var layout: String?
  @Option(
    name: .customLong("options"),
    help: ArgumentHelp(
      "Options for the layout, as 'layout NAME' takes them; given more than once, the pairs are merged (a key given twice is refused).",
      valueName: "key=value ..."))
  var optionGroups: [String] = []
  /// Every `--options` value, in order, as one `layout NAME ...` tail.
  var options: String { optionGroups.filter { !$0.isEmpty }.joined(separator: " ") }
  @Option(
    help:
      "Dataset kind: random, grid, photos, blocks, tree, events or bars; default: the layout's own (tree for schematic, events for timeline, blocks for quilt, photos for waterfall, bars for chart, random otherwise)."
  )
  var dataset: String?
  @Option(help: "How many items (1 to 1000000; a tree has depth 4 and fanout 3).") var items = 200
  @Option(help: "Seed for the dataset, the rects and the batch.") var seed: UInt64 = 1
  @Option(help: "Spread the items over this many sections (1 to 100).") var sections = 3
  @Option(help: "Where to write reproducers.", completion: .directory) var reproducers = "conform-reproducers"
  @Flag(help: "Print one JSON object per layout instead of text.") var json = false
  @Option(
    help: ArgumentHelp("Seconds a check may go without progress before its plugin is stopped.", valueName: "SECONDS"))
  var watchdog = 10.0
  /// Set in the child that runs the checks: where it tells its progress.
  @Option(help: .hidden) var progressFile: String?
  @Option(help: .hidden) var statusPage: String?
  @Option(help: .hidden) var reportFile: String?
  @Option(
    name: .customLong("memory-limit"),
    help: ArgumentHelp("Stop a check whose process holds more than this many GB resident.", valueName: "GB"))
  var memoryLimit = MemoryLimit.defaultGigabytes

  func run() throws {
    do {
      guard Watchdog.allowed.contains(watchdog) else {
        throw HostError(
          .usage,
          "conform: --watchdog must be between \(Watchdog.describedRange) seconds, not \(formatNumber(watchdog))")
      }
      guard MemoryLimit.allowed.contains(memoryLimit) else {
        throw HostError(
          .usage,
          "conform: --memory-limit must be between \(formatNumber(MemoryLimit.allowed.lowerBound)) and \(formatNumber(MemoryLimit.allowed.upperBound)) GB, not \(formatNumber(memoryLimit))"
        )
      }
      try checkReproducersFolder()
      if let progressFile {
        try runChecks(progressFile: progressFile)
      } else {
        try supervise()
      }
    } catch let error as HostError {
      printError("error: \(error.message)")
      // With --json, standard output carries the error too: a script reading it learns why.
      if json {
        say(JSONOutput.object([("error", .string(error.message)), ("kind", .string(error.kind.rawValue))]).serialized)
      }
      ConformanceProgress.ended(2)
      throw ExitCode(2)
    }
  }

  /// Where the child's reports go: the report file the parent reads (its standard output is the
  /// plugin's to scribble on), else standard output.
  nonisolated(unsafe) static var reportWriter: ((String) -> Void)?

  private func say(_ text: String) {
    if let writer = Self.reportWriter { writer(text) } else { emit(text) }
  }

  /// The dataset kind `layout` is checked on.
  private func datasetKind(for layout: String) -> String {
    dataset ?? BenchDatasets.natural(for: layout)
  }

  /// The child: runs the checks, printing each layout's report as soon as it is done and
  /// telling its progress (`ConformanceProgress`) to `progressFile`.
  private func runChecks(progressFile: String) throws {
    guard let writer = ChildProcess.lineWriter(appendingTo: progressFile) else {
      throw HostError("conform: cannot write \(progressFile)")
    }
    ConformanceProgress.sink = writer
    if let reportFile {
      guard let reports = ChildProcess.lineWriter(appendingTo: reportFile) else {
        throw HostError("conform: cannot write \(reportFile)")
      }
      Self.reportWriter = reports
    }
    if let statusPage { PluginCallMarker.observer = try EngineStatus(path: statusPage, create: false) }
    var broken = false
    try check { report in
      say(json ? ConformanceJSON.json(report).serialized : ConformanceText.text(report))
      broken = broken || !report.violations.isEmpty
    }
    // The last word: the checks ended as the host meant them to (not by a plugin's exit()).
    ConformanceProgress.ended(broken ? 1 : 0)
    if broken { throw ExitCode.failure }
  }

  /// The parent: runs the checks in a child and reports a crash or a hang there as a broken
  /// rule; layouts the crash left unchecked are checked in a child each.
  private func supervise() throws {
    guard let executable = Launch.executablePath else {
      throw HostError("conform: cannot find the tessera executable (/proc/self/exe)")
    }
    let folder = try PrivateDirectory()
    let statusPath = folder.path + "/status"
    let status = try EngineStatus(path: statusPath, create: true)
    var queue: [String?] = [layout]
    var done: Set<String> = []
    var broken = false
    var round = 0
    while !queue.isEmpty {
      let only = queue.removeFirst()
      round += 1
      let progress = folder.path + "/progress-\(round)"
      let reports = folder.path + "/reports-\(round)"
      status.reset()
      let child = try ChildProcess(
        executable: executable,
        arguments: childArguments(layout: only, progress: progress, reports: reports, status: statusPath),
        standardOutput: "/dev/null")
      // The watchdog times plugin calls: while none is in flight the host is at work (a million
      // items take a while to list), which is progress.
      let ending = child.wait(watchdog: watchdog, memoryLimit: Int(memoryLimit * 1024 * 1024 * 1024)) {
        status.callInFlight == nil ? nil : ChildProcess.size(of: progress)
      }
      if let text = ChildProcess.contents(of: reports), !text.isEmpty { emit(String(text.dropLast())) }
      let events = ChildProcess.contents(of: progress) ?? ""
      let crash = ConformanceCrashReport(events: events)
      done.formUnion(crash.finished)
      let call = status.callInFlight?.call
      let how: String
      switch ending {
      case .exited(let code) where crash.endedWith == code:
        if code == 2 { throw ExitCode(2) }  // the child said why
        broken = broken || code != 0
        continue
      case .exited(let code):
        how = "exited with status \(code)\(call.map { " in \($0)" } ?? "") (exit() in plugin code)"
      case .signalled(let signal):
        how = "crashed\(call.map { " in \($0)" } ?? "") (\(ChildProcess.signalName(signal)))"
      case .timedOut:
        how = "did not return\(call.map { " from \($0)" } ?? "") within \(formatNumber(watchdog)) s (--watchdog)"
      case .overMemory(let bytes):
        how =
          "used \(formatNumber((Double(bytes) / 1_073_741_824 * 100).rounded() / 100)) GB\(call.map { " in \($0)" } ?? ""), past --memory-limit \(MemoryLimit.describe(memoryLimit))"
      }
      guard !crash.layout.isEmpty else {
        throw HostError("conform: the plugin \(how) before any layout was checked (while loading it?)")
      }
      if done.contains(crash.layout) {
        // Every layout it was checking has its report: the plugin ended the process after them
        // (a destroy, a library destructor at exit). The reports stand; the run is broken.
        let line = "conform: after its layouts were checked, the plugin \(how)"
        emit(
          json
            ? JSONOutput.object([("error", .string(line)), ("kind", .string(HostError.Kind.pluginBug.rawValue))])
              .serialized : line)
        broken = true
        continue
      }
      let dataset = ConformanceDataset(kind: datasetKind(for: crash.layout), seed: seed, sections: sections)
      let report = try crash.report(
        how, options: options, dataset: dataset, items: items, loadComment: plugin.contains("/") ? " --trust" : "",
        reproducers: reproducers)
      emit(json ? ConformanceJSON.json(report).serialized : ConformanceText.text(report))
      broken = true
      done.insert(crash.layout)
      if only == nil { queue += crash.layouts.filter { !done.contains($0) }.map { $0 } }
    }
    if broken { throw ExitCode.failure }
  }

  /// The child's command line: these options, for one layout (or all), telling its progress.
  private func childArguments(layout only: String?, progress: String, reports: String, status: String) -> [String] {
    var arguments = ["conform", plugin]
    for path in plugins.pluginPaths { arguments += ["--plugin-path", path] }
    if let only { arguments += ["--layout", only] }
    if !options.isEmpty { arguments += ["--options", options] }
    if let dataset { arguments += ["--dataset", dataset] }
    arguments += ["--items", String(items), "--seed", String(seed), "--sections", String(sections)]
    arguments += ["--reproducers", reproducers, "--progress-file", progress, "--report-file", reports]
    arguments += ["--status-page", status]
    if json { arguments.append("--json") }
    return arguments
  }

  private func check(_ done: (ConformanceReport) -> Void) throws(HostError) {
    if let refusal = ConformanceDataset.refusal(kind: dataset, items: items, sections: sections) {
      throw HostError(.usage, "conform: " + refusal)
    }
    let registry = plugins.registry()
    var loadCommand: String?
    let library: PluginLibrary
    if plugin.contains("/") {
      // Its real path: a bundled library given by its path is the one already loaded, and a
      // reproducer names it without `./` or links in the way.
      let given = plugin.hasPrefix("/") ? plugin : (currentFolder() + "/" + plugin)
      let path = FileAccess.realPath(given) ?? given
      if let loaded = registry.libraries.first(where: { (FileAccess.realPath($0.file) ?? $0.file) == path }) {
        library = loaded
      } else {
        library = try registry.load(path: path)
        // A reproducer loads it by a path relative to the reproducer's folder.
        loadCommand = "plugin load \(Tokenizer.quoted(Self.relativePath(to: path, from: reproducersFolder())))"
      }
    } else {
      guard let found = registry.libraries.first(where: { $0.name == plugin }) else {
        let names = registry.libraries.map(\.name).joined(separator: ", ")
        throw HostError(
          "conform: no loaded plugin is named '\(plugin)' (loaded: \(names.isEmpty ? "none" : names)); give a library's path, like ./libmine.so"
        )
      }
      library = found
    }
    let names = library.layouts.map(\.name)
    if let layout, !names.contains(layout) {
      throw HostError(
        "conform: plugin \(library.name) has no layout '\(layout)' (its layouts: \(names.joined(separator: ", ")))")
    }
    ConformanceProgress.layouts(layout.map { [$0] } ?? names)
    for name in layout.map({ [$0] }) ?? names {
      let kind = ConformanceDataset(kind: datasetKind(for: name), seed: seed, sections: sections)
      let checker = ConformanceChecker(
        registry: registry, layoutName: name, options: options, loadCommand: loadCommand, dataset: kind, items: items)
      // The probes below already call the plugin: a crash in them is the first rule's.
      ConformanceProgress.layout(name)
      // Options the layout's description refuses are the person's mistake, not the layout's.
      if !options.isEmpty {
        checker.announceProbe()
        ConformanceProgress.running("layout \(name) \(options)")
        let outcome = Session(registry: registry).perform("layout \(name) \(options)")
        if outcome.failed, let output = outcome.output {
          throw HostError("conform: --options: " + (output.hasPrefix("error: ") ? String(output.dropFirst(7)) : output))
        }
      }
      // A layout that refuses the dataset (the timeline needs events with days) is given the
      // wrong data, not broken: the person picks another --dataset.
      let probe = Session(registry: registry)
      checker.announceProbe()
      ConformanceProgress.running(kind.command(items: items))
      let generated = probe.perform(kind.command(items: items))
      ConformanceProgress.step(command: kind.command(items: items), expected: generated.output)
      ConformanceProgress.running("layout \(name) \(options)")
      let setup = probe.perform("layout \(name) \(options)")
      if setup.failed, let output = setup.output, output.hasPrefix("error: layout '\(name)' failed to prepare:") {
        throw HostError(
          "conform: layout \(name) refuses the \(kind.kind) dataset (\(output.dropFirst(7))); give one it takes with --dataset (\(ConformanceDataset.kinds.joined(separator: ", ")))"
        )
      }
      var report = checker.run()
      try report.writeReproducers(to: reproducers)
      done(report)
    }
  }

  /// The reproducers folder's real path (where it will be, when it does not exist yet): the
  /// longest part that exists resolved (links, `..`), the rest added to it.
  private func reproducersFolder() -> String {
    let given = reproducers.hasPrefix("/") ? reproducers : currentFolder() + "/" + reproducers
    var existing = ""
    var rest: [Substring] = []
    for part in given.split(separator: "/") where part != "." {
      if !rest.isEmpty {
        rest.append(part)
      } else if part == ".." {
        existing = FileAccess.realPath(existing + "/..") ?? existing
      } else if let real = FileAccess.realPath(existing + "/" + part) {
        existing = real == "/" ? "" : real
      } else {
        rest.append(part)
      }
    }
    // `..` after a part that does not exist yet undoes it.
    var tail: [Substring] = []
    for part in rest {
      if part == ".." {
        if tail.popLast() == nil { existing = FileAccess.realPath(existing + "/..") ?? existing }
      } else {
        tail.append(part)
      }
    }
    let path = ([existing] + tail.map(String.init)).joined(separator: "/")
    return path.isEmpty ? "/" : path
  }

  /// Refuses a reproducers folder that could not be made or written, before any check runs.
  private func checkReproducersFolder() throws(HostError) {
    guard !reproducers.isEmpty else { throw HostError(.usage, "conform: --reproducers needs a folder's path") }
    var folder = reproducersFolder()
    var info = stat()
    while stat(folder, &info) != 0 {
      folder = folder.split(separator: "/").dropLast().joined(separator: "/")
      folder = "/" + folder
    }
    guard (info.st_mode & S_IFMT) == S_IFDIR else {
      throw HostError("conform: --reproducers \(reproducers): \(folder) is not a folder")
    }
    guard access(folder, W_OK | X_OK) == 0 else {
      throw HostError("conform: --reproducers \(reproducers): cannot write in \(folder)")
    }
  }

  /// `file` as a path from `folder` (both absolute): `../lib/libX.so`.
  static func relativePath(to file: String, from folder: String) -> String {
    let target = file.split(separator: "/")
    let base = folder.split(separator: "/").filter { $0 != "." }
    var common = 0
    while common < min(target.count - 1, base.count), target[common] == base[common] { common += 1 }
    let ups = Array(repeating: "..", count: base.count - common)
    return (ups + target[common...].map(String.init)).joined(separator: "/")
  }

  private func currentFolder() -> String {
    var buffer = [CChar](repeating: 0, count: 4096)
    guard getcwd(&buffer, buffer.count) != nil else { return "." }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
