import TesseraKit

extension FlowLayout {
  /// `UICollectionViewFlowLayout.SectionInsetReference`: what section insets are measured from
  /// (docs/uikit-behaviour.md, "Scroll view insets").
  enum InsetReference: String, CaseIterable, Hashable {
    case fromContentInset, fromSafeArea, fromLayoutMargins

    /// The edges section insets are measured from, or nil for the content inset (the insets
    /// stay as they are).
    func edges(in insets: ScrollInsets) -> EdgeInsets? {
      switch self {
      case .fromContentInset: nil
      case .fromSafeArea: insets.safeAreaInsets
      case .fromLayoutMargins: insets.layoutMargins
      }
    }
  }
}

extension FlowLayout.Configuration {
  /// The section insets across the scroll axis (left and right when vertical) measured from the
  /// reference, as UIKit's flow measures them: each edge becomes max(inset + reference −
  /// adjustedContentInset, 0). Along the scroll axis the reference is applied once to the whole
  /// content, not per section (`FlowGeometry.rebuild`).
  func measured(from insets: ScrollInsets) -> Self {
    guard let reference = insetReference.edges(in: insets) else { return self }
    let a = insets.adjustedContentInset
    var c = self
    if isVertical {
      c.inset.left = max(0, inset.left + reference.left - a.left)
      c.inset.right = max(0, inset.right + reference.right - a.right)
    } else {
      c.inset.top = max(0, inset.top + reference.top - a.top)
      c.inset.bottom = max(0, inset.bottom + reference.bottom - a.bottom)
    }
    return c
  }
}
