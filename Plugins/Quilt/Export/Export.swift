import QuiltLayout
import TesseraKit

@c public func tessera_plugin_entry(_ major: UInt32, _ minor: UInt32) -> UnsafeRawPointer? {
  exportPlugin(name: "quilt", version: "1.0.0", layouts: [QuiltLayout.self], host: (major, minor))
}
