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

  /// Item `path` now: the layout's own lookup, or its blend during a transition.
  func shownItem(at path: IndexPath) throws(HostError) -> Element {
    guard model.dataset.contains(path) else { throw HostError(model.dataset.describeMissing(path)) }
    if let transition {
      guard let element = transition.element(like: .cell, kind: nil, at: path, screenScale: screenScale) else {
        throw HostError("item \(path) is in neither layout's snapshot of the transition (it was off screen in both)")
      }
      return element
    }
    let layout = try currentLayout()
    guard let element = try layout.item(at: path) else {
      throw HostError("layout '\(layout.layoutClass.name)' has no attributes for item \(path)")
    }
    return element
  }

  /// A supplementary or decoration view now, through the layout's lookup (as UIKit asks when it
  /// needs one view), or its blend during a transition.
  func shownView(_ kind: String, at path: IndexPath) throws(HostError) -> Element {
    let layout = try currentLayout()
    let isDecoration = [layout.layoutClass, transition?.next.layoutClass].contains {
      $0?.kindNames(.decoration).contains(kind) == true
    }
    if let transition {
      let category: ElementCategory = isDecoration ? .decoration : .supplementary
      guard let element = transition.element(like: category, kind: kind, at: path, screenScale: screenScale) else {
        throw HostError("\(kind) \(path) is in neither layout's snapshot of the transition")
      }
      return element
    }
    let found = isDecoration ? try layout.decoration(kind, at: path) : try layout.supplementary(kind, at: path)
    guard let found else {
      throw HostError(
        "layout '\(layout.layoutClass.name)' has no \(isDecoration ? "decoration" : "supplementary") view \(kind) \(path)"
      )
    }
    return found
  }
}
