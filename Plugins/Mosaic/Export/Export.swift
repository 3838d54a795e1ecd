import MosaicLayout
import TesseraKit

@c public func tessera_plugin_entry(_ major: UInt32, _ minor: UInt32) -> UnsafeRawPointer? {
  exportPlugin(name: "mosaic", version: "1.0.0", layouts: [MosaicLayout.self], host: (major, minor))
}
