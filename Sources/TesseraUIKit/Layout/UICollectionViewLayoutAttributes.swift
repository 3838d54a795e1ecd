public import Foundation

extension UICollectionView {
  /// What an element is (UIKit's `UICollectionView.ElementCategory`).
  public enum ElementCategory: UInt, Sendable {
    case cell = 0
    case supplementaryView = 1
    case decorationView = 2
  }
}

/// One element's attributes, as `UICollectionViewLayoutAttributes`: a class, copied with
/// `copy()`, compared with `isEqual(_:)` (`==`). Subclass it to carry more, override
/// `copy(with:)` and `isEqual(_:)`, and return the subclass from your layout's
/// `layoutAttributesClass`.
///
/// The frame, the centre and the size are kept as UIKit keeps them: setting the frame sets the
/// other two; setting the centre moves the frame; setting the size keeps the centre. The frame
/// you set is the frame you read, exactly.
open class UICollectionViewLayoutAttributes: NSObject, NSCopying {
  /// Every attribute a cell usually has, in one stored value of plain data: a layout touches a
  /// property of a class through a run-time exclusivity check, so one value means one check where
  /// a setter changes several, and copying it retains nothing. The size is the frame's (setting
  /// either keeps it so), so it is not stored twice.
  struct Values: Equatable {
    var frame = CGRect.zero
    var center = CGPoint.zero
    var alpha: CGFloat = 1
    var zIndex = 0
    /// The index path's first two numbers (all of it for every element a collection view shows;
    /// `Extras` keeps one of another length).
    var section = 0
    var item = 0
    var isHidden = false
    var category = UICollectionView.ElementCategory.cell

    mutating func setFrame(_ frame: CGRect) {
      self.frame = frame
      center = CGPoint(x: frame.midX, y: frame.midY)
    }

    mutating func setCenter(_ center: CGPoint, size: CGSize) {
      self.center = center
      frame = CGRect(
        x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
    }
  }

  /// What few elements have: a kind (supplementary and decoration views), a transform, an index
  /// path that is not a section and an item. Immutable and shared by copies; nil when the
  /// element has none of them, so a cell's object stays within 120 bytes, the largest block
  /// the C allocator recycles from its fast lists (`malloc`'s fastbins) — a third of a
  /// prepare that makes an object per item went to a slower path before.
  final class Extras: Equatable {
    let kind: String?
    let transform3D: CATransform3D
    let oddIndexPath: IndexPath?

    init(kind: String?, transform3D: CATransform3D, oddIndexPath: IndexPath?) {
      self.kind = kind
      self.transform3D = transform3D
      self.oddIndexPath = oddIndexPath
    }

    /// Extras holding these, or nil when each is the default.
    static func make(kind: String?, transform3D: CATransform3D, oddIndexPath: IndexPath?) -> Extras? {
      if kind == nil, oddIndexPath == nil, CATransform3DIsIdentity(transform3D) { return nil }
      return Extras(kind: kind, transform3D: transform3D, oddIndexPath: oddIndexPath)
    }

    static func == (lhs: Extras, rhs: Extras) -> Bool {
      lhs.kind == rhs.kind && lhs.transform3D == rhs.transform3D && lhs.oddIndexPath == rhs.oddIndexPath
    }
  }

  // Unchecked: the surface's own storage, touched by one thread at a time and never held
  // `inout` across a call into layout code; a run-time check costs more than the rest of a
  // property's work (about 85 instructions).
  @exclusivity(unchecked) final var values = Values()
  @exclusivity(unchecked) final var extras: Extras?

  /// nil for cells.
  final var kind: String? { extras?.kind }

  /// Whether the index path is a section and an item (an element's).
  final var hasElementIndexPath: Bool { extras?.oddIndexPath == nil }

  final func setExtras(kind: String?, transform3D: CATransform3D, oddIndexPath: IndexPath?) {
    extras = Extras.make(kind: kind, transform3D: transform3D, oddIndexPath: oddIndexPath)
  }

