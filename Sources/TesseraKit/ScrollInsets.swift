package import TesseraABI

/// The scroll view's insets as a layout reads them from its collection view (ABI 2.5), each an
/// inset from the edges of the bounds, as `UIScrollView` and `UIView` have them.
public struct ScrollInsets: Hashable, Sendable {
  /// How the safe area joins the content inset: `UIScrollView.ContentInsetAdjustmentBehavior`.
  public enum Adjustment: UInt32, Hashable, Sendable, CaseIterable {
    /// Top and bottom always; left and right when the content scrolls across (UIKit's default).
    case automatic = 0
    /// Each axis along which the content scrolls.
    case scrollableAxes = 1
    case never = 2
    case always = 3
  }

  public var adjustment = Adjustment.automatic
  /// What the app set (`contentInset`); may be negative.
  public var contentInset = EdgeInsets.zero
  /// `contentInset` plus the safe area on the edges `adjustment` covers (`adjustedContentInset`).
  public var adjustedContentInset = EdgeInsets.zero
  /// What the screen covers (`safeAreaInsets`).
  public var safeAreaInsets = EdgeInsets.zero
  /// The view's margins, the safe area included (`layoutMargins`).
  public var layoutMargins = EdgeInsets.zero

  public init(
    adjustment: Adjustment = .automatic, contentInset: EdgeInsets = .zero, adjustedContentInset: EdgeInsets = .zero,
    safeAreaInsets: EdgeInsets = .zero, layoutMargins: EdgeInsets = .zero
  ) {
    self.adjustment = adjustment
    self.contentInset = contentInset
    self.adjustedContentInset = adjustedContentInset
    self.safeAreaInsets = safeAreaInsets
    self.layoutMargins = layoutMargins
  }

  package init(_ abi: tessera_scroll_insets) {
    // Fields past what the host wrote stay at the zero the reader cleared them to.
    self.init(
      adjustment: Adjustment(rawValue: abi.adjustment) ?? .automatic, contentInset: EdgeInsets(abi.content_inset),
      adjustedContentInset: EdgeInsets(abi.adjusted_content_inset), safeAreaInsets: EdgeInsets(abi.safe_area_insets),
      layoutMargins: EdgeInsets(abi.layout_margins))
  }

  package var abi: tessera_scroll_insets {
    tessera_scroll_insets(
      struct_size: abiSize(tessera_scroll_insets.self), adjustment: adjustment.rawValue,
      content_inset: contentInset.abi, adjusted_content_inset: adjustedContentInset.abi,
      safe_area_insets: safeAreaInsets.abi, layout_margins: layoutMargins.abi)
  }

  /// How far the section insets of a flow layout's `sectionInsetReference` reach past the
  /// adjusted content inset: `reference` (the safe area or the layout margins) less what the
  /// adjusted content inset already keeps clear, never below zero, edge by edge.
  public func extraInsets(from reference: EdgeInsets) -> EdgeInsets {
    let a = adjustedContentInset
    return EdgeInsets(
      top: Swift.max(0, reference.top - a.top), left: Swift.max(0, reference.left - a.left),
      bottom: Swift.max(0, reference.bottom - a.bottom), right: Swift.max(0, reference.right - a.right))
  }
}
