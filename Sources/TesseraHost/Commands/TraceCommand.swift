/// `trace on|off`: print every host→plugin call.
struct TraceCommand: WorkbenchCommand {
  static let spec = CommandSpec(
    "trace", [CommandForm([], [setting.required], misfit: "trace takes on or off")],
    summary: "print every host→plugin call, in order, with its arguments",
    discussion:
      "The layout lifecycle made visible: context flags, rects, index paths, results. Each call prints as a 'trace:' line before the command's output; with format json the calls go into a \"calls\" array of the command's one JSON object.",
    examples: ["trace on"],
    run: .command(TraceCommand.self))

  static let setting = Argument("on|off", .choice(["on", "off"]))

  var isOn: Bool

  init(_ arguments: Arguments) throws(HostError) { isOn = try arguments.value(Self.setting) == "on" }

  func run(on state: WorkbenchState) throws(HostError) -> CommandResult {
    state.settings.tracing = isOn
    return .trace(isOn)
  }
}
