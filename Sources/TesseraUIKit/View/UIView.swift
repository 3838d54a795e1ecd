public import Foundation

/// What a layout reads of a view: its frame and bounds, its safe area and margins. Views draw
/// nothing here; a layout file's view classes (a decoration view it registers) compile and are
/// never shown.
open class UIView: NSObject {
  open var frame: CGRect
  open var bounds: CGRect {
    get { CGRect(origin: .zero, size: frame.size) }
    set { frame.size = newValue.size }
  }
  open var safeAreaInsets: UIEdgeInsets { .zero }
  open var layoutMargins = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
  open var backgroundColor: UIColor?
  open var alpha: CGFloat = 1
  open var isHidden = false
  open var clipsToBounds = false
  open var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection { .leftToRight }
  /// The display scale is the viewport's (`viewport WxH@S`), 1 when none is set.
  open var traitCollection: UITraitCollection { UITraitCollection(displayScale: UIScreen.main.scale) }

  public init(frame: CGRect) {
    self.frame = frame
    super.init()
  }

  public override convenience init() {
    self.init(frame: .zero)
  }

  public required init?(coder: NSCoder) {
    frame = .zero
    super.init()
  }

  open func addSubview(_ view: UIView) {}
  open func setNeedsLayout() {}
  open func layoutIfNeeded() {}
  open func layoutSubviews() {}
}

/// Left to right or right to left.
public enum UIUserInterfaceLayoutDirection: Int, Sendable {
  case leftToRight = 0
  case rightToLeft = 1
}

/// A colour, for the views a layout file declares; never drawn.
open class UIColor: NSObject {
  public let red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat

  public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    super.init()
  }

  public convenience init(white: CGFloat, alpha: CGFloat) {
    self.init(red: white, green: white, blue: white, alpha: alpha)
  }

  open class var clear: UIColor { UIColor(white: 0, alpha: 0) }
  open class var black: UIColor { UIColor(white: 0, alpha: 1) }
  open class var white: UIColor { UIColor(white: 1, alpha: 1) }
  open class var gray: UIColor { UIColor(white: 0.5, alpha: 1) }
  open class var lightGray: UIColor { UIColor(white: 2.0 / 3.0, alpha: 1) }
  open class var red: UIColor { UIColor(red: 1, green: 0, blue: 0, alpha: 1) }
  open class var blue: UIColor { UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
  open class var systemBackground: UIColor { .white }
  open class var secondarySystemBackground: UIColor { UIColor(red: 0.95, green: 0.95, blue: 0.97, alpha: 1) }

  open func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
    UIColor(red: red, green: green, blue: blue, alpha: alpha)
  }
}

/// A supplementary or decoration view: declared by a layout file (`register(_:forDecorationViewOfKind:)`),
/// never made here.
open class UICollectionReusableView: UIView {
  open var reuseIdentifier: String? { nil }
  open func prepareForReuse() {}
  open func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {}
  open func preferredLayoutAttributesFitting(_ layoutAttributes: UICollectionViewLayoutAttributes)
    -> UICollectionViewLayoutAttributes
  { layoutAttributes }
}

/// A cell class, for files that declare one beside their layout; never made here.
open class UICollectionViewCell: UICollectionReusableView {
  open var contentView: UIView { self }
  open var isSelected = false
  open var isHighlighted = false
}

/// A nib, for `register(_:forDecorationViewOfKind:)`'s other form; never loaded here.
open class UINib: NSObject {
  public let name: String

  public init(nibName name: String, bundle: Bundle?) {
    self.name = name
    super.init()
  }
}
