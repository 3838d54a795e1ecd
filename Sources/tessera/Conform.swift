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
      generated dataset. Each broken rule is reported with what was wrong and where, its dataset \
      is shrunk to the fewest items that still show it, and a session file that fails when \
      replayed with `tessera check` is written to the reproducers folder. The exit status is 1 \
      when a rule is broken, 2 when the plugin or the options are wrong. Plugins run in this \
      process: a plugin that crashes ends the check.

      Rules:
      \(ConformanceRule.allCases.map { "  \($0.rawValue): \($0.summary)" }.joined(separator: "\n"))
      """)

  @OptionGroup var plugins: PluginOptions
  @Argument(help: "A loaded plugin's name, or the path of a plugin library.") var plugin: String
  @Option(help: "Check only this layout of the plugin.") var layout: String?
  @Option(help: ArgumentHelp("Options for the layout, as 'layout NAME' takes them.", valueName: "key=value ..."))
  var options = ""
  @Option(help: "Dataset kind: random, grid, photos, blocks, tree or events (the timeline's).") var dataset = "random"
  @Option(help: "How many items (1 to 1000000; a tree has depth 4 and fanout 3).") var items = 200
  @Option(help: "Seed for the dataset, the rects and the batch.") var seed: UInt64 = 1
  @Option(help: "Spread the items over this many sections (1 to 100).") var sections = 3
  @Option(help: "Where to write reproducers.", completion: .directory) var reproducers = "conform-reproducers"
  @Flag(help: "Print one JSON object per layout instead of text.") var json = false

  func run() throws {
    do {
      let reports = try check()
      for report in reports { emit(json ? ConformanceJSON.json(report).serialized : ConformanceText.text(report)) }
      if reports.contains(where: { !$0.violations.isEmpty }) { throw ExitCode.failure }
    } catch let error as HostError {
      printError("error: \(error.message)")
      throw ExitCode(2)
    }
  }

  private func check() throws(HostError) -> [ConformanceReport] {
    guard ConformanceDataset.kinds.contains(dataset) else {
      throw HostError(
        "conform: unknown dataset '\(dataset)'; the kinds are \(ConformanceDataset.kinds.joined(separator: ", "))")
    }
    guard (1...1_000_000).contains(items) else { throw HostError("conform: --items takes 1 to 1000000, not \(items)") }
    guard (1...100).contains(sections) else { throw HostError("conform: --sections takes 1 to 100, not \(sections)") }
    let registry = plugins.registry()
    var loadCommand: String?
    let library: PluginLibrary
    if plugin.contains("/") {
      let path = plugin.hasPrefix("/") ? plugin : (currentFolder() + "/" + plugin)
      if let loaded = registry.libraries.first(where: { $0.file == path }) {
        library = loaded
      } else {
        library = try registry.load(path: path)
        loadCommand = "plugin load \(path)"
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
    if mkdir(reproducers, 0o755) != 0, errno != EEXIST {
      throw HostError("conform: cannot make the reproducers folder \(reproducers): \(String(cString: strerror(errno)))")
    }
    var reports: [ConformanceReport] = []
    for name in layout.map({ [$0] }) ?? names {
      // Options the layout's description refuses are the person's mistake, not the layout's.
      if !options.isEmpty {
        let outcome = Session(registry: registry).perform("layout \(name) \(options)")
        if outcome.failed, let output = outcome.output {
          throw HostError("conform: --options: " + (output.hasPrefix("error: ") ? String(output.dropFirst(7)) : output))
        }
      }
      // A layout that refuses the dataset (the timeline needs events with days) is given the
      // wrong data, not broken: the person picks another --dataset.
      let probe = Session(registry: registry)
      let kind = ConformanceDataset(kind: dataset, seed: seed, sections: sections)
      _ = probe.perform(kind.command(items: items))
      let setup = probe.perform("layout \(name) \(options)")
      if setup.failed, let output = setup.output, output.hasPrefix("error: layout '\(name)' failed to prepare:") {
        throw HostError(
          "conform: layout \(name) refuses the \(dataset) dataset (\(output.dropFirst(7))); give one it takes with --dataset (\(ConformanceDataset.kinds.joined(separator: ", ")))"
        )
      }
      let checker = ConformanceChecker(
        registry: registry, layoutName: name, options: options, loadCommand: loadCommand,
        dataset: ConformanceDataset(kind: dataset, seed: seed, sections: sections), items: items)
      var report = checker.run()
      try report.writeReproducers(to: reproducers)
      reports.append(report)
    }
    return reports
  }

  private func currentFolder() -> String {
    var buffer = [CChar](repeating: 0, count: 4096)
    guard getcwd(&buffer, buffer.count) != nil else { return "." }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
