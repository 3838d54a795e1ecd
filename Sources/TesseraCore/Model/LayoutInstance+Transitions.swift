import TesseraABI
import TesseraKit

/// The layout-change hooks of ABI 2.1: where the content offset ends, and the transition
/// lifecycle (`prepareForTransition(to:)`, `(from:)`, `finalizeLayoutTransition`). NULL functions
/// are UIKit's base class: the proposed offset, and nothing to do.
extension LayoutInstance {
  /// `targetContentOffset(forProposedContentOffset:)`: the layout's answer, or `proposed` when it
  /// has none. A non-finite answer is the plugin's bug.
  public func targetContentOffset(forProposed proposed: Point) throws(HostError) -> Point {
    try prepareIfNeeded()
    guard let call = descriptor.target_content_offset else { return proposed }
    var out = proposed.abi
    let status = calling(.targetContentOffset) { call(instance, proposed.abi, &out) }
    guard try checkOptional(status, "failed to give a target content offset") else {
      record(.targetContentOffset, "\(formatNumber(proposed.x)) \(formatNumber(proposed.y))", result: "unsupported")
      return proposed
    }
    let target = Point(out)
    record(
      .targetContentOffset, "\(formatNumber(proposed.x)) \(formatNumber(proposed.y))",
      result: "\(formatNumber(target.x)) \(formatNumber(target.y))")
    guard target.x.isFinite, target.y.isFinite else {
      throw HostError(
        .pluginBug,
        "layout '\(layoutClass.name)' gave a non-finite target content offset \(formatNumber(target.x)) \(formatNumber(target.y)) (plugin bug)"
      )
    }
    return target
  }

  /// targetContentOffset(forProposedContentOffset:withScrollingVelocity:): where a fling released
  /// with `velocity` (points per second) comes to rest; the proposed offset when the layout has
  /// no such call (UIKit's base class).
  public func targetContentOffset(forProposed proposed: Point, velocity: Point) throws(HostError) -> Point {
    try prepareIfNeeded()
    let arguments =
      "\(formatNumber(proposed.x)) \(formatNumber(proposed.y)) velocity \(formatNumber(velocity.x)) \(formatNumber(velocity.y))"
    guard let call = descriptor.target_content_offset_for_velocity else { return proposed }
    var out = proposed.abi
    let status = calling(.targetContentOffsetForVelocity) { call(instance, proposed.abi, velocity.abi, &out) }
    guard try checkOptional(status, "failed to give a target content offset for a fling") else {
      record(.targetContentOffsetForVelocity, arguments, result: "unsupported")
      return proposed
    }
    let target = Point(out)
    record(
      .targetContentOffsetForVelocity, arguments, result: "\(formatNumber(target.x)) \(formatNumber(target.y))")
    guard target.x.isFinite, target.y.isFinite else {
      throw HostError(
        .pluginBug,
        "layout '\(layoutClass.name)' gave a non-finite target content offset \(formatNumber(target.x)) \(formatNumber(target.y)) for a fling (plugin bug)"
      )
    }
    return target
  }

  /// `prepareForTransition(to:)`: this layout is about to be replaced by `next`.
  public func prepareForTransition(to next: LayoutClass) throws(HostError) {
    guard let call = descriptor.prepare_for_transition_to else { return }
    record(.prepareForTransitionTo, next.name)
    _ = try checkOptional(
      calling(.prepareForTransitionTo) { call(instance, next.descriptor) }, "failed to prepare a transition")
  }

  /// `prepareForTransition(from:)`: this layout is about to replace `previous`.
  public func prepareForTransition(from previous: LayoutClass) throws(HostError) {
    guard let call = descriptor.prepare_for_transition_from else { return }
    record(.prepareForTransitionFrom, previous.name)
    _ = try checkOptional(
      calling(.prepareForTransitionFrom) { call(instance, previous.descriptor) }, "failed to prepare a transition")
  }

  /// `finalizeLayoutTransition`: the change is over, finished or cancelled.
  public func finalizeLayoutTransition() {
    guard let call = descriptor.finalize_layout_transition else { return }
    record(.finalizeLayoutTransition)
    calling(.finalizeLayoutTransition) { call(instance) }
  }

  /// The element like `e` (same category, kind and index path) in this layout, if it has one.
  public func counterpart(of e: Element) throws(HostError) -> Element? {
    switch e.category {
    case .cell: return model.containsItem(e.indexPath) ? try item(at: e.indexPath) : nil
    case .supplementary: return try supplementary(e.kind ?? "", at: e.indexPath)
    case .decoration: return try decoration(e.kind ?? "", at: e.indexPath)
    }
  }
}
