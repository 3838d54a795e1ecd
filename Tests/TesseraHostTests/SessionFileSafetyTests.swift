import Foundation
import TesseraHost
import Testing

/// `check` reads and rewrites session files only where they really are under the folders being
/// checked, never replaces a file edited while it ran, and says when a golden is read-only.
@Suite struct SessionFileSafetyTests {
  /// A fresh folder with `outside/` (a file that must stay private) and `checked/`.
  static func folders() throws -> (root: String, checked: String, outside: String) {
    let root = NSTemporaryDirectory() + "tessera-safety-\(UUID().uuidString)"
    let checked = root + "/checked"
    let outside = root + "/outside"
    for folder in [checked, outside] {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
    return (root, checked, outside)
  }

  static func tessera(_ arguments: [String], in folder: String) throws -> (Int32, String) {
    try Support.run(Support.buildFolder + "/tessera", arguments, in: folder)
  }

  @Test func aLinkOutOfTheCheckedFolderIsNeitherPrintedNorRewritten() throws {
    let (root, checked, outside) = try Self.folders()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let secret = "> size\nAWS_SECRET=do-not-print-me\n"
    try secret.write(toFile: outside + "/credentials.session", atomically: true, encoding: .utf8)
    try FileManager.default.createSymbolicLink(
      atPath: checked + "/innocent.session", withDestinationPath: outside + "/credentials.session")
    let real = FileManager.default.destinationOfSymbolicLinkSafe(outside + "/credentials.session")
    for update in [false, true] {
      let (status, output) = try Self.tessera(["check"] + (update ? ["--update"] : []) + ["checked"], in: root)
      #expect(status == 1)
      #expect(!output.contains("do-not-print-me"))
      #expect(
        output.contains(
          "FAIL checked/innocent.session: refused: checked/innocent.session leads to \(real), outside the folders being checked (\(FileManager.default.destinationOfSymbolicLinkSafe(checked))); nothing was read or written: run with --trust to follow it"
        ), "\(output)")
      #expect(try String(contentsOfFile: outside + "/credentials.session", encoding: .utf8) == secret)
    }
    // Trusted, the link is followed as before.
    let (status, output) = try Self.tessera(["check", "--trust", "checked"], in: root)
    #expect(status == 1)
    #expect(output.contains("-AWS_SECRET=do-not-print-me"))
  }

  @Test func aLinkInsideTheCheckedFolderIsFollowed() throws {
    let (root, checked, _) = try Self.folders()
    defer { try? FileManager.default.removeItem(atPath: root) }
    try FileManager.default.createDirectory(atPath: checked + "/real", withIntermediateDirectories: true)
    try "> gen grid 2\ngenerated 2 items in 1 section\n".write(
      toFile: checked + "/real/grid.session", atomically: true, encoding: .utf8)
    try FileManager.default.createSymbolicLink(
      atPath: checked + "/alias.session", withDestinationPath: "real/grid.session")
    let (status, output) = try Self.tessera(["check", "checked"], in: root)
    #expect(status == 0, "\(output)")
    #expect(output.hasSuffix("2 passed, 0 failed\n"))
  }

