import TesseraABI
import TesseraKit

/// A layout's own time (`tessera.clock/1`, clock.h): what the workbench's clock calls on every
/// frame.
public struct LayoutClock: @unchecked Sendable {
  package var advance:
    @convention(c) (OpaquePointer?, Double, UnsafeMutablePointer<tessera_clock_report>?) -> tessera_status
  package var isRunning: (@convention(c) (OpaquePointer?) -> tessera_bool)?
}

extension LayoutClass {
  /// Reads the layout's clock table, if it has one: it must be large enough and name `advance`.
  package static func readClock(_ source: ExtensionSource) throws(HostError) -> LayoutClock? {
    let id = TESSERA_CLOCK_EXTENSION_ID
    guard
      let table = try source.table(
        id, defaults: tessera_clock_extension(), minimumSize: Int(TESSERA_CLOCK_EXTENSION_V1_SIZE))
    else { return nil }
    guard let advance = table.advance else { throw source.bug(id, "has no advance function") }
    return LayoutClock(advance: advance, isRunning: table.is_running)
  }
}
