public import Foundation

/// An item attached to an anchor point, by a rigid rod (`frequency` 0, UIKit's default) or a
/// damped spring (`frequency` in hertz, `damping` as a ratio: 1 is critical). What a springy
/// collection-view layout attaches each cell to its resting place with, `length` 0.
///
/// As UIKit's (the decompiled `-[UIAttachmentBehavior _reevaluateJoint]` of iOS 26.1): the
/// attachment is a Box2D distance joint whose length, unless set, is the distance between the
/// item's centre and the anchor when the behaviour joins an animator; damping and frequency are
/// 0 until set. Only attachments of an item's centre to an anchor are simulated; attachments
/// between two items, offsets from the centre and ranges are not part of this surface.
open class UIAttachmentBehavior: UIDynamicBehavior {
  /// `UIAttachmentBehavior.AttachmentType`.
  public enum AttachmentType: Int, Sendable {
    case items = 0
    case anchor = 1
  }

  public let items: [UIDynamicItem]
  public let attachedBehaviorType: AttachmentType = .anchor

  private var storedAnchor: CGPoint
  private var storedLength: CGFloat?
  private var storedDamping: CGFloat = 0
  private var storedFrequency: CGFloat = 0
  /// The joint's length once associated (the distance when it joined, or `length` as set).
  var associatedLength: CGFloat?

  public init(item: UIDynamicItem, attachedToAnchor point: CGPoint) {
    items = [item]
    storedAnchor = point
    super.init()
  }

  /// Where the item is attached to; moving it wakes the item.
  open var anchorPoint: CGPoint {
    get { storedAnchor }
    set {
      guard newValue != storedAnchor else { return }
      storedAnchor = newValue
      changed()
    }
  }

  /// The rod's or spring's rest length, in points: as set, or the distance when the behaviour
  /// joined its animator; 0 before that unless set (as UIKit answers).
  open var length: CGFloat {
    get { associatedLength ?? storedLength ?? 0 }
    set {
      guard newValue != length || associatedLength == nil else { return }
      storedLength = newValue
      if associatedLength != nil { associatedLength = newValue }
      changed()
    }
  }

  /// The damping ratio of a spring (0 by default; 1 is critical damping).
  open var damping: CGFloat {
    get { storedDamping }
    set {
      guard newValue != storedDamping else { return }
      storedDamping = newValue
      changed()
    }
  }

  /// The spring's frequency in hertz; 0 (the default) makes a rigid rod.
  open var frequency: CGFloat {
    get { storedFrequency }
    set {
      guard newValue != storedFrequency else { return }
      storedFrequency = newValue
      changed()
    }
  }

  /// Kept for source compatibility; a pin's friction is not simulated.
  open var frictionTorque: CGFloat = 0
  /// Kept for source compatibility; ranges are not simulated.
  open var attachmentRange = UIFloatRange.infinite

  /// The length set before association, if any.
  var lengthAsSet: CGFloat? { storedLength }

  /// Takes up the joint's values a saved motion holds (`UIDynamicAnimator.restoreMotion`),
  /// without waking the item: the animator sets its body as it was.
  func takeUp(anchor: CGPoint, length: CGFloat, damping: CGFloat, frequency: CGFloat) {
    storedAnchor = anchor
    if associatedLength != nil { associatedLength = length } else { storedLength = length }
    storedDamping = damping
    storedFrequency = frequency
  }

  private func changed() {
    dynamicAnimator?.attachmentChanged(self)
  }
}
