import Testing

@testable import TesseraHost

/// Files that run each other many times over stop at one budget for the whole `run` (each
/// nested command counts as progress, so the watchdog alone would never stop them).
@Suite struct RunBudgetTests {
  @Test func filesRunningEachOtherStopAtTheBudgetAndChangeNothing() {
    let session = Session(registry: Launch.registry(pluginPaths: []).0, baseDirectory: Support.packageRoot)
    session.runCommandLimit = 50
    _ = session.execute("gen grid 3")
    let outcome = session.perform("run sessions/data/scripts/loop.tessera")
    #expect(outcome.failed)
    #expect(
      outcome.output
        == "error: run sessions/data/scripts/loop.tessera: more than 50 commands in one run, the most allowed (do the files run each other in a loop?); the session is as it was"
    )
    #expect(session.execute("data") == "section 0 s0: 3 items: i0 i1 i2")
  }
}
