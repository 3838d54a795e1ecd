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
  /// Every attribute but the kind in one stored value of plain data: a layout touches a
  /// property of a class through a run-time exclusivity check, so one value means one check where
  /// a setter changes several, and copying it retains nothing.
  struct Values: Equatable {
    var frame = CGRect.zero
    var center = CGPoint.zero
    var size = CGSize.zero
    var alpha: CGFloat = 1
    var zIndex = 0
    var isHidden = false
    var category = UICollectionView.ElementCategory.cell
    /// The index path as section and item, and how many numbers it had (2 for every element a
    /// collection view shows; another count is kept as its first two numbers and is no element).
    var section = 0
    var item = 0
    var pathLength = 2
    /// The plane part of the 3D transform (all of it unless `hasDepth`).
    var transform = CGAffineTransform.identity
    var hasDepth = false

    var indexPath: IndexPath {
      get {
        switch pathLength {
        case 2: return IndexPath(item: item, section: section)
        case 0: return IndexPath()
        case 1: return IndexPath(index: section)
        default: return IndexPath(indexes: [section, item] + Array(repeating: 0, count: pathLength - 2))
        }
      }
      set {
        pathLength = newValue.count
        section = newValue.count > 0 ? newValue[0] : 0
        item = newValue.count > 1 ? newValue[1] : 0
      }
    }

    mutating func setFrame(_ frame: CGRect) {
      self.frame = frame
      size = frame.size
      center = CGPoint(x: frame.midX, y: frame.midY)
    }

    mutating func updateFrame() {
      frame = CGRect(
        x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
    }
  }

  // Unchecked: the surface's own storage, touched by one thread at a time and never held
  // `inout` across a call into layout code; a run-time check costs more than the rest of a
  // property's work (about 85 instructions).
  @exclusivity(unchecked) final var values = Values()
  /// nil for cells.
  @exclusivity(unchecked) final var kind: String?
  /// A 3D transform that is not a plane one (rare: a layout that tilts in depth), boxed so that
  /// every other element is 120 bytes smaller.
  @exclusivity(unchecked) final var depthBox: DepthBox?

  /// A 3D transform, shared by copies (it never changes).
  final class DepthBox: Equatable {
    let value: CATransform3D
    init(_ value: CATransform3D) { self.value = value }
    static func == (lhs: DepthBox, rhs: DepthBox) -> Bool { lhs.value == rhs.value }
  }

  open var frame: CGRect {
    get { values.frame }
    set { values.setFrame(newValue) }
  }

  open var center: CGPoint {
    get { values.center }
    set {
      values.center = newValue
      values.updateFrame()
    }
  }

  open var size: CGSize {
    get { values.size }
    set {
      values.size = newValue
      values.updateFrame()
    }
  }

  /// Origin zero, the element's size.
  open var bounds: CGRect {
    get { CGRect(origin: .zero, size: values.size) }
    set { size = newValue.size }
  }

  open var transform3D: CATransform3D {
    get { depthBox?.value ?? CATransform3DMakeAffineTransform(values.transform) }
    set {
      values.transform = CATransform3DGetAffineTransform(newValue)
      values.hasDepth = !CATransform3DIsAffine(newValue)
      depthBox = values.hasDepth ? DepthBox(newValue) : nil
    }
  }

  /// The plane part of `transform3D`; setting it sets `transform3D`.
  open var transform: CGAffineTransform {
    get { values.transform }
    set {
      values.transform = newValue
      values.hasDepth = false
      depthBox = nil
    }
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
    get { values.indexPath }
    set { values.indexPath = newValue }
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
    values.indexPath = indexPath
  }

  /// A supplementary view's attributes.
  public convenience init(forSupplementaryViewOfKind elementKind: String, with indexPath: IndexPath) {
    self.init()
    values.indexPath = indexPath
    values.category = .supplementaryView
    kind = elementKind
  }

  /// A decoration view's attributes.
  public convenience init(forDecorationViewOfKind decorationViewKind: String, with indexPath: IndexPath) {
    self.init()
    values.indexPath = indexPath
    values.category = .decorationView
    kind = decorationViewKind
  }

  /// A copy of the same class: subclasses override this, call `super`, and copy their own
  /// properties onto the result.
  open func copy(with zone: NSZone? = nil) -> Any {
    let copy = type(of: self).init()
    copy.values = values
    copy.kind = kind
    copy.depthBox = depthBox
    return copy
  }

  /// Equal when every attribute is: subclasses with more override it and call `super`.
  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? UICollectionViewLayoutAttributes else { return false }
    return other.values == values && other.kind == kind && other.depthBox == depthBox
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
