import ParallaxLayout
import TesseraKit

@c public func tessera_plugin_entry(_ major: UInt32, _ minor: UInt32) -> UnsafeRawPointer? {
  exportPlugin(name: "parallax", version: "1.0.0", layouts: [ParallaxLayout.self], host: (major, minor))
}
