import TesseraKit
import Testing

@testable import TesseraHost

/// Every command's words are read by its declaration: the form, the number of words, each
/// typed value, and the message when they do not fit.
@Suite struct CommandDeclarationTests {
  @Test(arguments: [
    // Words that do not fit a form: its message, then the usage from the same declaration.
    (
      "item",
      "error: item takes an index path, or a kind and an index path\nusage:\n  item at X Y\n  item S.I\n  item KIND S.I"
    ),
    (
      "item 0.0 0.1",
      "error: item takes an index path, or a kind and an index path\nusage:\n  item at X Y\n  item S.I\n  item KIND S.I"
    ),
    (
      "item 0.0 0.1 0.2",
      "error: item takes an index path, or a kind and an index path\nusage:\n  item at X Y\n  item S.I\n  item KIND S.I"
    ),
    ("dump 0 0 10", "error: dump takes no rect or a whole one\nusage: dump [X Y W H] [--all]"),
    ("scroll 1", "error: scroll takes the content offset X and Y, then 'animated'\nusage: scroll [X Y] [animated]"),
    ("size now", "error: size takes no arguments\nusage: size"),
    (
      "visible 0 0",
      "error: visible takes no arguments but --all (see 'dump X Y W H' for a rect)\nusage: visible [--all]"
    ),
    ("format xml", "error: format takes 'table' or 'json'\nusage: format table|json"),
    (
      "invalidate",
      "error: invalidate needs what to invalidate\nusage:\n  invalidate all\n  invalidate item S.I\n"
        + "  invalidate supplementary KIND S.I\n  invalidate decoration KIND S.I\n  invalidate size S.I WxH"
    ),
    (
      "selfsizing on 1 2",
      "error: selfsizing on takes at most a pass budget\nusage:\n  selfsizing on [BUDGET]\n  selfsizing off\n  selfsizing text off\n  selfsizing text [key=value ...]\n  selfsizing measure S.I\n  selfsizing fit both\n  selfsizing fit height\n  selfsizing fit aspect"
    ),
    ("gen grid", "error: gen grid needs a count\nusage: gen KIND [N] [key=value ...]"),
    ("layout flow 5", "error: expected key=value, got '5'\nusage: layout [NAME [key=value ...]] [animated]"),
    // Values that do not read: the type's message.
    ("item a.b", "error: invalid index path 'a.b': expected S.I (section.item), e.g. 0.3"),
    ("dump 0 0 x 10", "error: invalid number 'x' in rect: expected four finite numbers X Y W H"),
    ("viewport 3y4", "error: invalid viewport '3y4': expected WxH or WxH@SCALE, e.g. 390x844 or 390x844@3"),
    ("selfsizing on 0", "error: invalid pass budget '0': expected a whole number from 1 to 10000"),
    (
      "watchdog 0",
      "error: watchdog takes a number of seconds between 0.1 and 86400, not '0'\nusage: watchdog [SECONDS]"
    ),
    (
      "invalidate supplementary banner 0.0",
      "error: layout flow has no supplementary kind 'banner' (kinds: header, footer)"
    ),
    (
      "render x.svg 0 0 10",
      "error: render takes a file, then what to draw (a word, or a rect of four numbers X Y W H), then key=value options\nusage: render PATH [viewport|content|batch|transition|step|X Y W H] [key=value ...]"
    ),
    ("render x.svg 0 0 10 y", "error: invalid number 'y' in rect: expected four finite numbers X Y W H"),
  ])
  func wordsThatDoNotFitAreRefusedByTheDeclaration(line: String, message: String) {
    let session = Support.session()
    _ = session.execute("gen grid 3")
    #expect(session.execute(line) == message)
  }

  /// Handlers see the workbench state only; `run`, which runs lines itself, is the one command
  /// that needs the session.
  @Test func onlyRunDrivesTheSession() {
    let drivers = Session.commands.filter {
      if case .lines = $0.handler { return true } else { return false }
    }
    #expect(drivers.map(\.name) == ["run"])
  }

