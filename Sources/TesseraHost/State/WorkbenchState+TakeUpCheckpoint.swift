import TesseraKit

/// `checkpoint`: a crash's restore, on demand.
extension WorkbenchState {
  /// Writes a checkpoint into a folder of its own, takes it up, and says what was given up.
  func takeUpCheckpoint() throws(HostError) -> CheckpointReport {
    if let blocker = checkpointBlocker(force: true) { throw HostError("no checkpoint now: \(blocker)") }
    var report = CheckpointReport(layout: layout?.layoutClass.name)
    if memos.lastFilm != nil { report.givenUp.append("what 'render PATH step' draws of the last step") }
    if memos.lastBatch != nil || memos.lastLayoutChange != nil {
      report.givenUp.append(
        "what 'render PATH batch' and 'render PATH transition' draw of the last batch or layout change")
    }
    do throws(HostError) {
      report.motionBytes = try layoutMotion()?.count
    } catch {
      report.givenUp.append("the layout's motion (\(error.message))")
    }
    // A folder of its own, gone when done: the engine's checkpoints (and the data file they
    // share) are not touched.
    let folder = try PrivateDirectory()
    let engineData = checkpointData
    checkpointData = nil
    defer { checkpointData = engineData }
    let (file, _) = try writeCheckpoint(into: folder, force: true)
    if let lost = try restoreCheckpoint(file) {
      report.motionBytes = nil
      report.givenUp.append(lost)
    }
    withExtendedLifetime(folder) {}
    return report
  }
}

/// What `checkpoint` took up and what it gave up.
public struct CheckpointReport: Sendable, Equatable {
  /// The layout made again, if any.
  public var layout: String?
  /// The bytes of motion the layout saved and took up again; nil when it rests (or lost it).
  public var motionBytes: Int?
  /// What a crash now would lose, in words.
  public var givenUp: [String] = []
}
