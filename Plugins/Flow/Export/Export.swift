import FlowLayout
import TesseraKit

@c public func tessera_plugin_entry(_ major: UInt32, _ minor: UInt32) -> UnsafeRawPointer? {
  exportPlugin(name: "flow", version: "1.0.0", layouts: [FlowLayout.self], host: (major, minor))
}
