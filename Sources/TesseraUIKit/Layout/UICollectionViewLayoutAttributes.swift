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
  private var storedFrame = CGRect.zero
  private var storedCenter = CGPoint.zero
  private var storedSize = CGSize.zero
  private var storedTransform3D = CATransform3DIdentity

  open var frame: CGRect {
    get { storedFrame }
    set {
      storedFrame = newValue
      storedSize = newValue.size
      storedCenter = CGPoint(x: newValue.midX, y: newValue.midY)
    }
  }

  open var center: CGPoint {
    get { storedCenter }
    set {
      storedCenter = newValue
      updateFrame()
    }
  }

  open var size: CGSize {
    get { storedSize }
    set {
      storedSize = newValue
      updateFrame()
    }
  }

  /// Origin zero, the element's size.
  open var bounds: CGRect {
    get { CGRect(origin: .zero, size: storedSize) }
    set { size = newValue.size }
  }

  open var transform3D: CATransform3D {
    get { storedTransform3D }
    set { storedTransform3D = newValue }
  }

  /// The plane part of `transform3D`; setting it sets `transform3D`.
  open var transform: CGAffineTransform {
    get { CATransform3DGetAffineTransform(storedTransform3D) }
    set { storedTransform3D = CATransform3DMakeAffineTransform(newValue) }
  }

  open var alpha: CGFloat = 1
  open var zIndex: Int = 0
  open var isHidden = false
  open var indexPath = IndexPath(item: 0, section: 0)
  public internal(set) var representedElementCategory = UICollectionView.ElementCategory.cell
  /// nil for cells.
  public internal(set) var representedElementKind: String?

  public required override init() {
    super.init()
  }

  /// A cell's attributes.
  public convenience init(forCellWith indexPath: IndexPath) {
    self.init()
    self.indexPath = indexPath
  }

  /// A supplementary view's attributes.
  public convenience init(forSupplementaryViewOfKind elementKind: String, with indexPath: IndexPath) {
    self.init()
    self.indexPath = indexPath
    representedElementCategory = .supplementaryView
    representedElementKind = elementKind
  }

  /// A decoration view's attributes.
  public convenience init(forDecorationViewOfKind decorationViewKind: String, with indexPath: IndexPath) {
    self.init()
    self.indexPath = indexPath
    representedElementCategory = .decorationView
    representedElementKind = decorationViewKind
  }

  private func updateFrame() {
    storedFrame = CGRect(
      x: storedCenter.x - storedSize.width / 2, y: storedCenter.y - storedSize.height / 2, width: storedSize.width,
      height: storedSize.height)
  }

  /// A copy of the same class: subclasses override this, call `super`, and copy their own
  /// properties onto the result.
  open func copy(with zone: NSZone? = nil) -> Any {
    let copy = type(of: self).init()
    copy.storedFrame = storedFrame
    copy.storedCenter = storedCenter
    copy.storedSize = storedSize
    copy.storedTransform3D = storedTransform3D
    copy.alpha = alpha
    copy.zIndex = zIndex
    copy.isHidden = isHidden
    copy.indexPath = indexPath
    copy.representedElementCategory = representedElementCategory
    copy.representedElementKind = representedElementKind
    return copy
  }

  /// Equal when every attribute is: subclasses with more override it and call `super`.
  open override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? UICollectionViewLayoutAttributes else { return false }
    return other.storedFrame == storedFrame && other.storedCenter == storedCenter && other.storedSize == storedSize
      && other.storedTransform3D == storedTransform3D && other.alpha == alpha && other.zIndex == zIndex
      && other.isHidden == isHidden && other.indexPath == indexPath
      && other.representedElementCategory == representedElementCategory
      && other.representedElementKind == representedElementKind
  }

  open override var hash: Int {
    var hasher = Hasher()
    hasher.combine(indexPath)
    hasher.combine(representedElementCategory)
    hasher.combine(representedElementKind)
    return hasher.finalize()
  }

  open override var description: String {
    let kind = representedElementKind.map { "kind: \($0); " } ?? ""
    return
      "<\(type(of: self)): index path: (\(indexPath.section)-\(indexPath.item)); \(kind)frame = (\(frame.minX) \(frame.minY); \(frame.width) \(frame.height)); zIndex = \(zIndex)>"
  }
}
