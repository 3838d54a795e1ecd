import Foundation
import TesseraKit

extension UICollectionViewLayoutInvalidationContext {
  /// Fills this (new) context from the host's.
  func fill(from c: InvalidationContext) {
    everything = c.invalidatesEverything
    dataSourceCounts = c.invalidatesDataSourceCounts
    invalidatesBounds = c.flags.contains(.bounds)
    if !c.items.isEmpty { invalidateItems(at: c.items.map(Foundation.IndexPath.init)) }
    for r in c.supplementaries {
      invalidateSupplementaryElements(ofKind: UIKitKinds.string(r.kind), at: [Foundation.IndexPath(r.indexPath)])
    }
    for r in c.decorations {
      invalidateDecorationElements(ofKind: UIKitKinds.string(r.kind), at: [Foundation.IndexPath(r.indexPath)])
    }
    preferredSizes = c.preferredSizes.map { (Foundation.IndexPath($0.indexPath), CGSize($0.size)) }
    updateItems = c.updateItems.map(UICollectionViewUpdateItem.init)
    contentSizeAdjustment = CGSize(c.contentSizeAdjustment)
    contentOffsetAdjustment = CGPoint(c.contentOffsetAdjustment)
  }

  /// This context as the host's.
  var kit: InvalidationContext {
    var c = InvalidationContext()
    if invalidateEverything { c.flags.insert(.everything) }
    if invalidateDataSourceCounts { c.flags.insert(.dataSourceCounts) }
    if invalidatesBounds { c.flags.insert(.bounds) }
    c.items = (invalidatedItemIndexPaths ?? []).filter { $0.count == 2 }.map(\.kit)
    c.supplementaries = references(invalidatedSupplementaryIndexPaths, named: namedSupplementaries, .supplementaryView)
    c.decorations = references(invalidatedDecorationIndexPaths, named: namedDecorations, .decorationView)
    c.preferredSizes = preferredSizes.filter { $0.indexPath.count == 2 }.map {
      InvalidationContext.PreferredSize(indexPath: $0.indexPath.kit, size: $0.size.kit)
    }
    c.updateItems = updateItems.map(\.kit)
    c.contentSizeAdjustment = contentSizeAdjustment.kit
    c.contentOffsetAdjustment = contentOffsetAdjustment.kit
    return c
  }

  /// The elements of `byKind` (what the context says, which a subclass may override), in the
  /// order they were `named` when it says what was named.
  private func references(
    _ byKind: [String: [Foundation.IndexPath]]?, named: [(kind: String, indexPath: Foundation.IndexPath)],
    _ category: UICollectionView.ElementCategory
  ) -> [InvalidationContext.ElementRef] {
    let ordered: [(kind: String, indexPath: Foundation.IndexPath)]
    if Dictionary(grouping: named, by: \.kind).mapValues({ $0.map(\.indexPath) }) == (byKind ?? [:]) {
      ordered = named
    } else {
      ordered = (byKind ?? [:]).sorted { $0.key < $1.key }.flatMap { kind, paths in paths.map { (kind, $0) } }
    }
    return ordered.filter { $0.indexPath.count == 2 }.compactMap { kind, path in
      UIKitKinds.kind(kind, category: category).map { InvalidationContext.ElementRef(kind: $0, indexPath: path.kit) }
    }
  }
}

extension UICollectionViewUpdateItem {
  convenience init(_ u: UpdateItem) {
    let action: Action =
      switch u.action {
      case .insert: .insert
      case .delete: .delete
      case .reload: .reload
      case .move: .move
      }
    self.init(action: action, before: u.before.map(Self.path), after: u.after.map(Self.path))
  }

  /// A section operation's path is the section with item `NSNotFound`, as UIKit's.
  private static func path(_ p: TesseraKit.IndexPath) -> Foundation.IndexPath {
    Foundation.IndexPath(item: p.item == TesseraKit.IndexPath.noItem ? NSNotFound : p.item, section: p.section)
  }

  var kit: UpdateItem {
    let action: UpdateItem.Action =
      switch updateAction {
      case .insert: .insert
      case .delete: .delete
      case .reload: .reload
      case .move, .none: .move
      }
    func path(_ p: Foundation.IndexPath?) -> TesseraKit.IndexPath? {
      guard let p, p.count == 2 else { return nil }
      return TesseraKit.IndexPath(p.section, p.item == NSNotFound ? TesseraKit.IndexPath.noItem : p.item)
    }
    let isSection =
      (indexPathBeforeUpdate ?? indexPathAfterUpdate).map { $0.count == 2 && $0.item == NSNotFound } ?? false
    return UpdateItem(
      action: action, before: path(indexPathBeforeUpdate), after: path(indexPathAfterUpdate), isSection: isSection)
  }
}
