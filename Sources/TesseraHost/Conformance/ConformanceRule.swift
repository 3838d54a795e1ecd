/// One rule `tessera conform` checks a layout against, by the name its reports use.
public enum ConformanceRule: String, CaseIterable, Sendable {
  case validAnswers = "valid-answers"
  case rectQuery = "rect-query"
  case lookup
  case contentSize = "content-size"
  case determinism
  case selfSizing = "self-sizing"
  case batch
  case scrollStable = "scroll-stable"
  case boundsChange = "bounds-change"
  case motionRestore = "motion-restore"

  /// What the rule asks, for reports and `--help`.
  public var summary: String {
    switch self {
    case .validAnswers:
      "no plugin bug the host refuses: finite, non-negative frames, index paths that exist, declared kinds, counts that do not lie"
    case .rectQuery:
      "a rect query returns exactly the elements whose frames intersect the rect as CGRectIntersectsRect has it (touching and zero-area frames included), once each"
    case .lookup:
      "every item of the data has a cell in the listing, and attributes_for_item (and every supplementary and decoration view's lookup) agrees with the listing"
    case .contentSize:
      "the content size covers every frame and no frame starts before (0, 0) (across a side the content does not scroll, as wide as the bounds, frames may overflow, as UIKit's flow layout lets a wide item)"
    case .determinism: "a fresh instance on the same data gives the same elements"
    case .selfSizing: "after a preferred size, the incremental pass gives what a fresh prepare with that size gives"
    case .batch: "after a batch update, the layout gives what a fresh prepare of the new data gives"
    case .scrollStable:
      "when a scroll does not invalidate the layout, its answers do not change: a rect asked before and after the scroll gives the same elements (a layout that moves with time is compared at rest, each frame to within \(formatNumber(ConformanceChecker.restingTolerance)) point)"
    case .boundsChange:
      "after the viewport's size, the screen's scale or the offset changes, the layout answers what a fresh instance at the new bounds answers (UIKit's contract: a layout whose answers depend on the bounds asks to be invalidated; a layout that moves with time is compared at rest, each frame to within \(formatNumber(ConformanceChecker.restingTolerance)) point)"
    case .motionRestore:
      "a layout that saves its motion (tessera.state/1): after a drag sets it moving, a fresh instance at the same bounds takes up what it saved and lists, frame by frame, exactly what it lists (a layout at rest after the drag, or one that cannot save its motion then, keeps the rule)"
    }
  }
}
