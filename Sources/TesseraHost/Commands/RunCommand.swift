/// `run FILE`: the commands of a session file or script, and their transcript. The one command
/// that runs lines itself, so the session (a `LineRunner`) runs it, not the workbench.
enum RunCommand {
  static let file = Argument<FilePath>("FILE")

  static let spec = CommandSpec(
    "run", [CommandForm([], [file.required], misfit: "run takes one file")],
    summary: "run the commands of a session file or script, printing the transcript",
    discussion:
      "In a session file the commands are the lines starting with '> '; otherwise every line that is not blank or a # comment is one. Relative paths inside resolve against the file's folder. The transcript is indented two spaces, so it cannot be read as commands when it sits in a session file; 'tessera run FILE' prints it unindented, ready to become one. What a file does ends with it: 'quit' skips the rest of that file only, and a batch it leaves open is dropped. One run runs at most 100000 commands, counting those of the files it runs.",
    examples: ["run sessions/flow/vertical-grid.session"],
    run: .lines { runner, arguments throws(HostError) in
      try runner.runFile(named: arguments.value(file).path)
    })
}
