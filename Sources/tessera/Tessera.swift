import ArgumentParser
import CEditLine
import TesseraHost
import TesseraText

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

@main
struct Tessera: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tessera",
    abstract: "A headless workbench for collection-view layouts.",
    discussion: """
      With no subcommand, starts the REPL (or, when stdin is not a terminal, reads commands from \
      it). Type 'help' at the prompt for the command language. Plugins run in an engine process \
      of their own: a plugin that crashes, exits or hangs costs only the command that was running, \
      and the session is restored. The REPL's options (`tessera repl --help`): --plugin-path DIR, \
      --watchdog SECONDS, --memory-limit GB, --in-process. `tessera serve` starts the REPL with a \
      live view of the layout in a browser.
      """,
    version: "tessera \(Launch.version) (plugin ABI \(Launch.abiVersion))",
    subcommands: [
      Interactive.self, Serve.self, Run.self, Check.self, Bench.self, Conform.self, Fuzz.self, Reference.self,
      Engine.self,
    ],
    defaultSubcommand: Interactive.self)

  /// Every process (the REPL, an engine, `check`) measures text with HarfBuzz and the bundled
  /// font, opened the first time a cell's text is measured.
  static func main() {
    TextEngine.install { () throws(HostError) in try ShapedFont.bundled() }
    // An engine's arguments come from its supervisor: read without the parser (see
    // EngineArguments); anything else goes to the parser, which reports it.
    if let engine = EngineArguments(parsing: Array(CommandLine.arguments.dropFirst())) {
      Engine.serveAndExit(engine)
    }
    main(nil)
  }
}

/// Options every subcommand takes.
struct PluginOptions: ParsableArguments {
  @Option(
    name: .customLong("plugin-path"),
    help: ArgumentHelp(
      "A folder of plugin libraries to load (repeatable; TESSERA_PLUGIN_PATH adds more).", valueName: "DIR"))
  var pluginPaths: [String] = []

  /// A registry with every plugin; load warnings go to stderr.
  func registry() -> PluginRegistry {
    let (registry, warnings) = Launch.registry(pluginPaths: Launch.pluginPaths(pluginPaths))
    for warning in warnings { printError("warning: \(warning)") }
    return registry
  }
}

/// Options of the commands that run sessions: how plugins are isolated.
struct IsolationOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Seconds a command may run without progress before its engine is stopped (the 'watchdog' command changes it).",
      valueName: "SECONDS"))
  var watchdog = 10.0

  @Option(
    name: .customLong("memory-limit"),
    help: ArgumentHelp(
      "Gigabytes the engine may hold before the command is stopped and its plugin blamed (default: half the machine's memory, at least 1).",
      valueName: "GB"))
  var memoryLimit = MemoryLimit.defaultGigabytes

  @Flag(
    name: .customLong("in-process"),
    help: "Run plugins in this process, without an engine (for a debugger; a plugin crash then ends the session).")
  var inProcess = false

  func validate() throws {
    guard Watchdog.allowed.contains(watchdog) else {
      throw ValidationError("--watchdog must be between \(Watchdog.describedRange) seconds")
    }
    guard MemoryLimit.allowed.contains(memoryLimit) else {
      throw ValidationError(
        "--memory-limit must be between \(formatNumber(MemoryLimit.allowed.lowerBound)) and \(formatNumber(MemoryLimit.allowed.upperBound)) GB"
      )
    }
  }

  /// A supervisor for a session whose relative paths resolve against `folder`.
  func supervisor(
    _ plugins: PluginOptions, folder: String = ".", readableRoots: [String]? = nil, showsWarnings: Bool = true,
    showsBacktraces: Bool = false
  ) throws(HostError) -> Supervisor {
    guard let executable = Launch.executablePath else {
      throw HostError("cannot find the tessera executable (/proc/self/exe) to start an engine")
    }
    var configuration = Supervisor.Configuration(executable: executable)
    configuration.pluginPaths = Launch.pluginPaths(plugins.pluginPaths)
    configuration.baseDirectory = folder
    configuration.readableRoots = readableRoots
    configuration.watchdogSeconds = watchdog
    configuration.memoryLimitGigabytes = memoryLimit
    configuration.showsWarnings = showsWarnings
    configuration.showsBacktraces = showsBacktraces
    let supervisor = try Supervisor(configuration)
    if showsWarnings { for note in supervisor.startupNotes { printError("warning: \(note)") } }
    return supervisor
  }
}

