import UIKit

extension UIKitBadLayout.Mode: UIKitOptionValue {}

let layouts: [any UIKitLayoutRegistration] = [
  UIKitLayout<UIKitBadLayout>("uikitbad", summary: "a UIKit layout that breaks a rule on purpose") {
    UIKitBadLayout()
  }
  .option("mode", \.mode, doc: "which rule to break"),
  UIKitLayout<UIKitFadeLayout>("uikitfade", summary: "batch animations from UIKit's update items") {
    UIKitFadeLayout()
  },
  UIKitLayout<UIKitSelfSizingLayout>("uikitselfsizing", summary: "self-sizing through the preferred-attributes pair") {
    UIKitSelfSizingLayout()
  }
  .option("estimatedHeight", \.estimatedHeight, range: 0...1000, doc: "height before a cell reports its own"),
  UIKitLayout<UIKitPileLayout>("uikitpile", summary: "cells piled on each other, for what lies at a point") {
    UIKitPileLayout()
  },
  UIKitLayout<UIKitSelfInvalidatingLayout>(
    "uikitselfinvalidating", summary: "invalidates itself on a width change and answers false"
  ) { UIKitSelfInvalidatingLayout() },
]

@c public func tessera_plugin_entry(_ major: UInt32, _ minor: UInt32) -> UnsafeRawPointer? {
  exportPlugin(name: "uikit-fixtures", version: "0.0.1", layouts: layouts, host: (major, minor))
}
