/// One command of the language (docs/design.md, "The command language"), declared once as data: its
/// forms and their typed arguments. Parsing, usage errors, tab completion, `help` and the README's
/// command reference all come from this declaration.
public struct CommandSpec: Sendable {
  public var name: String
  var forms: [CommandForm]
  public var summary: String
  public var discussion: String
  public var examples: [String]
  /// The message when no form's fixed words start the line (commands made only of
  /// subcommands), given the first word if there is one.
  var unknownSubcommand: (@Sendable (String?) -> String)?
  /// Whether the command only reads the session: a restore after an engine failure replays only
  /// the lines that changed it (a query changes nothing to restore, may write a file — `render`
  /// — that must not be written again, and may be what crashed a flaky plugin).
  var reads: Reads = .never
  let handler: Handler

  enum Reads: Sendable {
    /// It changes the session.
    case never
    /// It never changes the session.
    case always
    /// It only shows a setting when given no argument (`viewport`, `layout`).
    case withoutArguments
  }

  /// What runs a command once its arguments are read.
  enum Handler: Sendable {
    /// Almost every command: its type reads the arguments, then runs on the workbench state.
    case workbench(any WorkbenchCommand.Type)
    /// `run FILE`, which runs lines itself, so it needs what runs them (the session).
    case lines(@Sendable (any LineRunner, Arguments) throws(HostError) -> CommandResult)

    /// A command type's.
    static func command(_ type: any WorkbenchCommand.Type) -> Handler { .workbench(type) }
  }

  init(
    _ name: String, _ forms: [CommandForm], summary: String, discussion: String = "", examples: [String],
    unknownSubcommand: (@Sendable (String?) -> String)? = nil, reads: Reads = .never, run handler: Handler
  ) {
    self.name = name
    self.forms = forms
    self.summary = summary
    self.discussion = discussion
    self.examples = examples
    self.unknownSubcommand = unknownSubcommand
    self.reads = reads
    self.handler = handler
  }

  /// What `help` shows of it.
  public var help: CommandHelp {
    CommandHelp(name: name, usage: usage, summary: summary, discussion: discussion, examples: examples)
  }

  /// One line per form, e.g. `viewport [WxH]`.
  public var usage: [String] { forms.map { $0.usage(name) } }

  /// The usage lines as an error tail: `usage: viewport WxH`.
  public var usageText: String {
    let usage = usage
    return usage.count == 1 ? "usage: \(usage[0])" : "usage:\n" + usage.map { "  \($0)" }.joined(separator: "\n")
  }
}

/// A command of the language, in one type: its declaration (`spec`: forms, help, examples), its
/// arguments as typed properties read from the parsed words (`init`), and what it does with the
/// workbench's domain operations (`run`).
protocol WorkbenchCommand: Sendable {
  static var spec: CommandSpec { get }
  init(_ arguments: Arguments) throws(HostError)
  func run(on state: WorkbenchState) throws(HostError) -> CommandResult
}

/// What runs lines of commands (the session): `run FILE` hands its file to it.
public protocol LineRunner: AnyObject {
  /// `run FILE`: the file's commands, run line after line, and their transcript.
  func runFile(named name: String) throws(HostError) -> CommandResult
}
