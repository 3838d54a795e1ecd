import Foundation
import TesseraKit

/// One public setting of a UIKit layout as a Tessera option: how to describe it (its default
/// read from a fresh instance) and how to set it.
struct UIKitOptionBinding: Sendable {
  let name: String
  let describe: @Sendable (UICollectionViewLayout) -> OptionDescription
  let apply: @Sendable (UICollectionViewLayout, OptionValue) throws(LayoutError) -> Void
}

/// A key path, which is immutable, carried into `@Sendable` closures.
struct SendableKeyPath<Root, Value>: @unchecked Sendable {
  let keyPath: ReferenceWritableKeyPath<Root, Value>
}

extension UIKitOptionBinding {
  /// The binding of the setting at `keyPath` of a `Layout`.
  static func binding<Layout: UICollectionViewLayout, Value: UIKitOptionValue>(
    _ name: String, _ keyPath: ReferenceWritableKeyPath<Layout, Value>, doc: String, range: ClosedRange<Double>?
  ) -> UIKitOptionBinding {
    let path = SendableKeyPath(keyPath: keyPath)
    let kind = Value.optionKind.kit
    return UIKitOptionBinding(
      name: name,
      describe: { layout in
        OptionDescription(
          name, kind, default: (layout as? Layout)?[keyPath: path.keyPath].optionText ?? "", doc: doc,
          minimum: range?.lowerBound ?? -OptionDescription.largestMagnitude,
          maximum: range?.upperBound ?? OptionDescription.largestMagnitude)
      },
      apply: { (layout: UICollectionViewLayout, value: OptionValue) throws(LayoutError) in
        guard let layout = layout as? Layout else { return }
        guard let converted = Value(option: UIKitOptionInput(value: value)) else {
          throw LayoutError("option '\(name)' cannot take \(value)")
        }
        layout[keyPath: path.keyPath] = converted
      })
  }
}
