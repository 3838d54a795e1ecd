import ChartLayout
import TesseraKit

@c public func tessera_plugin_entry(_ major: UInt32, _ minor: UInt32) -> UnsafeRawPointer? {
  exportPlugin(name: "chart", version: "1.0.0", layouts: [ChartLayout.self], host: (major, minor))
}
