import Foundation
import Testing

@testable import TesseraCore

/// The snapshot a dataset's read leaves in the private folder, written on a thread of its own
/// while the bytes are decoded: whole when the read returns, and taken once per content.
@Suite struct SnapshotTests {
  @Test func aLoadedFileIsSnapshottedOncePerContent() throws {
    let folder = try PrivateDirectory()
    let data = folder.path + "/../tessera-snapshot-test-data.json"
    defer { unlink(data) }
    let first = Array(repeating: UInt8(ascii: "a"), count: 3_000_000) + Array("\n".utf8)
    try Data(first).write(to: URL(fileURLWithPath: data))
    let files = FileAccess()
    files.snapshots = folder
    func load() throws -> (count: Int, snapshot: String) {
      files.beginCommand()
      let count = try files.withUTF8(data, shownAs: "data.json") { (bytes) throws(HostError) in bytes.count }
      #expect(files.reads.count == 1)
      return (count, try #require(files.reads.first?.snapshot))
    }
    let (count, snapshot) = try load()
    #expect(count == first.count)
    #expect(try Data(contentsOf: URL(fileURLWithPath: snapshot)) == Data(first))
    // The same bytes again: the same snapshot, and no other file left beside it.
    let again = try load()
    #expect(again.snapshot == snapshot)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path) == [
        snapshot.split(separator: "/").last.map(String.init)!
      ])
    // Changed bytes: a new snapshot; the first still holds what was read first.
    let second = Array("changed\n".utf8)
    try Data(second).write(to: URL(fileURLWithPath: data))
    let changed = try load()
    #expect(changed.snapshot != snapshot)
    #expect(try Data(contentsOf: URL(fileURLWithPath: changed.snapshot)) == Data(second))
    #expect(try Data(contentsOf: URL(fileURLWithPath: snapshot)) == Data(first))
  }

  /// A decoder that fails leaves no read recorded and no snapshot, and the thread is done
  /// before the error comes back.
  @Test func aFailedDecodeRecordsNoRead() throws {
    let folder = try PrivateDirectory()
    let data = folder.path + "/../tessera-snapshot-test-bad.json"
    defer { unlink(data) }
    try Data("{".utf8).write(to: URL(fileURLWithPath: data))
    let files = FileAccess()
    files.snapshots = folder
    files.beginCommand()
    #expect(throws: HostError.self) {
      try files.withUTF8(data, shownAs: "bad.json") { (_) throws(HostError) -> Int in throw HostError("bad") }
    }
    #expect(files.reads.isEmpty)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }
}