struct Interactive: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "repl", abstract: "Start the REPL (the default).")

  @OptionGroup var plugins: PluginOptions
  @OptionGroup var isolation: IsolationOptions

  func run() throws {
    let backend: REPLBackend
    if isolation.inProcess {
      backend = Session(registry: plugins.registry())
    } else {
      do {
        Interrupts.install()
        backend = try isolation.supervisor(plugins, showsBacktraces: true)
      } catch {
        printError("error: \(error.message)")
        throw ExitCode(2)
      }
    }
    if cedit_is_terminal() != 0 {
      REPL.run(backend)
    } else if !REPL.runPlain(backend) {
      throw ExitCode.failure  // piped commands are a script: a failure shows in the status
    }
  }
}

struct Run: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Replay session files or scripts and print their transcripts.",
    discussion: """
      Each file runs in a fresh session. It stops at the first command that fails and exits 1 \
      (--keep-going runs every command, and still exits 1). Session files may read only files \
      under the current folder and their own folder, and may load plugins only by bare name, \
      unless --trust is given.
      """)

  @OptionGroup var plugins: PluginOptions
  @OptionGroup var isolation: IsolationOptions
  @Flag(help: "Run every command even after one fails (the exit status is still 1).") var keepGoing = false
  @Flag(help: "Let the files read anything and load plugins by path (session files are code).") var trust = false
  @Argument(help: "Session files (*.session) or plain command scripts.") var files: [String]

  func run() throws {
    if !isolation.inProcess { Interrupts.install() }
    var failed = false
    for (index, file) in files.enumerated() {
      let text: String
      do {
        text = try SessionScript.read(file)
      } catch {
        printError("error: \(error.message)")
        failed = true
        if keepGoing { continue }
        skipped(after: index)
        break
      }
      let folder = SessionScript.folder(of: file)
      let runner: CommandRunner
      do {
        runner = try makeRunner(folder: folder, showsWarnings: index == 0)
      } catch {
        printError("error: \(error.message)")
        throw ExitCode(2)
      }
      let ok = SessionScript.replay(text, on: runner, stopAtFailure: !keepGoing, print: emit)
      if !ok {
        failed = true
        if !keepGoing {
          skipped(after: index)
          break
        }
      }
    }
    if failed { throw ExitCode.failure }
  }

  /// Says which files a stop at the first failure left unrun.
  private func skipped(after index: Int) {
    let rest = files.dropFirst(index + 1)
    if !rest.isEmpty {
      printError("stopped at the first failure; not run: \(rest.joined(separator: ", ")) (--keep-going runs them)")
    }
  }

  private func makeRunner(folder: String, showsWarnings: Bool) throws(HostError) -> CommandRunner {
    let roots = trust ? nil : SessionScript.readableRoots([folder])
    if isolation.inProcess {
      let session = Session(registry: plugins.registry(), baseDirectory: folder)
      if let roots { session.files.policy = .restricted(roots: roots) }
      return session
    }
    return try isolation.supervisor(plugins, folder: folder, readableRoots: roots, showsWarnings: showsWarnings)
  }
}