  @Test func aReadOnlyGoldenIsNotReplaced() throws {
    let (root, checked, _) = try Self.folders()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let file = checked + "/kept.session"
    let stale = "> gen grid 2\ngenerated 3 items in 1 section\n"
    try stale.write(toFile: file, atomically: true, encoding: .utf8)
    chmod(file, 0o444)
    let (status, output) = try Self.tessera(["check", "--update", "checked"], in: root)
    #expect(status == 1)
    #expect(
      output.contains(
        "FAIL checked/kept.session: cannot update checked/kept.session: it is read-only (mode 444); make it writable (chmod u+w) to update it; the file is unchanged"
      ), "\(output)")
    #expect(try String(contentsOfFile: file, encoding: .utf8) == stale)
    // Without --update a read-only file is checked as any other.
    #expect(try Self.tessera(["check", "checked"], in: root).1.contains("-generated 3 items in 1 section"))
  }

  /// Expects `check --update` of `file` to be refused with `message`.
  static func expectRefusal(_ checker: SessionChecker, _ file: String, _ message: String) {
    do {
      _ = try checker.check(path: file, update: true)
      Issue.record("\(file) was updated: expected \(message)")
    } catch {
      #expect(error.message == message)
    }
  }

  /// A runner that, while the first command runs, does `change` to the checked file.
  final class ChangingRunner: CommandRunner {
    let session = Support.session()
    var change: (() -> Void)?
    init(_ change: @escaping () -> Void) { self.change = change }
    var wantsToQuit: Bool { session.wantsToQuit }
    func perform(_ line: String) -> Session.Outcome {
      change?()
      change = nil
      return session.perform(line)
    }
  }

  /// A link swapped in for the file while it is checked (to an outside file with the same bytes)
  /// is never followed by the update, and a file made read-only meanwhile is not replaced.
  @Test func anUpdateWritesOnlyTheFileItRead() throws {
    let (root, checked, outside) = try Self.folders()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let file = checked + "/t.session"
    let stale = "> gen grid 2\ngenerated 3 items in 1 section\n"
    try stale.write(toFile: file, atomically: true, encoding: .utf8)
    try stale.write(toFile: outside + "/victim.session", atomically: true, encoding: .utf8)
    let swap = SessionChecker(roots: [checked]) { _ in
      ChangingRunner {
        unlink(file)
        symlink(outside + "/victim.session", file)
      }
    }
    Self.expectRefusal(
      swap, file,
      "cannot update \(file): it was replaced while it was checked (by a link or another file); the file is unchanged: check it again to update it"
    )
    #expect(try String(contentsOfFile: outside + "/victim.session", encoding: .utf8) == stale)
    unlink(file)
    try stale.write(toFile: file, atomically: true, encoding: .utf8)
    let lock = SessionChecker(roots: [checked]) { _ in ChangingRunner { chmod(file, 0o444) } }
    Self.expectRefusal(
      lock, file, "cannot update \(file): it was made read-only while it was checked; the file is unchanged")
    #expect(try String(contentsOfFile: file, encoding: .utf8) == stale)
  }

  @Test func anUpdateDoesNotOverwriteAnEditSavedWhileItRan() throws {
    let (root, checked, _) = try Self.folders()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let file = checked + "/edited.session"
    try "> gen grid 2\ngenerated 3 items in 1 section\n".write(toFile: file, atomically: true, encoding: .utf8)
    // A person's editor saves the file while its first command runs.
    let checker = SessionChecker(roots: [checked]) { _ in
      ChangingRunner {
        try? "# a comment the person just wrote\n> gen grid 2\ngenerated 3 items in 1 section\n".write(
          toFile: file, atomically: false, encoding: .utf8)
      }
    }
    Self.expectRefusal(
      checker, file,
      "cannot update \(file): it changed since it was read (an edit saved while it was checked?); the file is unchanged: check it again to update it"
    )
    #expect(
      try String(contentsOfFile: file, encoding: .utf8)
        == "# a comment the person just wrote\n> gen grid 2\ngenerated 3 items in 1 section\n")
    // Nothing is left beside it.
    #expect(try FileManager.default.contentsOfDirectory(atPath: checked) == ["edited.session"])
    // Checked again, with nobody editing, it is updated.
    let quiet = SessionChecker(roots: [checked]) { _ in Support.session() }
    #expect(try quiet.check(path: file, update: true) == .updated)
    #expect(
      try String(contentsOfFile: file, encoding: .utf8)
        == "# a comment the person just wrote\n> gen grid 2\ngenerated 2 items in 1 section\n")
  }
}

extension FileManager {
  /// The real path of `path` (links resolved), or the path itself.
  fileprivate func destinationOfSymbolicLinkSafe(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
