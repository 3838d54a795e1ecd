import Foundation
import TesseraHost
import Testing

/// `load` reads regular files only: devices, FIFOs and sockets are refused before anything is
/// read (a FIFO would block, /dev/zero would never end), and the dataset stays.
@Suite struct FileLimitTests {
  @Test func devicesAreRefusedBeforeReading() {
    let session = Support.session()
    _ = session.execute("gen grid 2")
    #expect(
      session.execute("load /dev/zero")
        == "error: cannot read /dev/zero: it is a character device; only regular files are read")
    #expect(session.execute("data") == "section 0 s0: 2 items: i0 i1")
  }

  @Test func fifosAreRefusedWithoutBlocking() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-fifo-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = folder.appendingPathComponent("pipe").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let session = Support.session()
    #expect(session.execute("load \(fifo)") == "error: cannot read \(fifo): it is a FIFO; only regular files are read")
  }
}
