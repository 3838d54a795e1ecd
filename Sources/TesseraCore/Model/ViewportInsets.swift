import TesseraKit

/// The scroll view's insets as a person sets them (`viewport … inset= safeArea= margins=
/// adjust=`), and how they resolve into what a layout reads (`ScrollInsets`) once it is known
/// which axes the content scrolls along.
public struct ViewportInsets: Hashable, Sendable {
  /// UIView's default margins: 8 points on each edge.
  public static let defaultMargins = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8)

  /// `contentInset`.
  public var content = EdgeInsets.zero
  /// `safeAreaInsets`.
  public var safeArea = EdgeInsets.zero
  /// The view's own margins; `layoutMargins` adds the safe area to them
  /// (`insetsLayoutMarginsFromSafeArea`, true by default).
  public var margins = ViewportInsets.defaultMargins
  /// `contentInsetAdjustmentBehavior`.
  public var adjustment = ScrollInsets.Adjustment.automatic

  public init() {}

  /// The adjustments by the words `viewport adjust=` takes (UIKit's case names).
  public static let adjustmentWords: [(word: String, value: ScrollInsets.Adjustment)] = [
    ("automatic", .automatic), ("scrollableAxes", .scrollableAxes), ("never", .never), ("always", .always),
  ]

  /// The word for an adjustment, as `adjust=` takes it.
  public static func word(_ adjustment: ScrollInsets.Adjustment) -> String {
    adjustmentWords.first { $0.value == adjustment }?.word ?? "automatic"
  }

  /// True when nothing differs from a plain collection view's.
  public var isDefault: Bool { self == ViewportInsets() }

  /// What the layout reads, when the content scrolls `across` (its width exceeds the bounds') and
  /// `down` (its height does).
  public func resolved(scrollsAcross across: Bool, scrollsDown down: Bool) -> ScrollInsets {
    let (addsTopBottom, addsLeftRight): (Bool, Bool) =
      switch adjustment {
      case .automatic: (true, across)
      case .scrollableAxes: (down, across)
      case .never: (false, false)
      case .always: (true, true)
      }
    let s = safeArea
    let adjusted = EdgeInsets(
      top: content.top + (addsTopBottom ? s.top : 0), left: content.left + (addsLeftRight ? s.left : 0),
      bottom: content.bottom + (addsTopBottom ? s.bottom : 0), right: content.right + (addsLeftRight ? s.right : 0))
    let marginsWithSafeArea = EdgeInsets(
      top: margins.top + s.top, left: margins.left + s.left, bottom: margins.bottom + s.bottom,
      right: margins.right + s.right)
    return ScrollInsets(
      adjustment: adjustment, contentInset: content, adjustedContentInset: adjusted, safeAreaInsets: s,
      layoutMargins: marginsWithSafeArea)
  }
}
