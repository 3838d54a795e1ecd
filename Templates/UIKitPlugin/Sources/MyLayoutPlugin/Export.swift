import UIKit

/// The layouts this plugin exports: `MyLayout()` as `mylayout`, its settings as options.
let registrations: [any UIKitLayoutRegistration] = [
  UIKitLayout<MyLayout>("mylayout") { MyLayout() }
    .option("columns", \.columns, range: 1...100, doc: "how many columns")
    .option("spacing", \.spacing, range: 0...1000, doc: "space between and around cells")
]

/// The one symbol `tessera` looks for. Rename the plugin ("mylayout") with the layout.
@c public func tessera_plugin_entry(_ major: UInt32, _ minor: UInt32) -> UnsafeRawPointer? {
  exportPlugin(name: "mylayout", version: "0.1.0", layouts: registrations, host: (major, minor))
}
