import TesseraKit
import WaterfallLayout

@c public func tessera_plugin_entry(_ major: UInt32, _ minor: UInt32) -> UnsafeRawPointer? {
  exportPlugin(name: "waterfall", version: "1.0.0", layouts: [WaterfallLayout.self], host: (major, minor))
}
