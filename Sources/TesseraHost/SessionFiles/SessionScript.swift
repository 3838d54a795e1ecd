/// `tessera run`: a session file or plain script replayed command by command, its transcript
/// printed as each command completes (comments, `> command`, output), so it can become a
/// session file.
public enum SessionScript {
  /// The file's text; errors name the path as given.
  public static func read(_ path: String) throws(HostError) -> String {
    try TextFile.read(path, shownAs: path)
  }

  /// The folder a file's relative paths resolve against.
  public static func folder(of path: String) -> String {
    TextFile.folder(of: path)
  }

  public static func isFolder(_ path: String) -> Bool {
    Directory.isFolder(path)
  }

  /// A folder as is; a file's folder.
  public static func folder(containing path: String) -> String {
    Directory.isFolder(path) ? path : TextFile.folder(of: path)
  }

  /// The real paths of the current folder and `folders` (for the restricted file policy).
  public static func readableRoots(_ folders: [String]) -> [String] {
    realPaths(["."] + folders)
  }

  /// The real paths of `folders`, each once (where `check` may read and rewrite session files).
  public static func realPaths(_ folders: [String]) -> [String] {
    var roots: [String] = []
    for folder in folders {
      if let real = FileAccess.realPath(folder), !roots.contains(real) { roots.append(real) }
    }
    return roots
  }

  /// Replays `text` on `runner`, printing the transcript line by line. Returns false when a
  /// command failed (stopping there when `stopAtFailure`).
  public static func replay(
    _ text: String, on runner: CommandRunner, stopAtFailure: Bool, print: (String) -> Void
  ) -> Bool {
    var ok = true
    for block in SessionFile.parse(text).blocks {
      // The echo is escaped like output: a control character in a file must not reach the
      // terminal raw (a NUL would also cut the line short).
      for comment in block.comments { print(comment.escapingControls) }
      guard let command = block.command else { continue }
      print("> " + command.escapingControls)
      let outcome = runner.perform(command)
      if let output = outcome.output { print(output) }
      if outcome.failed {
        ok = false
        if stopAtFailure { break }
      }
      if runner.wantsToQuit { break }
    }
    return ok
  }
}