  /// A command reads its arguments back by the declarations its forms use: every example of
  /// every command reads into its type (an argument read but not declared would fail here as an
  /// internal error), and every form has an example.
  @Test func everyExampleReadsIntoItsCommandType() throws {
    let session = Support.session()
    var formsSeen = Set<String>()
    for spec in Session.commands {
      for example in spec.examples {
        let words = try Tokenizer.words(example)
        // No layout: a kind an example names (a decoration of another layout) reads as a word.
        let context = ParseContext(registry: session.registry, layout: nil, sectionCount: 3)
        let arguments = try CommandParser.parse(spec, Array(words.dropFirst()), context: context)
        if case .workbench(let command) = spec.handler {
          #expect(throws: Never.self, "\(example)") { _ = try command.init(arguments) }
        }
        formsSeen.insert(spec.name + " " + spec.forms[arguments.form].usage(spec.name))
      }
    }
    let everyForm = Session.commands.flatMap { spec in spec.forms.map { spec.name + " " + $0.usage(spec.name) } }
    #expect(Set(everyForm).subtracting(formsSeen).sorted() == [])
  }

  /// What an engine restore skips: each command declares whether it only reads the session.
  @Test func queriesAreDeclaredByTheirCommands() {
    func named(_ reads: CommandSpec.Reads) -> [String] {
      Session.commands.filter {
        switch ($0.reads, reads) {
        case (.never, .never), (.always, .always), (.withoutArguments, .withoutArguments): true
        default: false
        }
      }.map(\.name).sorted()
    }
    #expect(named(.always) == ["data", "dump", "element", "help", "item", "plugins", "render", "size", "visible"])
    #expect(named(.withoutArguments) == ["layout", "scroll", "stats", "step", "viewport", "watchdog"])
    #expect(QueryCommands.isQuery(["viewport"], in: Session.commands))
    #expect(!QueryCommands.isQuery(["viewport", "100x100"], in: Session.commands))
    #expect(
      QueryCommands.isQuery(["vis"], in: Session.commands) && !QueryCommands.isQuery(["gen"], in: Session.commands))
  }

  @Test func usageLinesComeFromTheForms() throws {
    func usage(_ name: String) throws -> [String] { try CommandLookup.find(name, in: Session.commands).usage }
    #expect(try usage("layout") == ["layout [NAME [key=value ...]] [animated]"])
    #expect(try usage("gen") == ["gen KIND [N] [key=value ...]"])
    #expect(try usage("dump") == ["dump [X Y W H] [--all]"])
    #expect(try usage("plugin") == ["plugin load PATH", "plugin reload NAME"])
    #expect(try usage("render") == ["render PATH [viewport|content|batch|transition|step|X Y W H] [key=value ...]"])
  }

  @Test func completionFollowsTheDeclaration() {
    let session = Support.session()
    #expect(Completer.candidates(for: "dump ", session: session) == ["--all"])
    #expect(Completer.candidates(for: "stats ", session: session) == ["reset"])
    #expect(
      Completer.candidates(for: "render x.svg ", session: session) == [
        "viewport", "content", "batch", "transition", "step",
      ])
    #expect(Completer.candidates(for: "render x.svg content la", session: session) == ["labels="])
    #expect(
      Completer.candidates(for: "render x.svg content labels=o", session: session) == ["labels=on", "labels=off"])
    #expect(Completer.candidates(for: "gen tree de", session: session) == ["depth="])
    // The clock: step's amounts, a drag's finger and frames, scroll's flag.
    #expect(Completer.candidates(for: "step ", session: session) == ["frames=", "rest"])
    #expect(Completer.candidates(for: "drag 0 -100 ", session: session) == ["at"])
    #expect(Completer.candidates(for: "drag 0 -100 at 195 700 ", session: session) == ["frames="])
    #expect(Completer.candidates(for: "scroll 0 600 ", session: session) == ["animated"])
    // After `plugin reload`, the loaded plugins' names.
    #expect(
      Completer.candidates(for: "plugin reload ", session: session).sorted()
        == session.registry.libraries.map(\.name).sorted())
    #expect(Completer.candidates(for: "plugin reload wa", session: session) == ["waterfall"])
  }
}
