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
  /// A binding for a property of `Layout` of type `Value`: `describe` writes the default as a
  /// person types it, `convert` turns an option value into the property's value.
  static func binding<Layout: UICollectionViewLayout, Value>(
    _ name: String, _ keyPath: ReferenceWritableKeyPath<Layout, Value>, type: OptionDescription.ValueType,
    doc: String, range: ClosedRange<Double>?, format: @escaping @Sendable (Value) -> String,
    convert: @escaping @Sendable (OptionValue) -> Value?
  ) -> UIKitOptionBinding {
    let path = SendableKeyPath(keyPath: keyPath)
    return UIKitOptionBinding(
      name: name,
      describe: { layout in
        let value = (layout as? Layout).map { format($0[keyPath: path.keyPath]) } ?? ""
        return OptionDescription(
          name, type, default: value, doc: doc,
          minimum: range?.lowerBound ?? -OptionDescription.largestMagnitude,
          maximum: range?.upperBound ?? OptionDescription.largestMagnitude)
      },
      apply: { (layout: UICollectionViewLayout, value: OptionValue) throws(LayoutError) in
        guard let layout = layout as? Layout else { return }
        guard let converted = convert(value) else {
          throw LayoutError("option '\(name)' cannot take \(value)")
        }
        layout[keyPath: path.keyPath] = converted
      })
  }
}

/// Numbers as a person types them: 10, not 10.0.
func formatOptionNumber(_ value: Double) -> String {
  value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
}
