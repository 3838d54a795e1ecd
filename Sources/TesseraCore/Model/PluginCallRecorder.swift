/// Who hears of one layout instance's calls into its plugin, given to it at creation: the
/// statistics `stats` prints, the trace `trace on` prints, and the in-flight marker an engine's
/// supervisor reads when a plugin crashes or hangs (`PluginCallMarker`: one observer for the
/// process, set by the engine at start, so instances made anywhere are marked).
package final class PluginCallRecorder {
  /// How the supervisor names this layout: plugin and layout.
  let caller: [UInt8]
  package var stats = PluginCallStats()
  /// Receives one line per call while set.
  package var tracer: ((String) -> Void)?

  package init(caller: [UInt8], tracer: ((String) -> Void)?) {
    self.caller = caller
    self.tracer = tracer
  }

  /// Counts a call and traces it; the texts are built only when tracing.
  @inline(__always) package func record(
    _ call: PluginCall, _ arguments: @autoclosure () -> String, result: @autoclosure () -> String
  ) {
    stats.counts[call.rawValue] &+= 1
    if let tracer {
      let outcome = result()
      tracer("\(call.name)(\(arguments()))" + (outcome.isEmpty ? "" : " = \(outcome)"))
    }
  }

  /// Runs a call into the plugin with it marked as in flight.
  @inline(__always) package func calling<T>(_ call: PluginCall, _ body: () -> T) -> T {
    PluginCallMarker.around(caller, call.name, body)
  }

  /// The same for the calls `PluginCall` does not count: `destroy`, and `save` and `restore` of a
  /// moving layout's state (a checkpoint's, not a command's).
  @inline(__always) package func calling<T>(named name: String, _ body: () -> T) -> T {
    PluginCallMarker.around(caller, name, body)
  }
}
