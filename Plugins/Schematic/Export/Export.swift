import SchematicLayout
import TesseraKit

@c public func tessera_plugin_entry(_ major: UInt32, _ minor: UInt32) -> UnsafeRawPointer? {
  exportPlugin(name: "schematic", version: "1.0.0", layouts: [SchematicLayout.self], host: (major, minor))
}