struct Check: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Verify session files: replay each in a fresh session and compare its transcript.",
    discussion: """
      Each file runs in an engine of its own, so a plugin that crashes fails only its file. \
      Session files may read only files under the current folder and the folders being checked, \
      and may load plugins only by bare name, unless --trust is given; without it a *.session link \
      that leads out of the checked folders is refused. --update rewrites a file's expected output \
      atomically (a temporary file renamed over it), and refuses a read-only file and one that \
      changed while it was checked.
      """)

  @OptionGroup var plugins: PluginOptions
  @OptionGroup var isolation: IsolationOptions
  @Flag(help: "Rewrite the expected output of each file in place.") var update = false
  @Option(
    help: ArgumentHelp(
      "For a mismatch in attribute output (dump, visible, item), write a picture of the expected frames (green) over the actual ones (red) into this folder.",
      valueName: "folder")) var pictures: String?
  @Flag(help: "Let the files read anything and load plugins by path (session files are code).") var trust = false
  @Argument(help: "Session files, or folders searched for *.session.") var paths: [String]

  func run() throws {
    let found: SessionChecker.Found
    do {
      found = try SessionChecker.sessionFiles(in: paths)
    } catch {
      printError("error: \(error.message)")
      throw ExitCode(2)
    }
    for note in found.notes { emit("note: \(note)") }
    if let pictures {
      var info = stat()
      if stat(pictures, &info) != 0, mkdir(pictures, 0o755) != 0 {
        printError("error: cannot make the pictures folder \(pictures): \(String(cString: strerror(errno)))")
        throw ExitCode(2)
      }
    }
    guard !found.files.isEmpty else {
      printError("error: no *.session files under \(paths.joined(separator: ", "))")
      throw ExitCode(2)
    }
    Interrupts.install()
    let roots = trust ? nil : SessionScript.readableRoots(paths.map(SessionScript.folder(containing:)))
    var first = true
    // Without --trust a session file is read and rewritten only where it really is under a
    // folder being checked (a link out of them is refused).
    let checked = trust ? nil : SessionScript.realPaths(paths.map(SessionScript.folder(containing:)))
    let checker = SessionChecker(roots: checked) { (folder) throws(HostError) -> CommandRunner in
      defer { first = false }
      if isolation.inProcess {
        // A fresh registry per file: a file's 'plugin load' must not leak into the next.
        let session = Session(
          registry: Launch.registry(pluginPaths: Launch.pluginPaths(plugins.pluginPaths)).0, baseDirectory: folder
        )
        if let roots { session.files.policy = .restricted(roots: roots) }
        return session
      }
      return try isolation.supervisor(plugins, folder: folder, readableRoots: roots, showsWarnings: first)
    }
    var passed = 0
    var failed = 0
    var updated = 0
    var interrupted = false
    for file in found.files where !interrupted {
      do {
        switch try checker.check(path: file, update: update, pictures: pictures) {
        case .passed: passed += 1
        case .updated:
          updated += 1
          emit("updated \(file)")
        case .failed(let line, let diff, let picture):
          failed += 1
          emit("FAIL \(file):\(line): output differs from the expected transcript\n\(diff)")
          if let picture { emit("picture of the difference: \(picture.escapingControls)") }
        case .refused(let line, let reason):
          failed += 1
          emit("FAIL \(file):\(line): \(reason)")
        case .interrupted(let line):
          emit(
            "INTERRUPTED \(file):\(line): Ctrl-C\(update ? "; the file was not updated" : ""); the files after it were not checked"
          )
          interrupted = true
        }
      } catch {
        failed += 1
        emit("FAIL \(file): \(error.message)")
      }
    }
    emit(
      update
        ? "\(passed + updated) passed, \(failed) failed (\(updated) updated)" : "\(passed) passed, \(failed) failed")
    if interrupted { throw ExitCode(130) }  // as a shell reports a command ended by Ctrl-C
    if failed > 0 { throw ExitCode.failure }
  }
}

struct Reference: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Print the command reference as Markdown (the README's copy is generated from it).")

  func run() throws {
    emit(CommandReference.markdown)
  }
}
