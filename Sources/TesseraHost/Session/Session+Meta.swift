extension Session {
  func helpCommand(_ args: [String]) throws(HostError) -> Reply {
    guard let word = args.first else {
      var table = TextTable([])
      for spec in Self.commands { table.add(["  " + spec.usage[0], spec.summary]) }
      let text =
        "Commands (a unique prefix is enough: 'vis' is 'visible'; 'help COMMAND' or 'help LAYOUT' for more):\n"
        + table.rendered.split(separator: "\n").joined(separator: "\n")
      return Reply(
        text: text,
        json: .object([
          (
            "commands",
            .array(
              Self.commands.map {
                .object([
                  ("name", .string($0.name)), ("usage", .array($0.usage.map { .string($0) })),
                  ("summary", .string($0.summary)),
                ])
              })
          )
        ]))
    }
    if let layoutClass = registry.layout(named: word), Self.commands.first(where: { $0.name == word }) == nil {
      return layoutHelp(layoutClass)
    }
    let spec: CommandSpec
    do {
      spec = try CommandLookup.find(word, in: Self.commands)
    } catch {
      let names = Self.commands.map(\.name) + registry.layouts.map(\.name)
      let near = CommandLookup.closest(to: word, among: names)
      let hint = near.isEmpty ? "" : " Did you mean '\(near[0])'?"
      throw HostError("no command or layout named '\(word)'.\(hint) Type 'help' for the list of commands.")
    }
    var text = spec.usage.map { "usage: \($0)" }.joined(separator: "\n") + "\n  \(spec.summary)"
    if !spec.discussion.isEmpty { text += "\n\n" + spec.discussion }
    if !spec.examples.isEmpty { text += "\n\nexamples:\n" + spec.examples.map { "  \($0)" }.joined(separator: "\n") }
    return Reply(
      text: text,
      json: .object([
        ("name", .string(spec.name)), ("usage", .array(spec.usage.map { .string($0) })),
        ("summary", .string(spec.summary)), ("discussion", .string(spec.discussion)),
        ("examples", .array(spec.examples.map { .string($0) })),
      ]))
  }

  func layoutHelp(_ layoutClass: LayoutClass) -> Reply {
    var text = "layout \(layoutClass.name): \(layoutClass.summary)\nusage: layout \(layoutClass.name) [key=value ...]"
    if !layoutClass.options.isEmpty {
      var table = TextTable(["option", "default", "allowed", "meaning"])
      for option in layoutClass.options {
        table.add([option.name, option.defaultText, option.type.placeholder, option.doc])
      }
      text += "\n" + table.rendered
    }
    let kinds = layoutClass.kinds.dropFirst().map(\.name)
    if !kinds.isEmpty { text += "\nelement kinds: " + kinds.joined(separator: ", ") }
    return Reply(
      text: text,
      json: .object([
        ("layout", .string(layoutClass.name)), ("summary", .string(layoutClass.summary)),
        (
          "options",
          .array(
            layoutClass.options.map {
              .object([
                ("name", .string($0.name)), ("default", .string($0.defaultText)),
                ("allowed", .string($0.type.placeholder)), ("doc", .string($0.doc)),
              ])
            })
        ),
        ("kinds", .array(kinds.map { .string($0) })),
      ]))
  }

  func formatCommand(_ args: [String]) throws(HostError) -> Reply {
    guard args.count == 1, let format = Format(rawValue: args[0]) else {
      throw HostError.usage("format takes 'table' or 'json'")
    }
    self.format = format
    return .confirm("format \(format.rawValue)", "format", .string(format.rawValue))
  }

  func runCommand(_ args: [String]) throws(HostError) -> Reply {
    guard args.count == 1 else { throw HostError.usage("run takes one file") }
    guard runDepth < 8 else { throw HostError("run: files nested more than 8 deep (does \(args[0]) run itself?)") }
    let path = resolve(args[0])
    let file = SessionFile.parse(try files.readText(path, shownAs: args[0]))
    if runDepth == 0 {
      runCommandsLeft = runCommandLimit
      runBudgetSpent = false
    }
    let batchWasOpen = pendingBatch != nil
    let savedBase = baseDirectory
    baseDirectory = TextFile.folder(of: path)
    runDepth += 1
    let savedIndent = transcriptIndent
    let indent = transcriptIndent  // this transcript's indent; the ones nested in it indent more
    transcriptIndent = "  "
    defer {
      baseDirectory = savedBase
      runDepth -= 1
      transcriptIndent = savedIndent
    }
    var lines: [String] = []
    var steps: [JSONOutput] = []
    for block in file.blocks {
      lines += block.comments
      guard let command = block.command else { continue }
      // Every command of every nested file counts against one budget, so files that run each
      // other many times over cannot run forever (each command would count as progress to the
      // watchdog).
      guard runCommandsLeft > 0 else {
        runBudgetSpent = true
        break
      }
      runCommandsLeft -= 1
      lines.append("> " + command)
      let output = execute(command)
      if let output { lines.append(output) }
      steps.append(.object([("command", .string(command)), ("output", .array(Self.jsonLines(output)))]))
      if wantsToQuit { break }
    }
    // What a file does ends with it: 'quit' stops only this file, and a batch it left open is
    // dropped rather than swallowing the commands typed next.
    if wantsToQuit {
      wantsToQuit = false
      lines.append("(quit: the rest of \(args[0]) is skipped)")
    }
    if pendingBatch != nil, !batchWasOpen {
      pendingBatch = nil
      lines.append("(\(args[0]) ended inside an open batch: its operations are dropped)")
    }
    if runDepth == 1, runBudgetSpent {
      throw HostError(
        "run \(args[0]): more than \(runCommandLimit) commands in one run, the most allowed (do the files run each other in a loop?); the session is as it was"
      )
    }
    // In format json the transcript is one object: each command with its output lines (JSON
    // objects as they are, anything else as a string).
    return Reply(
      text: lines.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false) }.map { indent + $0 }
        .joined(separator: "\n"),
      json: .object([("run", .string(args[0])), ("transcript", .array(steps))]))
  }

  static func jsonLines(_ output: String?) -> [JSONOutput] {
    guard let output else { return [] }
    return output.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      if line.first == "{", case .object = try? JSONParser.parse(String(line)).value { return .raw(String(line)) }
      return .string(String(line))
    }
  }

  func quitCommand(_ args: [String]) throws(HostError) -> Reply {
    guard args.isEmpty else { throw HostError.usage("quit takes no arguments") }
    requestQuit()
    return .silent
  }
}
