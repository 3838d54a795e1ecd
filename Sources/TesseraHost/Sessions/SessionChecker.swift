#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// `tessera check`: replays each session file in a fresh session and compares the transcript.
public struct SessionChecker {
  public enum Outcome: Equatable, Sendable {
    case passed
    /// The first mismatching command (1-based line) and a unified diff.
    case failed(line: Int, diff: String)
    case updated
  }

  /// Makes a fresh session whose relative paths resolve against the given folder.
  let makeSession: (String) -> Session

  public init(makeSession: @escaping (String) -> Session) {
    self.makeSession = makeSession
  }

  /// Runs every command of `path`. Without `update`, stops at the first command whose output
  /// differs and returns the diff of that block; with it, rewrites the file's expected output.
  public func check(path: String, update: Bool) throws(HostError) -> Outcome {
    let text = try TextFile.read(path, shownAs: path)
    let file = SessionFile.parse(text)
    let session = makeSession(TextFile.folder(of: path))
    var outputs: [Int: [String]] = [:]
    for (index, block) in file.blocks.enumerated() {
      guard let command = block.command else { continue }
      let actual = Self.lines(session.execute(command))
      outputs[index] = actual
      if !update, actual != block.expected {
        let diff = UnifiedDiff.diff(
          file.rendered(), file.rendered(replacing: [index: actual]), oldName: "\(path) (expected)",
          newName: "\(path) (actual)")
        return .failed(line: block.line, diff: diff)
      }
      if session.wantsToQuit { break }
    }
    if update {
      let rewritten = file.rendered(replacing: outputs)
      if rewritten == text { return .passed }
      try TextFile.write(rewritten, to: path)
      return .updated
    }
    return .passed
  }

  static func lines(_ output: String?) -> [String] {
    guard let output else { return [] }
    return output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  /// `*.session` files under each path (a file is taken as is), sorted, so runs are stable.
  public static func sessionFiles(in paths: [String]) throws(HostError) -> [String] {
    var files: [String] = []
    for path in paths {
      guard access(path, F_OK) == 0 else { throw HostError("no such file or folder: \(path)") }
      if Directory.isFolder(path) {
        files += walk(path.hasSuffix("/") ? String(path.dropLast()) : path)
      } else {
        files.append(path)
      }
    }
    return files
  }

  private static func walk(_ folder: String) -> [String] {
    Directory.entries(of: folder).flatMap { name -> [String] in
      let path = folder + "/" + name
      if Directory.isFolder(path) { return walk(path) }
      return name.hasSuffix(".session") ? [path] : []
    }
  }
}
