/// `format`, `trace`, `stats`, `watchdog`, `quit`: how the session runs and prints.
extension WorkbenchState {
  func formatCommand(_ args: Arguments) throws(HostError) -> CommandResult {
    guard let format = Format(rawValue: try args.word("table|json")) else {
      throw HostError.usage("format takes 'table' or 'json'")
    }
    settings.format = format
    return .format(format)
  }

  func traceCommand(_ args: Arguments) throws(HostError) -> CommandResult {
    settings.tracing = try args.word("on|off") == "on"
    return .trace(settings.tracing)
  }

  func statsCommand(_ args: Arguments) throws(HostError) -> CommandResult {
    let layout = try currentLayout()
    if args.subcommand == ["reset"] {
      layout.stats = PluginCallStats()
      return .statsReset
    }
    return .stats(StatsReport(layout: layout.layoutClass.name, stats: layout.stats))
  }

  func watchdogCommand(_ args: Arguments) throws(HostError) -> CommandResult {
    if args.has("SECONDS") { settings.watchdogSeconds = try args.number("SECONDS") }
    return .watchdog(seconds: watchdogSeconds)
  }

  func quitCommand(_ args: Arguments) throws(HostError) -> CommandResult {
    .quit
  }
}