  final func setIndexPath(_ indexPath: IndexPath) {
    if indexPath.count == 2 {
      (values.section, values.item) = (indexPath.section, indexPath.item)
      if extras?.oddIndexPath != nil {
        setExtras(kind: extras?.kind, transform3D: transform3D, oddIndexPath: nil)
      }
    } else {
      values.section = indexPath.count > 0 ? indexPath[0] : 0
      values.item = 0
      setExtras(kind: extras?.kind, transform3D: transform3D, oddIndexPath: indexPath)
    }
  }

  open var frame: CGRect {
    get { values.frame }
    set { values.setFrame(newValue) }
  }

  open var center: CGPoint {
    get { values.center }
    set { values.setCenter(newValue, size: values.frame.size) }
  }

  open var size: CGSize {
    get { values.frame.size }
    set { values.setCenter(values.center, size: newValue) }
  }

  /// Origin zero, the element's size.
  open var bounds: CGRect {
    get { CGRect(origin: .zero, size: values.frame.size) }
    set { size = newValue.size }
  }

  open var transform3D: CATransform3D {
    get { extras?.transform3D ?? CATransform3DIdentity }
    set { setExtras(kind: extras?.kind, transform3D: newValue, oddIndexPath: extras?.oddIndexPath) }
  }

  /// The plane part of `transform3D`; setting it sets `transform3D`.
  open var transform: CGAffineTransform {
    get { extras.map { CATransform3DGetAffineTransform($0.transform3D) } ?? .identity }
    set { transform3D = CATransform3DMakeAffineTransform(newValue) }
  }

  open var alpha: CGFloat {
    get { values.alpha }
    set { values.alpha = newValue }
  }

  open var zIndex: Int {
    get { values.zIndex }
    set { values.zIndex = newValue }
  }

  open var isHidden: Bool {
    get { values.isHidden }
    set { values.isHidden = newValue }
  }

  open var indexPath: IndexPath {
    get { extras?.oddIndexPath ?? IndexPath(item: values.item, section: values.section) }
    set { setIndexPath(newValue) }
  }

  public var representedElementCategory: UICollectionView.ElementCategory { values.category }

  /// nil for cells.
  public var representedElementKind: String? { kind }

  public required override init() {
    super.init()
  }

  /// A cell's attributes.
  public convenience init(forCellWith indexPath: IndexPath) {
    self.init()
    setIndexPath(indexPath)
  }

  /// A supplementary view's attributes.
  public convenience init(forSupplementaryViewOfKind elementKind: String, with indexPath: IndexPath) {
    self.init()
    setIndexPath(indexPath)
    values.category = .supplementaryView
    setExtras(kind: elementKind, transform3D: CATransform3DIdentity, oddIndexPath: extras?.oddIndexPath)
  }

  /// A decoration view's attributes.
  public convenience init(forDecorationViewOfKind decorationViewKind: String, with indexPath: IndexPath) {
    self.init()
    setIndexPath(indexPath)
    values.category = .decorationView
    setExtras(kind: decorationViewKind, transform3D: CATransform3DIdentity, oddIndexPath: extras?.oddIndexPath)
  }

  /// `copy(with: nil)`, called directly: NSObject's `copy()` finds `NSCopying` through a
  /// dynamic cast first, which cost more than the copy itself (about 1,000 instructions).
  open override func copy() -> Any {
    copy(with: nil)
  }

  /// A copy of the same class: subclasses override this, call `super`, and copy their own
  /// properties onto the result.
  open func copy(with zone: NSZone? = nil) -> Any {
    let copy = type(of: self).init()
    copy.values = values
    copy.extras = extras
    return copy
  }

  /// Equal when every attribute is: subclasses with more override it and call `super`.
  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? UICollectionViewLayoutAttributes else { return false }
    return other.values == values && other.extras == extras
  }

  open override var hash: Int {
    var hasher = Hasher()
    hasher.combine(values.section)
    hasher.combine(values.item)
    hasher.combine(values.category)
    hasher.combine(kind)
    return hasher.finalize()
  }

  open override var description: String {
    let kind = self.kind.map { "kind: \($0); " } ?? ""
    let f = values.frame
    return
      "<\(type(of: self)): index path: (\(values.section)-\(values.item)); \(kind)frame = (\(f.minX) \(f.minY); \(f.width) \(f.height)); zIndex = \(values.zIndex)>"
  }
}
