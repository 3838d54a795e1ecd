/// One layout a plugin exports: how it describes itself, and how to make an instance for a
/// collection view. A `CollectionLayout` type is one (`init(_:)`); a layout written for UIKit is
/// another (TesseraUIKit's registration builds one around its class).
public struct ExportedLayout: Sendable {
  public var description: LayoutDescription
  public var make: @Sendable (CollectionView) -> any CollectionLayout

  public init(description: LayoutDescription, make: @escaping @Sendable (CollectionView) -> any CollectionLayout) {
    self.description = description
    self.make = make
  }

  /// A `CollectionLayout` type: its description, and its `init(collectionView:)`.
  public init(_ type: any CollectionLayout.Type) {
    let metatype = Metatype(type: type)
    self.init(description: type.layoutDescription) { metatype.type.init(collectionView: $0) }
  }
}

/// A layout type, which is immutable, carried into a `@Sendable` closure.
private struct Metatype: @unchecked Sendable {
  let type: any CollectionLayout.Type
}
