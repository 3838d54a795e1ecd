import Testing

@testable import TesseraHost

/// The supervisor's journal keeps one entry for a run of scrolls: a live view that scrolls
/// continuously neither grows it nor makes a checkpoint due, and a restore still ends where
/// the last scroll left the bounds.
@Suite struct JournalTests {
  @Test func aRunOfScrollsIsOneEntryAndARestoreEndsAtTheLast() throws {
    var configuration = Supervisor.Configuration(executable: IsolationTests.tessera)
    configuration.showsWarnings = false
    let supervisor = try Supervisor(configuration)
    for line in ["plugin load libFixtureCrasher.so", "gen grid 40", "scroll 0 10", "scroll 0 20", "scro 0 30"] {
      #expect(supervisor.perform(line).failed == false, "\(line)")
    }
    #expect(supervisor.journal.map(\.line) == ["plugin load libFixtureCrasher.so", "gen grid 40", "scro 0 30"])
    #expect(supervisor.journal.last?.commands == 3)
    // What changes more than the bounds is journaled as ever: self-sizing measures on a scroll.
    for line in ["selfsizing on", "scroll 0 40", "scroll 0 50", "selfsizing off", "scroll", "scroll 0 60"] {
      #expect(supervisor.perform(line).failed == false, "\(line)")
    }
    #expect(
      supervisor.journal.map(\.line).suffix(5) == [
        "selfsizing on", "scroll 0 40", "scroll 0 50", "selfsizing off", "scroll 0 60",
      ]
    )
    #expect(
      supervisor.perform("layout crasher mode=segfault").output
        == "error: plugin 'crasher' crashed in prepare (SIGSEGV); the session is as it was before this command")
    #expect(supervisor.perform("scroll").output == "offset 0 60")
  }
}
