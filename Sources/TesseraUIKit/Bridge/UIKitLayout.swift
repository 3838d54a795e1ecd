import Foundation
public import TesseraKit

/// How a plugin exports a layout written for UIKit: a name, how to make one, and which of its
/// settings become options. A plugin's whole export:
///
/// ```swift
/// import UIKit
///
/// @c public func tessera_plugin_entry(_ major: UInt32, _ minor: UInt32) -> UnsafeRawPointer? {
///   exportPlugin(name: "mylayout", version: "1.0.0", layouts: [UIKitLayout("mylayout") { MyLayout() }], host: (major, minor))
/// }
/// ```
///
/// Settings become options with `option(_:_:...)`: `UIKitLayout("pinterest") { PinterestLayout() }
/// .option("numberOfColumns", \.numberOfColumns, range: 1...12)` makes `layout pinterest
/// numberOfColumns=3` work, with the default read from a fresh instance. A flow subclass takes
/// the flow's options (`itemSize`, `minimumLineSpacing`, …) without registering them.
///
/// Kinds: UIKit's header and footer kinds are `header` and `footer`; decoration kinds the
/// layout registers in `init()` are found on their own; list other supplementary kinds in
/// `supplementaryKinds`.
public struct UIKitLayout<Layout: UICollectionViewLayout>: UIKitLayoutRegistration {
  public var name: String
  public var summary: String
  public var supplementaryKinds: [String]
  public var decorationKinds: [String]
  let make: @Sendable (UICollectionView) -> Layout
  var bindings: [UIKitOptionBinding] = []

  /// `make` builds a fresh layout, as an app's `init()` of it would.
  public init(
    _ name: String, summary: String = "", supplementaryKinds: [String] = [], decorationKinds: [String] = [],
    make: @escaping @Sendable () -> Layout
  ) {
    self.init(
      name, summary: summary, supplementaryKinds: supplementaryKinds, decorationKinds: decorationKinds,
      makeFor: { _ in make() })
  }

  /// `makeFor` builds a fresh layout for a collection view: set the layout's own delegate from
  /// `collectionView.delegate` here (`layout.delegate = collectionView.delegate as? MyDelegate`).
  public init(
    _ name: String, summary: String = "", supplementaryKinds: [String] = [], decorationKinds: [String] = [],
    makeFor: @escaping @Sendable (UICollectionView) -> Layout
  ) {
    self.name = name
    self.summary = summary.isEmpty ? "\(Layout.self), written for UIKit" : summary
    self.supplementaryKinds = supplementaryKinds
    self.decorationKinds = decorationKinds
    self.make = makeFor
  }

  /// A fresh layout for a collection view with no data: what the description reads.
  private func probe() -> Layout {
    let view = UICollectionView(source: DatasetSource(nil), layout: UICollectionViewLayout())
    let layout = make(view)
    layout.installedView = view
    return layout
  }

  public var exported: ExportedLayout {
    let probe = probe()
    var all = bindings
    if probe is UICollectionViewFlowLayout {
      all =
        UIKitLayout<UICollectionViewFlowLayout>.flowBindings.filter { flow in !all.contains { $0.name == flow.name } }
        + all
    }
    let supplementary =
      [UIKitKinds.header, UIKitKinds.footer]
      + supplementaryKinds.compactMap { UIKitKinds.kind($0, category: .supplementaryView) }
    let decoration = (probe.registeredDecorationKinds + decorationKinds).compactMap {
      UIKitKinds.kind($0, category: .decorationView)
    }
    var kinds: [ElementKind] = []
    for kind in supplementary + decoration where !kinds.contains(kind) { kinds.append(kind) }
    let description = LayoutDescription(
      name: name, summary: summary, options: all.map { $0.describe(probe) }, kinds: kinds,
      movesWithTime: true)
    let make = self.make
    let bindings = all
    let name = self.name
    let declared = kinds
    return ExportedLayout(description: description) { collectionView in
      UIKitLayoutAdapter(collectionView: collectionView, make: make, options: bindings, name: name, kinds: declared)
    }
  }
}

/// A layout written for UIKit, ready to export (`UIKitLayout`).
public protocol UIKitLayoutRegistration: Sendable {
  /// The layout's description and how to make an instance, for `exportPlugin` and
  /// `Conformance.check`.
  var exported: ExportedLayout { get }
}

/// Exports layouts written for UIKit as a plugin: the whole of a plugin's entry point.
/// Returns nil (the entry's "cannot work with this host") when the host's ABI major differs.
public func exportPlugin(
  name: String, version: String, layouts: [any UIKitLayoutRegistration], host: (UInt32, UInt32)
) -> UnsafeRawPointer? {
  exportPlugin(name: name, version: version, exporting: layouts.map(\.exported), host: host)
}
