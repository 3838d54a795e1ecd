/// `run FILE`: the commands of a session file or script, with the transcript they print.
extension Session: LineRunner {
  public func runFile(named name: String) throws(HostError) -> CommandResult {
    guard runDepth < 8 else { throw HostError("run: files nested more than 8 deep (does \(name) run itself?)") }
    let path = state.resolve(name)
    let file = SessionFile.parse(try state.files.readText(path, shownAs: name))
    if runDepth == 0 {
      runCommandsLeft = runCommandLimit
      runBudgetSpent = false
    }
    let batchWasOpen = state.isCollectingBatch
    let savedBase = state.baseDirectory
    state.baseDirectory = TextFile.folder(of: path)
    runDepth += 1
    let savedIndent = transcriptIndent
    let indent = transcriptIndent  // this transcript's indent; the ones nested in it indent more
    transcriptIndent = "  "
    defer {
      state.baseDirectory = savedBase
      runDepth -= 1
      transcriptIndent = savedIndent
    }
    var lines: [String] = []
    var steps: [(command: String, output: String?)] = []
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
      // A restore replays what changed the session: a nested query is not asked again (it may
      // be what crashed a flaky plugin); its output is not shown during a replay anyway.
      if state.files.isReplaying, isQuery(command) {
        steps.append((command, nil))
        continue
      }
      let output = execute(command)
      if let output { lines.append(output) }
      steps.append((command, output))
      if wantsToQuit { break }
    }
    // What a file does ends with it: 'quit' stops only this file, and a batch it left open is
    // dropped rather than swallowing the commands typed next.
    if wantsToQuit {
      wantsToQuit = false
      lines.append("(quit: the rest of \(name) is skipped)")
    }
    if state.isCollectingBatch, !batchWasOpen {
      state.pendingBatch = nil
      lines.append("(\(name) ended inside an open batch: its operations are dropped)")
    }
    if runDepth == 1, runBudgetSpent {
      throw HostError(
        "run \(name): more than \(runCommandLimit) commands in one run, the most allowed (do the files run each other in a loop?); the session is as it was"
      )
    }
    return .transcript(RunTranscript(file: name, lines: lines, indent: indent, steps: steps))
  }
}
