import TesseraABI
import TesseraKit

/// A moving layout's motion as bytes (`tessera.state/1`): what a checkpoint keeps of springs in
/// motion, and how a new engine's instance takes it up.
extension LayoutInstance {
  /// Whether the layout can save its motion at all (it has the state table).
  public var savesMotion: Bool { layoutClass.motionState != nil }

  /// The layout's motion now, after a pass; throws with the layout's reason when it cannot be
  /// saved now (a pass is pending, or the layout has no state table). Changes nothing: no pass
  /// runs for it (a `trace` or `stats` would show one).
  public func savedMotion() throws(HostError) -> [UInt8] {
    guard let state = layoutClass.motionState else {
      throw HostError(
        "layout '\(layoutClass.name)' cannot save its motion (it has no \(TESSERA_STATE_EXTENSION_ID) table)")
    }
    guard isPrepared else { throw HostError("layout '\(layoutClass.name)' has a layout pass pending") }
    var bytes: UnsafePointer<UInt8>?
    var count = 0
    try check(recorder.calling(named: "save") { state.save(instance, &bytes, &count) }, "cannot save its motion now")
    guard count > 0 else { return [] }
    guard let bytes, count <= Self.largestMotion else {
      throw HostError(
        .pluginBug,
        "layout '\(layoutClass.name)' saved its motion as \(count) bytes \(bytes == nil ? "at NULL" : "(more than \(Self.largestMotion))") (plugin bug)"
      )
    }
    return Array(UnsafeBufferPointer(start: bytes, count: count))
  }

  /// The most bytes of motion a checkpoint keeps: 256 MB (ten thousand springs take about 1 MB).
  public static let largestMotion = 256 << 20

  /// Takes up motion `savedMotion` returned in another engine, after a pass, then invalidates
  /// the layout and runs a pass, as the clock step before the save did. Throws, the layout
  /// unchanged (the plugin's contract), when the plugin refuses the bytes.
  public func restoreMotion(_ bytes: [UInt8]) throws(HostError) {
    guard let state = layoutClass.motionState else {
      throw HostError(
        "layout '\(layoutClass.name)' cannot take up motion (it has no \(TESSERA_STATE_EXTENSION_ID) table)")
    }
    try prepareIfNeeded()
    let status = bytes.withUnsafeBufferPointer { buffer in
      recorder.calling(named: "restore") { state.restore(instance, buffer.baseAddress, buffer.count) }
    }
    try check(status, "did not take up its motion")
    invalidate(InvalidationContext())
    try prepareIfNeeded()
  }
}
