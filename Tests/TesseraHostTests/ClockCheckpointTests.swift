import Foundation
import Testing

@testable import TesseraHost

/// A checkpoint taken while the clock moves the bounds — an animated scroll, a fling's
/// deceleration — holds the motion: a session restored from it goes on frame for frame as the
/// one that took it, and says when the scroll ended as it would have. (A checkpoint forced after
/// a long journal used to drop the motion and the rest times.) The same for a layout's own
/// motion — springs a drag pulled — which the layout saves (`tessera.state/1`).
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
    #expect(try restored.state.restoreCheckpoint(file) == nil)
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

  @Test func springsPulledByADragSettleAsTheyWould() throws {
    try Self.continuesExactly(
      ["gen grid 400", "layout springy", "viewport 390x600", "drag 0 -300 at 195 500 frames=6"],
      then: ["visible", "step frames=5", "visible", "drag 0 40 at 100 300 frames=3", "visible", "step rest", "visible"])
  }

  @Test func springsAndAFlingTogetherGoOnAsTheyWould() throws {
    try Self.continuesExactly(
      ["gen grid 2000", "layout springy", "viewport 390x600", "drag 0 -120 at 195 400 frames=3", "fling 0 -1500"],
      then: ["scroll", "visible", "step frames=4", "visible", "step rest", "scroll", "visible"])
  }

  @Test func aScrollSinceTheLastPassKeepsTheCheckpointWaiting() throws {
    let session = Support.session()
    for line in [
      "gen grid 400", "layout springy", "viewport 390x600", "drag 0 -200 at 195 500 frames=4", "scroll 0 260",
    ] {
      #expect(session.perform(line).failed == false, "\(line)")
    }
    #expect(
      throws: HostError(
        "no checkpoint now: the layout is moving and cannot save its motion now (layout 'springy' cannot save its motion now: the bounds changed since it last prepared (its next prepare may attach other springs))"
      )
    ) { try session.state.layoutMotionForCheckpoint(force: false) }
    // Forced, the motion is given up; one frame later it is saved.
    #expect(try session.state.layoutMotionForCheckpoint(force: true) == nil)
    #expect(session.perform("step frames=1").failed == false)
    #expect(try session.state.layoutMotionForCheckpoint(force: false)?.isEmpty == false)
  }

  /// Saved motion comes back from a file: bytes cut short, bytes of another shape and flipped
  /// bytes are refused with a message and leave the layout as it was; a checkpoint whose motion
  /// does not take says so, and its layout starts at rest.
  @Test func motionThatDoesNotFitIsRefusedAndChangesNothing() throws {
    let setUp = ["gen grid 400", "layout springy", "viewport 390x600", "drag 0 -300 at 195 500 frames=6"]
    let moving = Support.session()
    for line in setUp { #expect(moving.perform(line).failed == false) }
    let motion = try #require(try moving.state.layoutMotionForCheckpoint(force: false))
    #expect(motion.count > 1000)

    let resting = Support.session()
    for line in setUp.dropLast() { #expect(resting.perform(line).failed == false) }
    let layout = try #require(resting.state.layout)
    let before = resting.execute("visible")
    for cut in stride(from: 1, to: motion.count, by: 17) {
      #expect(throws: HostError.self) { try layout.restoreMotion(Array(motion.prefix(cut))) }
    }
    #expect(throws: HostError.self) { try layout.restoreMotion(motion + [0]) }
    #expect(
      throws: HostError(
        "layout 'springy' did not take up its motion: the saved motion does not read: it is not an animator's motion (no TSDA tag)"
      )
    ) { try layout.restoreMotion(Array("junk and more junk".utf8)) }
    #expect(resting.execute("visible") == before)
    // Springs attached to other cells (fewer items) do not take it.
    let fewer = Support.session()
    for line in ["gen grid 30"] + setUp.dropFirst().dropLast() { #expect(fewer.perform(line).failed == false) }
    #expect(
      throws: HostError(
        "layout 'springy' did not take up its motion: 112 items were moving, the layout attached 30 when it prepared")
    ) { try fewer.state.layout?.restoreMotion(motion) }
    // Flipped bytes: refused, or read as other numbers; never a crash.
    var seed: UInt64 = 7
    for _ in 0..<300 {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      var flipped = motion
      flipped[Int((seed >> 33) % UInt64(motion.count))] ^= UInt8(truncatingIfNeeded: seed >> 13) | 1
      _ = try? layout.restoreMotion(flipped)
    }

    // A checkpoint whose motion does not read.
    let folder = try PrivateDirectory()
    let (file, _) = try moving.state.writeCheckpoint(into: folder, force: true)
    let text = try String(contentsOfFile: file, encoding: .utf8)
    let saved = Data(motion).base64EncodedString()
    #expect(text.contains(saved))
    let broken = text.replacingOccurrences(of: saved, with: Data(motion.prefix(40)).base64EncodedString())
    try broken.write(toFile: file, atomically: false, encoding: .utf8)
    let restored = Support.session()
    #expect(
      try restored.state.restoreCheckpoint(file)
        == "the layout's motion was lost (layout 'springy' did not take up its motion: the saved motion does not read: byte 25: 112 entries of 66 bytes do not fit in the 11 left): its items start where they rest"
    )
    #expect(restored.execute("scroll") == "offset 0 300")
  }

  /// Random sessions on the springy layout, once with a `checkpoint` after some commands and once
  /// without: every other command prints the same, until a checkpoint says it gave the motion up
  /// (from there the two may differ, as a crash then would make them).
  @Test(arguments: [3, 17, 29, 41])
  func checkpointsAnywhereChangeNothingTheyKeep(seed: UInt64) throws {
    var state = seed
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    var lines = ["gen grid 300", "layout springy", "viewport 390x600"]
    for _ in 0..<60 {
      switch next(9) {
      case 0, 1:
        lines.append("drag \(next(40) - 20) \(next(300) - 150) at \(next(390)) \(next(600)) frames=\(1 + next(5))")
      case 2: lines.append("step frames=\(1 + next(12))")
      case 3: lines.append("fling 0 \(next(3000) - 1500)")
      case 4: lines.append("scroll 0 \(next(2000)) animated")
      case 5: lines.append("batch \(next(2) == 0 ? "insert 0.\(next(20))" : "delete 0.\(next(20))")")
      case 6: lines.append("invalidate size 0.\(next(30)) \(20 + next(60))x\(20 + next(60))")
      case 7: lines.append("visible")
      default: lines.append("step \(next(3) == 0 ? "rest" : "0.2")")
      }
    }
    let plain = Support.session()
    let checked = Support.session()
    var kept = 0
    for line in lines {
      let expected = plain.execute(line)
      #expect(checked.execute(line) == expected, "seed \(seed): \(line)")
      guard next(3) == 0 else { continue }
      let report = checked.execute("checkpoint") ?? ""
      #expect(report.hasPrefix("checkpoint taken up: layout springy"), "\(report)")
      if report.contains("gave up the layout's motion") { break }
      kept += 1
    }
    #expect(kept >= 5, "seed \(seed): only \(kept) checkpoints before one gave the motion up")
  }
}
