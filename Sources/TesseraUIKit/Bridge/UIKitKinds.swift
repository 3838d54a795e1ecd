import Foundation
import TesseraKit

/// UIKit's kind strings ↔ Tessera's kinds. UIKit's header and footer kinds are Tessera's
/// `header` and `footer` (so a flow written for UIKit draws and prints as the bundled flow);
/// every other kind keeps its string as its name.
enum UIKitKinds {
  static let header = ElementKind.supplementary("header")
  static let footer = ElementKind.supplementary("footer")

  static func kind(_ string: String, category: UICollectionView.ElementCategory) -> ElementKind? {
    switch category {
    case .cell: return nil
    case .supplementaryView:
      switch string {
      case UICollectionView.elementKindSectionHeader: return header
      case UICollectionView.elementKindSectionFooter: return footer
      default: return ElementKind(.supplementary, named: string)
      }
    case .decorationView: return ElementKind(.decoration, named: string)
    }
  }

  static func string(_ kind: ElementKind) -> String {
    if kind == header { return UICollectionView.elementKindSectionHeader }
    if kind == footer { return UICollectionView.elementKindSectionFooter }
    return kind.name.description
  }

  static func category(_ category: ElementCategory) -> UICollectionView.ElementCategory {
    switch category {
    case .cell: .cell
    case .supplementary: .supplementaryView
    case .decoration: .decorationView
    }
  }
}

extension UICollectionViewLayoutAttributes {
  /// Attributes of class `type` (a layout's `layoutAttributesClass`) holding `a`.
  static func make(from a: LayoutAttributes, as type: AnyClass) -> UICollectionViewLayoutAttributes {
    let made = ((type as? UICollectionViewLayoutAttributes.Type) ?? UICollectionViewLayoutAttributes.self).init()
    made.frame = CGRect(a.frame)
    made.zIndex = Int(a.zIndex)
    made.alpha = CGFloat(a.alpha)
    made.isHidden = a.isHidden
    if a.transform != .identity { made.transform = CGAffineTransform(a.transform) }
    made.indexPath = Foundation.IndexPath(a.indexPath)
    if let kind = a.kind {
      made.representedElementCategory = UIKitKinds.category(kind.category)
      made.representedElementKind = UIKitKinds.string(kind)
    }
    return made
  }

  /// These attributes as TesseraKit's plain record; nil for attributes whose index path is not
  /// a section and an item.
  var kit: LayoutAttributes? {
    var kinds = UIKitKindTable()
    return kit(kinds: &kinds)
  }

  /// `kit`, kinds looked up in (and added to) `kinds`.
  func kit(kinds: inout UIKitKindTable) -> LayoutAttributes? {
    guard indexPath.count == 2 else { return nil }
    let path = TesseraKit.IndexPath(indexPath.section, indexPath.item)
    var a: LayoutAttributes
    if representedElementCategory == .cell {
      a = LayoutAttributes(indexPath: path, frame: frame.kit)
    } else {
      // A supplementary or decoration view without a kind has the empty one (UIKit would refuse
      // to show it; the host reports the undeclared kind).
      let kind = kinds.kind(representedElementKind ?? "", representedElementCategory)
      a = LayoutAttributes(kind: kind, indexPath: path, frame: frame.kit)
    }
    a.zIndex = Int32(clamping: zIndex)
    a.alpha = Double(alpha)
    a.isHidden = isHidden
    a.transform = transform.kit
    return a
  }
}

/// UIKit's kind strings → Tessera's kinds, for one layout: a string is interned once, then
/// found here (no lock, no copy) however many elements name it.
struct UIKitKindTable {
  private var supplementaries: [String: ElementKind] = [:]
  private var decorations: [String: ElementKind] = [:]

  /// The kind of a supplementary or decoration view named `string`.
  mutating func kind(_ string: String, _ category: UICollectionView.ElementCategory) -> ElementKind {
    if category == .decorationView {
      if let found = decorations[string] { return found }
      let kind = UIKitKinds.kind(string, category: .decorationView)!
      decorations[string] = kind
      return kind
    }
    if let found = supplementaries[string] { return found }
    let kind = UIKitKinds.kind(string, category: .supplementaryView)!
    supplementaries[string] = kind
    return kind
  }
}
