import TesseraHost
import Testing

@Suite struct CommandLanguageTests {
  @Test(arguments: [
    ("vis", "visible"), ("viewport", "viewport"), ("plugin", "plugin"), ("plugins", "plugins"), ("he", "help"),
  ])
  func uniquePrefixesAndExactNamesFindTheCommand(word: String, name: String) throws {
    #expect(try CommandLookup.find(word, in: Session.commands).name == name)
  }

  @Test(arguments: [
    ("vewport", "unknown command 'vewport'. Did you mean 'viewport'? Type 'help' for the list of commands."),
    ("pl", "ambiguous command 'pl': plugins, plugin"),
    ("zzzzzz", "unknown command 'zzzzzz'. Type 'help' for the list of commands."),
    // A long word is quoted by its first 60 characters (a 150 MB line once echoed whole).
    (
      String(repeating: "é", count: 100_000),
      "unknown command '\(String(repeating: "é", count: 60))… (200000 bytes)'. Type 'help' for the list of commands."
    ),
  ])
  func unknownWordsGetSuggestions(word: String, message: String) {
    #expect(throws: HostError(message)) { _ = try CommandLookup.find(word, in: Session.commands) }
  }

  /// `help` lists every form of every command, each on its own line, in one aligned column.
  @Test func helpListsEveryFormAligned() throws {
    let lines = try #require(Support.session().execute("help")).split(separator: "\n").dropFirst()
    let usages = Session.commands.flatMap(\.usage)
    #expect(lines.count == usages.count)
    let column = usages.map(\.count).max()! + 2 + 2  // the indent, the usage, the gap
    for (line, usage) in zip(lines, usages) {
      #expect(line == "  " + usage || line.hasPrefix("  " + usage + " "), "\(line)")
      if line.count > column { #expect(line.dropFirst(column).first != " ", "summary column: \(line)") }
    }
  }

  @Test func tokenizerKeepsQuotedSpaces() throws {
    #expect(try Tokenizer.words("load \"my data/a b.json\"  x") == ["load", "my data/a b.json", "x"])
    #expect(try Tokenizer.words("  ") == [])
  }

  /// A word quoted for a command line reads back as that one word (reproducers name plugin paths
  /// with spaces this way).
  @Test(arguments: ["plain", "../my plugins/lib.so", "tab\there", #"a"b\c"#, "", "  "])
  func quotedWordsReadBackWhole(word: String) throws {
    #expect(try Tokenizer.words("plugin load " + Tokenizer.quoted(word)) == ["plugin", "load", word])
  }

  @Test func completionComesFromTheCommandTableAndThePlugins() {
    let session = Support.session()
    #expect(Completer.candidates(for: "vi", session: session) == ["viewport", "visible"])
    #expect(Completer.candidates(for: "layout fl", session: session) == ["flow"])
    #expect(Completer.candidates(for: "layout flow item", session: session) == ["itemSize="])
    #expect(
      Completer.candidates(for: "layout flow scrollDirection=h", session: session) == ["scrollDirection=horizontal"])
    #expect(
      Completer.candidates(for: "gen ", session: session) == [
        "grid", "random", "tree", "photos", "blocks", "events", "labels", "bars",
      ])
    #expect(Completer.candidates(for: "gen random 10 se", session: session) == ["sections=", "seed="])
    #expect(Completer.candidates(for: "format j", session: session) == ["json"])
    #expect(Completer.commonPrefix(["sections=", "seed="]) == "se")
  }

  /// `plugin load` completes shared libraries and folders only; `load` every file.
  @Test func pluginLoadCompletesLibraries() throws {
    let folder = try IsolationTests.folder("complete-libraries")
    for name in ["liba.so", "notes.txt", "data.json"] {
      try "x".write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
    }
    _ = try Support.run("/bin/mkdir", [folder + "/sub"], in: "/")
    let session = Support.session()
    #expect(
      Completer.candidates(for: "plugin load \(folder)/", session: session) == ["\(folder)/liba.so", "\(folder)/sub/"])
    #expect(Completer.candidates(for: "load \(folder)/", session: session).count == 4)
  }

  @Test func invalidateSupplementaryCompletesTheLayoutsKinds() {
    let session = Support.session()
    #expect(Completer.candidates(for: "invalidate s", session: session) == ["supplementary", "size"])
    #expect(Completer.candidates(for: "invalidate supplementary ", session: session) == ["header", "footer"])
    #expect(Completer.candidates(for: "invalidate item ", session: session) == [])
    _ = session.execute("layout schematic")
    #expect(Completer.candidates(for: "invalidate supplementary c", session: session) == ["connector"])
  }

  @Test func insideABatchCompletionOffersOperations() {
    let session = Support.session()
    _ = session.execute("batch")
    #expect(Completer.candidates(for: "mo", session: session) == ["move", "move-section"])
    #expect(Completer.candidates(for: "c", session: session) == ["counts", "commit", "cancel"])
    _ = session.execute("cancel")
    #expect(Completer.candidates(for: "ba", session: session) == ["batch"])
  }

  @Test func completionListsPaths() {
    let session = Session(registry: PluginRegistry(), baseDirectory: Support.packageRoot)
    let data = Completer.candidates(for: "load sessions/da", session: session)
    #expect(data.contains("sessions/data/") && data.allSatisfy { $0.hasPrefix("sessions/da") && $0.hasSuffix("/") })
    #expect(
      Completer.candidates(for: "run sessions/flow/vert", session: session) == ["sessions/flow/vertical-grid.session"])
  }

  @Test func everyCommandHasUsageSummaryAndAnExample() {
    for spec in Session.commands {
      #expect(!spec.usage.isEmpty && !spec.summary.isEmpty && !spec.examples.isEmpty, "\(spec.name)")
      #expect(spec.usage.allSatisfy { $0.hasPrefix(spec.name) }, "\(spec.name)")
    }
  }

  @Test func numbersPrintExactlyAndShortest() {
    #expect(formatNumber(50) == "50")
    #expect(formatNumber(-0.0) == "0")
    #expect(formatNumber(22.5) == "22.5")
    #expect(formatNumber(0.1 + 0.2) == "0.30000000000000004")
    #expect(formatNumber(1e20) == "1e+20")
  }
}
