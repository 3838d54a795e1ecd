/// Who hears of every call into plugin code: the engine's status page (`EngineStatus`), so that
/// a supervisor can name the call in flight when a plugin crashes or hangs. Set once, at start.
public protocol PluginCallObserver: AnyObject, Sendable {
  /// A call into plugin code starts: `caller` is the plugin and layout, `call` the function.
  func enter(caller: UnsafeRawBufferPointer, call: UnsafeRawBufferPointer)
  /// The call returned.
  func leave()
  /// A command starts: progress for a watchdog, and no plugin call made yet.
  func beginCommand()
  /// A frame of the clock ended (`step`, `fling`, `drag`, an animated scroll): progress for a
  /// watchdog, which then times each frame, not the whole command.
  func frameEnded()
}

/// Where plugin calls are announced. Nothing is written when no observer is set (in process:
/// tests, `bench`), so the cost there is one load and a branch.
public enum PluginCallMarker {
  nonisolated(unsafe) public static var observer: (any PluginCallObserver)?

  /// Runs `body` (a call into plugin code) with the call marked as in flight.
  @inline(__always)
  package static func around<T, E: Error>(_ caller: [UInt8], _ call: String, _ body: () throws(E) -> T) throws(E) -> T {
    guard let observer else { return try body() }
    var name = call
    caller.withUnsafeBytes { callerBytes in
      name.withUTF8 { observer.enter(caller: callerBytes, call: UnsafeRawBufferPointer($0)) }
    }
    defer { observer.leave() }
    return try body()
  }
}
