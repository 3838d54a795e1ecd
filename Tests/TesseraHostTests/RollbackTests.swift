import TesseraKit
import Testing

@testable import TesseraHost

/// A command that fails after its layout pass (a check on the new attributes, the report) is
/// rolled back like one that fails before it: every command runs in one atomic scope.
@Suite struct RollbackTests {
  static func prepared() -> Session {
    let session = Support.session()
    _ = session.execute("gen random 20 sections=2")
    _ = session.execute("layout waterfall")
    return session
  }

  @Test func aFailureAfterAPreferredSizeAndItsPassChangesNothing() throws {
    let session = Self.prepared()
    let before = AtomicityTests.snapshot(session)
    do {
      try session.state.atomically { () throws(HostError) in
        _ = try session.state.reportPreferredSize(Size(width: 1e9, height: 1e9), at: IndexPath(0, 0))
        throw HostError("failed after the pass")
      }
      Issue.record("the body should have thrown")
    } catch {
      #expect(error.message == "failed after the pass")
    }
    #expect(AtomicityTests.snapshot(session) == before)
    #expect(session.execute("gen grid 3") == "generated 3 items in 1 section")
  }

  @Test func aFailureAfterNewDataAndBoundsChangesNothing() throws {
    let session = Self.prepared()
    let before = AtomicityTests.snapshot(session)
    do {
      try session.state.atomically { () throws(HostError) in
        session.model.dataset = Dataset()
        session.model.bounds = Rect(x: 5, y: 5, width: 10, height: 10)
        try session.currentLayout().invalidate(flags: 1)
        try session.currentLayout().prepareIfNeeded()
        throw HostError("failed after the pass")
      }
    } catch {}
    #expect(AtomicityTests.snapshot(session) == before)
  }

  @Test func aFailureAfterGeneratingIDsGivesThemBack() throws {
    let session = Self.prepared()
    let first = session.model.generateIDs(1, avoiding: [])
    do {
      try session.state.atomically { () throws(HostError) in
        _ = session.model.generateIDs(2, avoiding: [])
        throw HostError("refused after making ids")
      }
    } catch {}
    #expect(first == ["i20"])
    #expect(session.model.generateIDs(2, avoiding: ["i22"]) == ["i21", "i23"])
  }
}
