public import Foundation

/// A behaviour an animator applies to its items. Composite behaviours add children; the
/// animator simulates the attachments among them (`UIAttachmentBehavior`), the behaviour
/// collection-view layouts use.
open class UIDynamicBehavior: NSObject {
  public private(set) var childBehaviors: [UIDynamicBehavior] = []
  /// Runs after every step of the simulation, as UIKit's does.
  open var action: (() -> Void)?
  /// The animator the behaviour is in, if any.
  public internal(set) weak var dynamicAnimator: UIDynamicAnimator?

  public override init() {}

  open func addChildBehavior(_ behavior: UIDynamicBehavior) {
    guard !childBehaviors.contains(where: { $0 === behavior }) else { return }
    childBehaviors.append(behavior)
    dynamicAnimator?.childAdded(behavior)
  }

  open func removeChildBehavior(_ behavior: UIDynamicBehavior) {
    guard let index = childBehaviors.firstIndex(where: { $0 === behavior }) else { return }
    childBehaviors.remove(at: index)
    dynamicAnimator?.childRemoved(behavior)
  }

  /// Called before the behaviour joins an animator, or leaves one (nil).
  open func willMove(to dynamicAnimator: UIDynamicAnimator?) {}

  /// The behaviour and its descendants, depth first.
  var flattened: [UIDynamicBehavior] { [self] + childBehaviors.flatMap(\.flattened) }
}
