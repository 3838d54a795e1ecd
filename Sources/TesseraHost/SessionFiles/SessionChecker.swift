import TesseraKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// `tessera check`: replays each session file in a fresh session and compares the transcript.
public struct SessionChecker {
  public enum Outcome: Equatable, Sendable {
    case passed
    /// The first mismatching command (1-based line) and a unified diff; with a pictures folder
    /// and a mismatch in attribute output, the picture of the difference written there (or why
    /// it could not be).
    case failed(line: Int, diff: String, picture: String? = nil)
    /// The file cannot be checked as it is (a `quit` that would skip the rest).
    case refused(line: Int, reason: String)
    case updated
    /// A person pressed Ctrl-C at this command: nothing is written, and the check stops.
    case interrupted(line: Int)
  }

  /// Makes a fresh session (in-process or supervised) whose relative paths resolve against the
  /// given folder.
  let makeRunner: (String) throws(HostError) -> CommandRunner
  /// The real paths of the folders being checked, when the files are not trusted: a session
  /// file (a symbolic link resolved) is read and rewritten only under one of them.
  let roots: [String]?

  public init(roots: [String]? = nil, makeRunner: @escaping (String) throws(HostError) -> CommandRunner) {
    self.roots = roots
    self.makeRunner = makeRunner
  }

  /// Runs every command of `path`. Without `update`, stops at the first command whose output
  /// differs and returns the diff of that block; with it, rewrites the file's expected output
  /// (atomically: a temporary file beside it, renamed over it only once fully written).
  public func check(path: String, update: Bool, pictures: String? = nil) throws(HostError) -> Outcome {
    let real = try SessionFileAccess.resolve(path, under: roots)
    if update { try SessionFileAccess.checkWritable(real, shownAs: path) }
    let text = try TextFile.read(real, shownAs: path, followingLinks: roots == nil)
    let file = SessionFile.parse(text)
    let runner = try makeRunner(TextFile.folder(of: path))
    var outputs: [Int: [String]] = [:]
    var mismatch: (line: Int, diff: String)?
    for (index, block) in file.blocks.enumerated() {
      guard let command = block.command else { continue }
      let actual = Self.lines(runner.perform(command).output)
      // An interrupted command's output is the interruption, not the layout's: never stored.
      if runner.wasInterrupted { return .interrupted(line: block.line) }
      if update, let bad = actual.first(where: { $0.hasPrefix("> ") || $0 == ">" || $0.hasPrefix("#") }) {
        return .refused(
          line: block.line,
          reason:
            "the output has a line a session file would read as a command or a comment, so it cannot be stored: \(String(bad.prefix(80)).escapingAllControls)"
        )
      }
      if runner.wantsToQuit {
        // Past a mismatch (looking for one to draw), the mismatch is what matters.
        if let mismatch { return .failed(line: mismatch.line, diff: mismatch.diff) }
        return .refused(
          line: block.line,
          reason:
            "'quit' ends the session here and would skip the rest of the file; under check every command runs (remove it)"
        )
      }
      outputs[index] = actual
      if !update, actual != block.expected {
        if mismatch == nil {
          // Diffed with plain newlines (a CRLF file's lines would not split), no byte-order
          // mark, and printed with control characters escaped.
          var plain = file
          plain.lineEnding = "\n"
          plain.byteOrderMark = false
          let diff = UnifiedDiff.diff(
            plain.rendered(), plain.rendered(replacing: [index: actual]), oldName: "\(path) (expected)",
            newName: "\(path) (actual)")
          // Outputs that differ only in spacing (a table typed by hand): say so, and how to fix it.
          let spaced = { (lines: [String]) in lines.map { $0.split(separator: " ").joined(separator: " ") } }
          let note =
            spaced(block.expected) == spaced(actual)
            ? "\n(only the spacing differs: `tessera check --update \(path)` rewrites the expected output)" : ""
          mismatch = (block.line, diff.escapingControls + note)
        }
        // With a pictures folder, the first mismatch in attribute output is drawn, even when an
        // earlier line (the echo of a changed option) differed first.
        if let pictures, let first = mismatch {
          let drawn: String?
          do {
            drawn = try Self.drawDifference(
              expected: block.expected, actual: actual, title: "\(path):\(block.line): > \(command)",
              to: pictures + "/" + Self.pictureName(path))
          } catch {
            drawn = "none (\(error.message))"
          }
          if let drawn { return .failed(line: first.line, diff: first.diff, picture: drawn) }
        }
        if pictures == nil { break }
      }
    }
    if let mismatch { return .failed(line: mismatch.line, diff: mismatch.diff) }
    if update {
      TextFile.removeStaleTemporaries(of: path)
      let rewritten = file.rendered(replacing: outputs)
      if rewritten == text { return .passed }
      try TextFile.replaceAtomically(real, with: rewritten, shownAs: path, expecting: text, resolved: true)
      return .updated
    }
    return .passed
  }

