/// The command language (docs/design.md, "The command language"): every command, in the order of
/// `help` and of the README's reference. Each is declared once, in its own type
/// (`Sources/TesseraHost/Commands/`, `help` in this folder).
enum CommandTable {
  static let all: [CommandSpec] = [
    HelpCommand.spec,
    PluginsCommand.spec,
    PluginCommand.spec,
    LayoutCommand.spec,
    ZoomCommand.spec,
    TransitionCommand.spec,
    LoadCommand.spec,
    GenCommand.spec,
    DataCommand.spec,
    ViewportCommand.spec,
    ScrollCommand.spec,
    DragCommand.spec,
    FlingCommand.spec,
    StepCommand.spec,
    VisibleCommand.spec,
    DumpCommand.spec,
    ItemCommand.spec,
    ElementCommand.spec,
    EventsCommand.spec,
    SizeCommand.spec,
    RenderCommand.spec,
    BatchCommand.spec,
    ApplyCommand.spec,
    InvalidateCommand.spec,
    SelfSizingCommand.spec,
    TraceCommand.spec,
    StatsCommand.spec,
    FormatCommand.spec,
    RunCommand.spec,
    WatchdogCommand.spec,
    CheckpointCommand.spec,
    QuitCommand.spec,
  ]
}
