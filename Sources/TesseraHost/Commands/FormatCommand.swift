/// `format table|json`: how results are printed.
struct FormatCommand: WorkbenchCommand {
  static let spec = CommandSpec(
    "format",
    [
      CommandForm(
        [], [format.required], misfit: "format takes 'table' or 'json'")
    ], summary: "how results are printed",
    discussion:
      "With json every command prints exactly one line holding one JSON object; failures print {\"error\": \"message\", \"kind\": \"KIND\"}, the kind one of usage (typed wrong), refused, pluginBug (an answer the host refuses, a crash, a hang), limit or io.",
    examples: ["format json"],
    run: .command(FormatCommand.self))

  static let format = Argument("table|json", .choice(["table", "json"]))

  var format: WorkbenchState.Format

  init(_ arguments: Arguments) throws(HostError) {
    guard let format = WorkbenchState.Format(rawValue: try arguments.value(Self.format)) else {
      throw HostError.usage("format takes 'table' or 'json'")
    }
    self.format = format
  }

  func run(on state: WorkbenchState) throws(HostError) -> CommandResult {
    state.settings.format = format
    return .format(format)
  }
}
