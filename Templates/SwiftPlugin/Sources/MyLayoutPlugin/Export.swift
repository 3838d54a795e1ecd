import MyLayout
import TesseraKit

/// The one symbol `tessera` looks for. Rename the plugin ("mylayout") with the layout.
@c public func tessera_plugin_entry(_ major: UInt32, _ minor: UInt32) -> UnsafeRawPointer? {
  exportPlugin(name: "mylayout", version: "0.1.0", layouts: [MyLayout.self], host: (major, minor))
}
