import TesseraABI

/// The other layout of a layout change (`prepareForTransition(to:)` and `(from:)`). It may come
/// from another plugin, so a layout sees its name, not its object.
public struct LayoutReference: Sendable, Hashable {
  /// The layout's name, what `layout NAME` takes.
  public var name: String

  public init(name: String) {
    self.name = name
  }

  /// The layout a descriptor describes ("" when there is none).
  init(_ descriptor: UnsafePointer<tessera_layout_descriptor>?) {
    name = descriptor.flatMap { $0.pointee.name }.map { String(cString: $0) } ?? ""
  }
}