  /// When both outputs list attributes (a table or a JSON line), writes a picture of the
  /// expected frames (green) over the actual ones (red) to `file` and returns its path; nil when
  /// the mismatch is not in attribute output.
  static func drawDifference(expected: [String], actual: [String], title: String, to file: String)
    throws(HostError) -> String?
  {
    func elements(_ lines: [String]) -> [Element]? {
      let body = lines.filter { !$0.hasPrefix("trace: ") }
      if body.count == 1, let read = AttributeTableReader.elements(fromJSON: body[0]) { return read }
      return AttributeTableReader.elements(fromTable: body)
    }
    guard let new = elements(actual) else { return nil }
    guard let old = elements(expected) else {
      // The layout answered with attributes, but the file expects something this cannot read.
      let body = expected.filter { !$0.hasPrefix("trace: ") }
      let why = AttributeTableReader.whyUnreadable(body).map { ": \($0)" } ?? ""
      throw HostError("the expected output is not an attribute table\(why)")
    }
    // At most `RenderOptions.longestSide` pixels on the longer side, as `render` draws.
    let area = (old + new).map(\.frame).reduce(nil) { (union: Rect?, frame) in union?.union(frame) ?? frame }
    var options = RenderOptions.fitted(area ?? .zero)
    options.title = title
    let picture = DiffPicture.draw(expected: old, actual: new, title: title, options: options)
    try FileAccess().writeText(file, shownAs: file, picture.svg)
    return file
  }

  /// `sessions__flow__vertical-grid.svg` for `sessions/flow/vertical-grid.session`: the path as
  /// given, its folders joined by `__` (`..` as `up`), so files of different folders do not
  /// collide.
  static func pictureName(_ path: String) -> String {
    let parts = path.split(separator: "/").filter { $0 != "." }.map { $0 == ".." ? "up" : String($0) }
    var name = parts.joined(separator: "__")
    if name.hasSuffix(".session") { name.removeLast(".session".count) }
    return (name.isEmpty ? "session" : name) + ".svg"
  }

  static func lines(_ output: String?) -> [String] {
    guard let output else { return [] }
    return output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  /// What `sessionFiles` found: the files to check, sorted, and notes on what was skipped.
  public struct Found: Sendable {
    public var files: [String] = []
    public var notes: [String] = []
  }

  /// `*.session` files under each path (a file is taken as is). Symbolic links to folders are
  /// followed once: a folder reached again (a loop, or two links to one folder) is skipped with
  /// a note, and so are `*.session` entries that are not regular files (a FIFO would hang).
  public static func sessionFiles(in paths: [String]) throws(HostError) -> Found {
    var found = Found()
    var seen = Set<FileIdentity>()
    for path in paths {
      guard access(path, F_OK) == 0 else { throw HostError("no such file or folder: \(path)") }
      if Directory.isFolder(path) {
        walk(path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path, &found, &seen)
      } else if FileIdentity.isRegularFile(path) {
        found.files.append(path)
      } else {
        found.notes.append("skipped \(path): not a regular file")
      }
    }
    return found
  }

  private static func walk(_ folder: String, _ found: inout Found, _ seen: inout Set<FileIdentity>) {
    guard let identity = FileIdentity(folder) else { return }
    guard seen.insert(identity).inserted else {
      found.notes.append("skipped \(folder): a folder already searched (a link loop?)")
      return
    }
    for name in Directory.entries(of: folder) {
      let path = folder + "/" + name
      if Directory.isFolder(path) {
        walk(path, &found, &seen)
      } else if name.hasSuffix(".session") {
        if FileIdentity.isRegularFile(path) {
          found.files.append(path)
        } else {
          found.notes.append("skipped \(path): not a regular file")
        }
      }
    }
  }
}

/// A file's device and inode: the same folder reached through two paths is one identity.
struct FileIdentity: Hashable {
  var device: UInt64
  var inode: UInt64

  init?(_ path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
  }

  static func isRegularFile(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
  }
}
