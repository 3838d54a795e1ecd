import TesseraKit
import TimelineLayout

@c public func tessera_plugin_entry(_ major: UInt32, _ minor: UInt32) -> UnsafeRawPointer? {
  exportPlugin(name: "timeline", version: "1.0.0", layouts: [TimelineLayout.self], host: (major, minor))
}
