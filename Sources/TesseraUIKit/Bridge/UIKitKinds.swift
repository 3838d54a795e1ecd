import Foundation
import TesseraABI
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
  /// The class a layout's `layoutAttributesClass` names, as attributes (the base class when it
  /// names another): cast once per query, not once per element.
  static func attributesClass(_ type: AnyClass) -> UICollectionViewLayoutAttributes.Type {
    (type as? UICollectionViewLayoutAttributes.Type) ?? UICollectionViewLayoutAttributes.self
  }

  /// Attributes of class `type` holding `a`.
  static func make(from a: LayoutAttributes, as type: UICollectionViewLayoutAttributes.Type)
    -> UICollectionViewLayoutAttributes
  {
    let made = type.init()
    made.fill(from: a)
    return made
  }

  /// Sets every attribute from `a` (one write of plain data, and the kind).
  func fill(from a: LayoutAttributes) {
    var values = Values()
    values.setFrame(CGRect(a.frame))
    values.zIndex = Int(a.zIndex)
    values.alpha = CGFloat(a.alpha)
    values.isHidden = a.isHidden
    (values.section, values.item) = (a.indexPath.section, a.indexPath.item)
    let t3 = a.transform3D
    store(values, kind: a.kind, transform: t3 == .identity ? nil : CATransform3D(t3))
  }

  /// Sets every attribute from an ABI record of kind `kind` (nil for a cell).
  func fill(from record: UnsafePointer<tessera_attributes>, kind: ElementKind?) {
    let r = record.pointee
    var values = Values()
    values.setFrame(CGRect(x: r.frame.x, y: r.frame.y, width: r.frame.width, height: r.frame.height))
    values.zIndex = Int(r.z_index)
    values.alpha = CGFloat(r.alpha)
    values.isHidden = r.hidden != 0
    (values.section, values.item) = (Int(r.index_path.section), Int(r.index_path.item))
    let t3 = Transform3D(TesseraKit.Transform(r.transform), depth: r.depth)
    store(values, kind: kind, transform: t3 == .identity ? nil : CATransform3D(t3))
  }

  /// Stores a filled `values`, the element's `kind` (nil for a cell) and its transform (nil: the
  /// identity); the extras object is kept when it already says the same.
  private func store(_ values: Values, kind: ElementKind?, transform: CATransform3D?) {
    var values = values
    var string: String?
    if let kind {
      values.category = UIKitKinds.category(kind.category)
      string = UIKitKinds.string(kind)
    }
    self.values = values
    if let transform {
      extras = Extras(kind: string, transform3D: transform, oddIndexPath: nil)
    } else if let extras {
      if string == nil {
        self.extras = nil
      } else if extras.kind != string || extras.oddIndexPath != nil || !CATransform3DIsIdentity(extras.transform3D) {
        self.extras = Extras(kind: string, transform3D: CATransform3DIdentity, oddIndexPath: nil)
      }
    } else if string != nil {
      extras = Extras(kind: string, transform3D: CATransform3DIdentity, oddIndexPath: nil)
    }
  }

  /// The frame and ABI record of a cell of UIKit's own class with no kind, transform or odd
  /// index path — what nearly every element a layout returns is — read in one go, no
  /// `LayoutAttributes` in between; nil for any other (read through `kit(kinds:)`).
  var plainCellRecord: (frame: Rect, record: tessera_attributes)? {
    guard type(of: self) == UICollectionViewLayoutAttributes.self, extras == nil else { return nil }
    let v = values
    guard v.category == .cell else { return nil }
    let frame = v.frame.kit
    return (
      frame,
      tessera_attributes(
        category: .cell, kind: 0, indexPath: TesseraKit.IndexPath(v.section, v.item), frame: frame,
        zIndex: Int32(clamping: v.zIndex), alpha: Double(v.alpha), isHidden: v.isHidden, transform: .identity,
        custom: CustomValues())
    )
  }

  /// These attributes as TesseraKit's plain record; nil for attributes whose index path is not
  /// a section and an item.
  var kit: LayoutAttributes? {
    var kinds = UIKitKindTable()
    return kit(kinds: &kinds)
  }

  /// `kit`, kinds looked up in (and added to) `kinds`. Attributes of UIKit's own class are read
  /// in one go; a subclass's through its properties, which it may override.
  func kit(kinds: inout UIKitKindTable) -> LayoutAttributes? {
    var v = values
    var transform = CATransform3DIdentity
    if type(of: self) != UICollectionViewLayoutAttributes.self {
      v.frame = frame
      v.zIndex = zIndex
      v.alpha = alpha
      v.isHidden = isHidden
      let path = indexPath
      guard path.count == 2 else { return nil }
      (v.section, v.item) = (path.section, path.item)
      transform = self.transform3D
    } else if let extras {
      guard extras.oddIndexPath == nil else { return nil }
      transform = extras.transform3D
    }
    let path = TesseraKit.IndexPath(v.section, v.item)
    var a: LayoutAttributes
    if v.category == .cell {
      a = LayoutAttributes(indexPath: path, frame: v.frame.kit)
    } else {
      // A supplementary or decoration view without a kind has the empty one (UIKit would refuse
      // to show it; the host reports the undeclared kind).
      a = LayoutAttributes(kind: kinds.kind(kind ?? "", v.category), indexPath: path, frame: v.frame.kit)
    }
    a.zIndex = Int32(clamping: v.zIndex)
    a.alpha = Double(v.alpha)
    a.isHidden = v.isHidden
    if !CATransform3DIsIdentity(transform) { a.transform3D = transform.kit }
    return a
  }
}

/// UIKit's kind strings → Tessera's kinds, for one layout: a string is interned once, then
/// found here (no lock, no copy) however many elements name it.
struct UIKitKindTable {
  private var supplementaries: [String: ElementKind] = [:]
  private var decorations: [String: ElementKind] = [:]
  /// The kinds the layout declares; nil: any kind.
  private let declared: Set<ElementKind>?

  init(declared: [ElementKind]? = nil) {
    self.declared = declared.map(Set.init)
  }

  /// Whether the layout declares `kind` (every kind when the table was made without a list).
  func isDeclared(_ kind: ElementKind) -> Bool {
    declared?.contains(kind) ?? true
  }

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
