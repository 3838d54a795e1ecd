import RaggyLayout
import TesseraKit

@c public func tessera_plugin_entry(_ major: UInt32, _ minor: UInt32) -> UnsafeRawPointer? {
  exportPlugin(name: "raggy", version: "1.0.0", layouts: [RaggyLayout.self], host: (major, minor))
}
