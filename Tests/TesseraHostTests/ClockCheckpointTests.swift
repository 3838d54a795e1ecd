import Testing

@testable import TesseraHost

/// A checkpoint taken while the clock moves the bounds — an animated scroll, a fling's
/// deceleration — holds the motion: a session restored from it goes on frame for frame as the
/// one that took it, and says when the scroll ended as it would have. (A checkpoint forced after
/// a long journal used to drop the motion and the rest times.)
@Suite struct ClockCheckpointTests {
  static func continuesExactly(_ setUp: [String], then: [String]) throws {
    let original = Support.session()
    for line in setUp { #expect(original.perform(line).failed == false, "\(line)") }
    // Forced, as the supervisor forces one after four intervals: the last step's film (what
    // `render … step` draws) is given up; the motion is not.
    #expect(original.state.checkpointBlocker(force: true) == nil)
    let folder = try PrivateDirectory()  // this test's own, removed when it ends
    let (file, _) = try original.state.writeCheckpoint(into: folder, force: true)
    let restored = Support.session()
    try restored.state.restoreCheckpoint(file)
    for line in then {
      #expect(restored.execute(line) == original.execute(line), "\(line)")
    }
    withExtendedLifetime(folder) {}
  }

  @Test func anAnimatedScrollGoesOnFromTheFrameItReached() throws {
    try Self.continuesExactly(
      ["gen grid 400", "viewport 390x400", "scroll 0 3000 animated", "step frames=4"],
      then: ["scroll", "step frames=3", "visible", "step 1", "scroll", "step", "visible"])
  }

  @Test func aFlingDeceleratesAsItWould() throws {
    try Self.continuesExactly(
      ["gen grid 2000", "viewport 390x400", "fling 0 -2500", "step frames=10"],
      then: ["step frames=20", "scroll", "step 3", "scroll", "step", "visible"])
  }

  @Test func whenTheScrollEndedIsKept() throws {
    try Self.continuesExactly(
      ["gen grid 400", "viewport 390x400", "scroll 0 800 animated", "step 1"],
      then: ["step", "scroll", "step frames=2"])
  }
}
