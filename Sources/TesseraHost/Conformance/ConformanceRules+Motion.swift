import TesseraKit

/// The motion-restore rule: what a crash's restore relies on to bring a moving layout back
/// exactly (`tessera.state/1`).
extension ConformanceChecker {
  /// Frames compared after the checkpoint.
  static let motionFrames = 8
  /// The drag that sets the layout moving.
  static let motionDrag = "drag 0 -120 frames=3"

  /// A drag sets the layout moving. The trial goes on frame by frame; a twin trial does the same,
  /// then `checkpoint` (the layout made again from what it saved), and must list what the trial
  /// lists, now and after each of the next frames. The twin's steps are the reproducer.
  func motionRestore(
    _ trial: inout ConformanceTrial, twin makeTwin: () throws(ConformanceFailure) -> ConformanceTrial
  ) throws(ConformanceFailure) {
    let layout = try trial.layout
    guard layout.movesWithTime, layout.savesMotion else { return }
    try trial.run(Self.motionDrag)
    guard layout.isMoving(), (try? trial.session.state.layoutMotion()) != nil else { return }
    var answers: [[Element]] = []
    for frame in 0...Self.motionFrames {
      if frame > 0 { try trial.run("step frames=1") }
      let bounds = trial.session.model.bounds
      answers.append(try trial.call("visible --all") { () throws(HostError) in try layout.attributes(in: bounds) })
    }
    var twin = try makeTwin()
    try twin.run(Self.motionDrag)
    let report = try twin.run("checkpoint")
    for frame in 0...Self.motionFrames {
      if frame > 0 { try twin.run("step frames=1") }
      let restored = try twin.layout
      let bounds = twin.session.model.bounds
      let listed = try twin.call("visible --all") { () throws(HostError) in try restored.attributes(in: bounds) }
      guard Self.sameMultiset(answers[frame], listed) else {
        let when = frame == 0 ? "right after it" : "\(frame) frame\(frame == 1 ? "" : "s") later"
        throw twin.failure(
          .motionRestore,
          "after a drag, 'checkpoint' (\(report.split(separator: "\n").joined(separator: "; "))) and \(when) the layout lists other elements than without the checkpoint: \(Self.firstDifference(answers[frame], listed, "without the checkpoint", "with it"))",
          command: "visible --all", expected: Self.listed(answers[frame], twin), actual: Self.listed(listed, twin))
      }
    }
  }
}
