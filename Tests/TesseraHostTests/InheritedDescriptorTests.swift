import Foundation
import Testing

@testable import TesseraHost

/// A child process holds only what its spawn gives it. The live view's HTTP library opens its
/// sockets without close-on-exec; an engine restarted while `tessera serve` ran inherited the
/// listening socket and the pages' WebSockets, which a plugin could then read or accept on.
@Suite struct InheritedDescriptorTests {
  /// A listening loopback socket and a pipe, both inheritable (no close-on-exec), as a library
  /// might leave them; their `/proc/self/fd` targets.
  static func leakyDescriptors() throws -> (fds: [Int32], targets: Set<String>) {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    try #require(socket >= 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    try #require(bound == 0 && listen(socket, 4) == 0)
    var ends: [Int32] = [-1, -1]
    try #require(pipe(&ends) == 0)
    let fds = [socket] + ends
    let targets = Set(InheritedDescriptors.open(in: getpid(), from: 0).filter { fds.contains($0.fd) }.map(\.target))
    try #require(targets.count == 2)  // the socket, and the pipe (both ends name it)
    return (fds, targets)
  }

  @Test func aRestartedEngineHoldsOnlyItsOwnPipes() throws {
    let (fds, leaked) = try Self.leakyDescriptors()
    defer { for fd in fds { close(fd) } }
    var configuration = Supervisor.Configuration(executable: IsolationTests.tessera)
    configuration.showsWarnings = false
    let supervisor = try Supervisor(configuration)
    for (index, line) in ["gen grid 3", "plugin load libFixtureCrasher.so", "layout crasher mode=segfault", "size"]
      .enumerated()
    {
      let engine = Interrupts.enginePID
      try #require(engine > 0)
      let held = InheritedDescriptors.open(in: engine, from: 0)
      #expect(held.filter { leaked.contains($0.target) }.isEmpty, "command \(index): \(held)")
      // 0 (/dev/null), 1 and 2 (the terminal's stderr), 3 and 4 (its pipes): nothing else was
      // inherited (the engine may open files of its own: none is a socket or another pipe).
      #expect(held.filter { $0.fd >= 5 && ($0.target.hasPrefix("socket:") || $0.target.hasPrefix("pipe:")) }.isEmpty)
      _ = supervisor.perform(line)
    }
    #expect(supervisor.perform("size").output == "contentSize 390x50")
  }

  @Test func aChildProcessHoldsOnlyItsStandardDescriptors() throws {
    let (fds, leaked) = try Self.leakyDescriptors()
    defer { for fd in fds { close(fd) } }
    let folder = try IsolationTests.folder("inherited")
    let child = try ChildProcess(
      executable: "/bin/sh", arguments: ["-c", "ls -l /proc/$$/fd"], standardOutput: folder + "/fds")
    #expect(child.wait(watchdog: 10) { 0 } == .exited(0))
    let listed = try String(contentsOfFile: folder + "/fds", encoding: .utf8)
    #expect(listed.contains(" 0 -> /dev/null"))
    for target in leaked { #expect(!listed.contains(target), "\(listed)") }
  }
}
