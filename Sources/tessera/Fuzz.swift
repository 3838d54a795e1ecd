import ArgumentParser
import TesseraHost

#if canImport(Glibc)
  import Glibc
#endif

/// `tessera fuzz`: the grammar fuzzer and dataset mutator, through a supervisor (CI runs it for
/// a minute with a recorded seed).
struct Fuzz: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Fuzz the command language and the dataset loader for a time budget.",
    discussion: """
      Random commands (numbers at and beyond every limit, unicode, control characters, long lines, \
      mutated session lines) and malformed datasets run through a supervised engine. It fails on a \
      crash, a hang, a line that is not JSON in 'format json', a refused command that changed the \
      session, or a dataset the loader's fast paths read otherwise than its general reader, and \
      writes a replayable .session reproducer.
      """)

  @OptionGroup var plugins: PluginOptions
  @Option(help: "The random seed (printed, so a run can be repeated).") var seed: UInt64 = 1
  @Option(help: "How long to fuzz.") var seconds = 60.0
  @Option(help: "Stop after this many commands (0: only the time budget).") var commands = 0
  @Option(help: "Where datasets and findings go (default: /tmp/tessera-fuzz-SEED, reused by runs of one seed).")
  var folder: String?
  @Option(help: "Golden sessions whose lines and data seed the mutations.") var corpus = "sessions"
  @Option(help: "Seconds one command may run before it counts as a hang.") var watchdog = 10.0

  func run() throws {
    guard let executable = Launch.executablePath else { throw ExitCode(2) }
    let work = folder ?? "/tmp/tessera-fuzz-\(seed)"
    _ = mkdir(work, 0o755)
    var supervisor = Supervisor.Configuration(executable: executable)
    supervisor.pluginPaths = Launch.pluginPaths(plugins.pluginPaths)
    supervisor.watchdogSeconds = watchdog
    var configuration = Fuzzer.Configuration(folder: work, corpusFolder: corpus, supervisor: supervisor)
    configuration.seed = seed
    configuration.seconds = seconds
    configuration.maximumCommands = commands
    Interrupts.install()
    if !SessionScript.isFolder(corpus) {
      printError(
        "warning: no corpus folder \(corpus): mutating only the grammar's own lines (give --corpus PATH/sessions)")
    }
    emit("fuzz: seed \(seed), \(formatNumber(seconds)) s, work folder \(work)")
    let report: Fuzzer.Report
    do {
      report = try Fuzzer(configuration).run { report in
        printError("fuzz: \(report.commands) commands, \(report.refused) refused, \(report.episodes) sessions")
      }
    } catch {
      printError("error: \(error.message)")
      throw ExitCode(2)
    }
    let summary =
      "fuzz: \(report.commands) commands (\(report.refused) refused), \(report.datasets) datasets, \(report.jsonLines) JSON lines checked, \(report.episodes) sessions"
    emit(summary)
    for finding in report.findings { emit("FINDING: \(finding)") }
    emit("\(report.findings.isEmpty ? 1 : 0) passed, \(report.findings.count) failed")
    if !report.findings.isEmpty { throw ExitCode.failure }
  }
}
