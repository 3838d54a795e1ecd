import TesseraKit

/// What the queries show now: the current layout's answers, or during an interactive transition
/// the blend of both layouts' snapshots (UIKit's transition layout answers with all of them).
extension WorkbenchState {
  /// What a rect query shows now: the layout's answer, or during a transition every snapshotted
  /// element at the current progress (UIKit's transition layout returns them all).
  func shownElements(in rect: Rect) throws(HostError) -> [Element] {
    if let transition { return transition.elements(screenScale: screenScale) }
    return try currentLayout().attributes(in: rect)
  }

  /// Every element now (`dump` without a rect).
  func shownElements() throws(HostError) -> [Element] {
    if let transition { return transition.elements(screenScale: screenScale) }
    return try currentLayout().allAttributes()
  }

  /// The content size now: during a transition the larger of both layouts' on each side.
  func shownContentSize() throws(HostError) -> Size {
    if let transition { return transition.contentSize }
    return try currentLayout().contentSize()
  }
}
