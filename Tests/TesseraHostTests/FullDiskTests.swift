import Foundation
import TesseraHost
import Testing

/// A full `$TMPDIR` is an error a person can act on, never a crash: the engine's status page once
/// was a sparse file mapped shared, and the first write to it killed every subcommand with
/// SIGBUS (exit 135), leaving the private folder behind. Each case mounts a small tmpfs in a
/// mount namespace of its own (root only: `unshare -m`), fills it, and runs there.
@Suite(.serialized, .enabled(if: getuid() == 0, "mounting a small tmpfs needs root"))
struct FullDiskTests {
  /// Runs `commands` (a shell script) with `TMPDIR` on a tmpfs of `kilobytes`, first filled to
  /// leave `free` kilobytes; returns the exit status and output, and what the tmpfs held after.
  static func withFullTemporaryFolder(
    _ name: String, kilobytes: Int = 64, free: Int = 0, _ commands: String
  ) throws -> (Int32, String) {
    let folder = try IsolationTests.folder(name)
    let script = """
      set -u
      mkdir -p \(folder)/tmp && mount -t tmpfs -o size=\(kilobytes)k tmpfs \(folder)/tmp || exit 99
      dd if=/dev/zero of=\(folder)/tmp/fill bs=1k count=\(kilobytes - free) 2>/dev/null
      export TMPDIR=\(folder)/tmp
      \(commands)
      echo "left: $(ls \(folder)/tmp | tr '\\n' ' ')"
      """
    return try Support.run("/usr/bin/unshare", ["-m", "/bin/sh", "-c", script], in: folder)
  }

  static let noRoom =
    "cannot make the engine's status page in TMP: No space left on device (free some space there, or point TMPDIR at a folder with room)"

  @Test func everySubcommandSaysThereIsNoRoomAndLeavesNothing() throws {
    let tessera = IsolationTests.tessera
    let session = Support.packageRoot + "/sessions/flow/zero-area.session"
    let cases: [(String, Int32, String)] = [
      ("echo size | \(tessera)", 2, "error: \(Self.noRoom)"),
      ("\(tessera) run \(session)", 2, "error: \(Self.noRoom)"),
      ("\(tessera) check \(session)", 1, "FAIL \(session): \(Self.noRoom)\n0 passed, 1 failed"),
      ("\(tessera) conform flow --items 20", 2, "error: \(Self.noRoom)"),
    ]
    for (command, expected, message) in cases {
      let (status, output) = try Self.withFullTemporaryFolder("full-disk", "\(command) 2>&1; echo \"status: $?\"")
      #expect(status == 0, "\(output)")
      let shown = output.replacingOccurrences(of: "/tmp/tessera-test-full-disk/tmp", with: "TMP")
      #expect(shown == "\(message)\nstatus: \(expected)\nleft: fill \n", "\(command)")
    }
  }

  /// With room for the status page but not for a dataset's snapshot, `load` fails and the
  /// session goes on with what it had.
  @Test func aLoadWithoutRoomForItsSnapshotChangesNothing() throws {
    // 2,000 items: about 60 KB, more than the room left.
    let data = try IsolationTests.folder("full-disk-data") + "/big.json"
    let items = (0..<2000).map { #"{"id": "item-\#($0)", "size": [100, 44]}"# }.joined(separator: ", ")
    try #"{"sections": [{"id": "s", "items": [\#(items)]}]}"#.write(toFile: data, atomically: true, encoding: .utf8)
    let (status, output) = try Self.withFullTemporaryFolder(
      "full-disk-load", kilobytes: 256, free: 8,
      "printf 'gen grid 3\\nload \(data)\\ndata\\n' | \(IsolationTests.tessera) 2>&1; echo \"status: $?\"")
    #expect(status == 0)
    #expect(
      output
        == "generated 3 items in 1 section\nerror: cannot write a snapshot of big.json in the private folder: No space left on device\nsection 0 s0: 3 items: i0 i1 i2\nstatus: 1\nleft: fill \n",
      "\(output)")
  }
}
