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
  package static func readClock(
    _ descriptor: UnsafePointer<tessera_layout_descriptor>, table: tessera_layout_descriptor,
    callerTag: [UInt8], context: String
  ) throws(HostError) -> LayoutClock? {
    guard let getExtension = table.get_extension else { return nil }
    let found = PluginCallMarker.around(callerTag, "get_extension") {
      getExtension(descriptor, TESSERA_CLOCK_EXTENSION_ID)
    }
    guard let found else { return nil }
    let record = ABIRecord(found, defaults: tessera_clock_extension())
    let size = Int(TESSERA_CLOCK_EXTENSION_V1_SIZE)
    guard record.declaredSize >= size else {
      throw HostError(
        .pluginBug,
        "\(context): its \(TESSERA_CLOCK_EXTENSION_ID) table is \(record.declaredSize) bytes, smaller than the \(size) this host reads (plugin bug)"
      )
    }
    guard let advance = record.value.advance else {
      throw HostError(
        .pluginBug, "\(context): its \(TESSERA_CLOCK_EXTENSION_ID) table has no advance function (plugin bug)")
    }
    return LayoutClock(advance: advance, isRunning: record.value.is_running)
  }
}
