import ArgumentParser
import CEditLine
import TesseraHost

@main
struct Tessera: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tessera",
    abstract: "A headless workbench for collection-view layouts.",
    discussion: """
      With no subcommand, starts the REPL (or, when stdin is not a terminal, reads commands from \
      it). Type 'help' at the prompt for the command language.
      """,
    subcommands: [Interactive.self, Run.self, Check.self, Bench.self, Reference.self],
    defaultSubcommand: Interactive.self)
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
    let (registry, warnings) = Workbench.registry(pluginPaths: Workbench.pluginPaths(pluginPaths))
    for warning in warnings { printError("warning: \(warning)") }
    return registry
  }
}

func printError(_ text: String) {
  fputs(text + "\n", tessera_stderr())
}

struct Interactive: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "repl", abstract: "Start the REPL (the default).")

  @OptionGroup var plugins: PluginOptions

  func run() throws {
    let session = Session(registry: plugins.registry())
    if tessera_is_terminal() != 0 {
      REPL.run(session)
    } else {
      REPL.runPlain(session)
    }
  }
}

struct Run: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Replay session files or scripts and print their transcripts.")

  @OptionGroup var plugins: PluginOptions
  @Argument(help: "Session files (*.session) or plain command scripts.") var files: [String]

  func run() throws {
    let registry = plugins.registry()
    for file in files {
      let session = Session(registry: registry)
      session.transcriptIndent = ""  // the transcript itself, ready to become a session file
      if let output = session.execute("run \"\(file.replacingBackslashesAndQuotes)\"") { print(output) }
    }
  }
}

struct Check: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Verify session files: replay each in a fresh session and compare its transcript.")

  @OptionGroup var plugins: PluginOptions
  @Flag(help: "Rewrite the expected output of each file in place.") var update = false
  @Argument(help: "Session files, or folders searched for *.session.") var paths: [String]

  func run() throws {
    let files: [String]
    do {
      files = try SessionChecker.sessionFiles(in: paths)
    } catch {
      printError("error: \(error.message)")
      throw ExitCode(2)
    }
    let pluginPaths = Workbench.pluginPaths(plugins.pluginPaths)
    let checker = SessionChecker { folder in
      // A fresh registry per file: a file's 'plugin load' must not leak into the next.
      Session(registry: Workbench.registry(pluginPaths: pluginPaths).0, baseDirectory: folder)
    }
    var passed = 0
    var failed = 0
    var updated = 0
    for file in files {
      do {
        switch try checker.check(path: file, update: update) {
        case .passed: passed += 1
        case .updated:
          updated += 1
          print("updated \(file)")
        case .failed(let line, let diff):
          failed += 1
          print("FAIL \(file):\(line): output differs from the expected transcript\n\(diff)")
        }
      } catch {
        failed += 1
        print("FAIL \(file): \(error.message)")
      }
    }
    print(
      update
        ? "\(passed + updated) passed, \(failed) failed (\(updated) updated)" : "\(passed) passed, \(failed) failed")
    if failed > 0 { throw ExitCode.failure }
  }
}

struct Reference: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Print the command reference as Markdown (the README's copy is generated from it).")

  func run() throws {
    print(CommandReference.markdown)
  }
}

extension String {
  fileprivate var replacingBackslashesAndQuotes: String {
    var out = ""
    for c in self {
      if c == "\\" || c == "\"" { out.append("\\") }
      out.append(c)
    }
    return out
  }
}

#if canImport(Glibc)
  import Glibc
#endif
