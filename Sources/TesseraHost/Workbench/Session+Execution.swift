/// Running one line: words → command → typed arguments → its run → result → the chosen format.
extension Session {
  /// What running one line gave: the text to print (nil for blank lines, comments and quit)
  /// and whether the command failed.
  public struct Outcome: Sendable, Equatable {
    public var output: String?
    public var failed: Bool

    public init(output: String?, failed: Bool) {
      self.output = output
      self.failed = failed
    }
  }

  /// Runs one line and returns what to print (nil for blank lines and comments).
  public func execute(_ line: String) -> String? {
    perform(line).output
  }

  /// Runs one line: what to print, and whether it failed.
  public func perform(_ line: String) -> Outcome {
    let trimmed = line.trimmingLeadingAndTrailingWhitespace
    if trimmed.isEmpty || trimmed.hasPrefix("#") { return Outcome(output: nil, failed: false) }
    PluginCallMarker.observer?.beginCommand()
    traceLines = []
    displayEvents = []
    state.frameDisplayEvents = []
    var text: String?  // the table form
    var json: JSONOutput?  // the JSON form
    var failed = false
    do {
      let result = try traced { () throws(HostError) in try run(trimmed) }
      // Only the form printed is built.
      if format == .json {
        json = JSONFormatter.format(result)
      } else {
        text = TableFormatter.format(result)
      }
    } catch {
      failed = true
      if format == .json {
        json = .object([("error", .string(error.message)), ("kind", .string(error.kind.rawValue))])
      } else {
        text = "error: \(error.message)"
      }
    }
    state.forgetOutdatedBatch()
    var lines: [String] = []
    if !traceLines.isEmpty {
      if format == .json, text == nil {
        // One line, one object: the calls go in a "calls" member before the result's.
        let trace = ("calls", JSONOutput.array(traceLines.map { .string($0) }))
        if case .object(let members) = json { json = .object([trace] + members) } else { json = .object([trace]) }
      } else {
        lines = traceLines.map { "trace: \($0)" }
      }
    }
    if !displayEvents.isEmpty, !failed {
      if format == .json, case .object(let members) = json {
        json = .object(members + [("displayEvents", DisplayEventsOutput.json(displayEvents))])
      } else if let shown = text {
        text = ([shown] + DisplayEventsOutput.lines(displayEvents)).joined(separator: "\n")
      }
    }
    if let json { lines.append(json.serialized) }
    if let text { lines.append(text) }
    // Control characters from input or datasets never reach the terminal raw.
    return Outcome(output: lines.isEmpty ? nil : lines.joined(separator: "\n").escapingControls, failed: failed)
  }

  /// Runs `body` with the current layout (and any it switches to) reporting its calls.
  private func traced(_ body: () throws(HostError) -> CommandResult) throws(HostError) -> CommandResult {
    guard state.settings.tracing || layout?.tracer != nil else { return try body() }
    let attach = { (instance: LayoutInstance?) in
      instance?.tracer = self.state.settings.tracing ? { [weak self] line in self?.traceLines.append(line) } : nil
    }
    attach(layout)
    // Layouts the command creates report from their first call.
    state.tracer = state.settings.tracing ? { [weak self] line in self?.traceLines.append(line) } : nil
    defer {
      attach(layout)
      state.tracer = nil
    }
    return try body()
  }

  /// Runs one line, throwing its error instead of formatting it.
  public func run(_ line: String) throws(HostError) -> CommandResult {
    let words = try Tokenizer.words(line)
    guard let first = words.first else { return .silent }
    // Every command runs in one atomic scope, whatever it calls: a failure anywhere in it (a
    // check after the pass, the report) leaves the session as it was. A nested line (`run FILE`)
    // is a scope of its own.
    let enclosing = state.atomicDepth
    state.atomicDepth = 0
    defer { state.atomicDepth = enclosing }
    if state.isCollectingBatch {
      return try state.atomically { () throws(HostError) in
        let result = try state.batchLine(words) { word in Self.commands.contains { $0.name == word } }
        displayEvents = try state.displayEvents(reloaded: false)
        return result
      }
    }
    let spec: CommandSpec
    do throws(HostError) {
      spec = try CommandLookup.find(first, in: Self.commands)
    } catch {
      throw HostError(.usage, error.message)  // a command word nothing is named
    }
    do throws(HostError) {
      let result = try state.atomically { () throws(HostError) -> CommandResult in
        let arguments: Arguments
        do throws(HostError) {
          arguments = try CommandParser.parse(spec, Array(words.dropFirst()), context: parseContext)
        } catch {
          // Words that do not read as the command's arguments: the command was typed wrong.
          var typedWrong = error
          typedWrong.kind = .usage
          throw typedWrong
        }
        let result: CommandResult
        switch spec.handler {
        case .workbench(let command): result = try command.init(arguments).run(on: state)
        case .lines(let handler): result = try handler(self, arguments)
        }
        // What entered and left the screen, reported after the command (nothing when events are
        // off); new data is reloadData.
        let reloaded: Bool = if case .datasetMade = result { true } else { false }
        displayEvents = try state.displayEvents(reloaded: reloaded)
        // A picture is drawn and written here, so a failure to write is the command's failure.
        if case .picture(let request) = result { return .pictureWritten(try writePicture(request)) }
        return result
      }
      if case .quit = result { wantsToQuit = true }
      return result
    } catch {
      guard error.wantsUsage else { throw error }
      throw HostError(.usage, error.message + "\n" + spec.usageText)
    }
  }

  /// What reading arguments may look at.
  var parseContext: ParseContext { state.parseContext }

  /// Draws a picture and writes it (or keeps it to print, for path "-").
  func writePicture(_ request: PictureRequest) throws(HostError) -> PictureWritten {
    let picture = SVGFormatter.draw(request)
    var written = PictureWritten(
      path: request.path, svg: nil, elements: picture.elementCount, overlaps: picture.overlapCount,
      isOverview: picture.isOverview)
    if request.path == "-" {
      written.svg = picture.svg
    } else {
      try state.files.writeText(state.resolve(request.path), shownAs: request.path, picture.svg)
    }
    return written
  }
}
