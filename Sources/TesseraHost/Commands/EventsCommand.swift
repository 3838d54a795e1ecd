/// `events on|off`: report the display events a collection view's delegate would hear.
struct EventsCommand: WorkbenchCommand {
  static let spec = CommandSpec(
    "events", [CommandForm([], [setting.required], misfit: "events takes on or off")],
    summary: "report the views each command puts on and takes off the screen (willDisplay, didEndDisplaying)",
    discussion:
      "With events on, every command that changes what is on screen — a scroll, a viewport, a batch, new data, a layout, a self-sizing pass — is followed by the delegate calls UIKit makes for it: 'didEndDisplaying' for each view that left the visible bounds, then 'willDisplay' for each that entered them, cells first, then supplementary and decoration views (UIKit sends the supplementary calls for those too), each in index-path order. A view is known by what it shows (a cell by its item's id), so one that moves on screen hears nothing; new data ('gen', 'load') is reloadData: every view on screen ends, then the new ones appear. Hidden elements get no view. In JSON the calls go into a \"displayEvents\" array of the command's object. 'events on' takes what is on screen as the start and reports nothing for it. Each frame the clock runs ('step', 'drag') is a pass of its own: its calls come frame by frame, so a cell that crosses the screen during one step is displayed and ended.",
    examples: ["events on", "events off"],
    run: .command(EventsCommand.self))

  static let setting = Argument("on|off", .choice(["on", "off"]))

  var isOn: Bool

  init(_ arguments: Arguments) throws(HostError) { isOn = try arguments.value(Self.setting) == "on" }

  func run(on state: WorkbenchState) throws(HostError) -> CommandResult {
    state.settings.displayEvents = isOn
    state.memos.displayed = isOn ? try state.viewsOnScreen() : DisplayedViews()
    return .events(on: isOn, onScreen: state.memos.displayed.views.count)
  }
}
