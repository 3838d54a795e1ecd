public import Foundation

/// Told when an animator starts moving and when it comes to rest.
public protocol UIDynamicAnimatorDelegate: AnyObject {
  func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator)
  func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator)
}

/// UIKit Dynamics for a collection-view layout: the animator a springy layout makes with
/// `UIDynamicAnimator(collectionViewLayout: self)`. Its items are the layout's attributes; the
/// workbench's clock (`step`, `drag`, `fling`, `scroll … animated`) ticks it once a frame, which
/// steps the simulation (`PhysicsWorld`), writes each moving item's centre back into its
/// attributes and invalidates the layout with an empty context, as UIKit's animator does on every
/// display-link tick (`-[UIDynamicAnimator _animatorStep:]` invalidates with the layout's
/// `_invalidationContextForRefreshingVisibleElementAttributes`).
open class UIDynamicAnimator: NSObject {
  /// The layout whose attributes it moves.
  public private(set) weak var collectionViewLayout: UICollectionViewLayout?
  open weak var delegate: UIDynamicAnimatorDelegate?

  private var topLevel: [UIDynamicBehavior] = []
  /// The top-level behaviours' identities: adding ten thousand springs stays linear.
  private var topLevelIDs: Set<ObjectIdentifier> = []
  var world = PhysicsWorld()
  /// Each body's item, by body index.
  var items: [UIDynamicItem] = []
  var bodyOfItem: [ObjectIdentifier: Int] = [:]
  /// Cells and supplementary views by what they show, for the layout's lookups.
  var cellBodies: [IndexPath: Int] = [:]
  var viewBodies: [ViewKey: Int] = [:]
  /// Each attachment's joint, by the behaviour's identity.
  var jointOfAttachment: [ObjectIdentifier: Int] = [:]
  var attachments: [UIAttachmentBehavior] = []
  var wasRunning = false
  public internal(set) var elapsedTime: TimeInterval = 0

  struct ViewKey: Hashable {
    var kind: String
    var indexPath: IndexPath
  }

  public init(collectionViewLayout layout: UICollectionViewLayout) {
    collectionViewLayout = layout
    super.init()
    layout.dynamicAnimator = self
  }

  /// There is no view hierarchy on the workbench: an animator has no reference view.
  open var referenceView: UIView? { nil }

  open var behaviors: [UIDynamicBehavior] { topLevel }

  /// Whether any item still moves.
  open var isRunning: Bool { world.isRunning }

  open func addBehavior(_ behavior: UIDynamicBehavior) {
    guard topLevelIDs.insert(ObjectIdentifier(behavior)).inserted else { return }
    topLevel.append(behavior)
    childAdded(behavior)
  }

  open func removeBehavior(_ behavior: UIDynamicBehavior) {
    guard topLevelIDs.remove(ObjectIdentifier(behavior)) != nil,
      let index = topLevel.firstIndex(where: { $0 === behavior })
    else { return }
    topLevel.remove(at: index)
    childRemoved(behavior)
  }

  open func removeAllBehaviors() {
    for behavior in topLevel { behavior.willMove(to: nil) }
    for behavior in topLevel.flatMap(\.flattened) { behavior.dynamicAnimator = nil }
    topLevel.removeAll()
    topLevelIDs.removeAll()
    world = PhysicsWorld()
    items.removeAll()
    bodyOfItem.removeAll()
    cellBodies.removeAll()
    viewBodies.removeAll()
    jointOfAttachment.removeAll()
    attachments.removeAll()
  }

  /// The items whose frames cross `rect`. As Box2D's tree query, which UIKit's answers from, a
  /// body's box is widened by 10 points (its fattened AABB, 0.1 m at 100 points a metre).
  open func items(in rect: CGRect) -> [UIDynamicItem] {
    let widened = rect.insetBy(dx: -10, dy: -10)
    return items.filter { item in
      let c = item.center
      let size = item.bounds.size
      let frame = CGRect(x: c.x - size.width / 2, y: c.y - size.height / 2, width: size.width, height: size.height)
      return frame.intersects(widened)
    }
  }

  /// The attributes of the cell at `indexPath` among the animator's items, or nil.
  open func layoutAttributesForCell(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
    cellBodies[indexPath].flatMap { items[$0] as? UICollectionViewLayoutAttributes }
  }

  open func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath)
    -> UICollectionViewLayoutAttributes?
  {
    viewBodies[ViewKey(kind: kind, indexPath: indexPath)].flatMap { items[$0] as? UICollectionViewLayoutAttributes }
  }

  open func layoutAttributesForDecorationView(ofKind kind: String, at indexPath: IndexPath)
    -> UICollectionViewLayoutAttributes?
  {
    layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
  }

  /// Reads the item's centre again (after the layout moved it) and wakes it. With a screen scale
  /// (`viewport WxH@S`) the centre is rounded to its pixels, as UIKit's is; without one nothing
  /// rounds, as nothing else on the workbench does (a flow's centres are then not on pixels, and
  /// rounding them would move a cell off its anchor sideways).
  open func updateItem(usingCurrentState item: UIDynamicItem) {
    guard let body = bodyOfItem[ObjectIdentifier(item)] else { return }
    var c = item.center
    if let scale = collectionViewLayout?.collectionView?.source.screenScale, scale > 0 {
      c = CGPoint(x: (c.x * scale).rounded() / scale, y: (c.y * scale).rounded() / scale)
    }
    world.bodies[body].position = c
    world.wake(body)
  }

  // MARK: The clock

  /// One frame of the workbench's clock: steps the simulation, moves the items and runs the
  /// behaviours' actions. Returns whether anything moved.
  func tick(_ seconds: Double) -> Bool {
    let running = world.isRunning
    if running && !wasRunning { delegate?.dynamicAnimatorWillResume(self) }
    let steps = world.advance(by: seconds)
    elapsedTime += seconds
    if steps > 0 {
      // Only items that moved: a body that slept before this frame is where its item is.
      for index in world.bodies.indices where world.bodies[index].moved {
        items[index].center = world.bodies[index].position
      }
      for behavior in topLevel { Self.runActions(behavior) }
    }
    wasRunning = world.isRunning
    if running && !wasRunning { delegate?.dynamicAnimatorDidPause(self) }
    return steps > 0
  }

  /// Runs a behaviour's action and its children's, depth first, as UIKit does after each step.
  private static func runActions(_ behavior: UIDynamicBehavior) {
    behavior.action?()
    for child in behavior.childBehaviors { runActions(child) }
  }

  // MARK: Bookkeeping

  func childAdded(_ behavior: UIDynamicBehavior) {
    for added in behavior.flattened {
      added.willMove(to: self)
      added.dynamicAnimator = self
      if let attachment = added as? UIAttachmentBehavior { associate(attachment) }
    }
  }

  func childRemoved(_ behavior: UIDynamicBehavior) {
    for removed in behavior.flattened {
      removed.willMove(to: nil)
      removed.dynamicAnimator = nil
      if let attachment = removed as? UIAttachmentBehavior { dissociate(attachment) }
    }
  }

  /// A property of an associated attachment changed: the joint takes it and the item wakes.
  func attachmentChanged(_ attachment: UIAttachmentBehavior) {
    guard let joint = jointOfAttachment[ObjectIdentifier(attachment)] else { return }
    world.joints[joint].anchor = attachment.anchorPoint
    world.joints[joint].length = Double(attachment.length)
    world.joints[joint].damping = Double(attachment.damping)
    world.joints[joint].frequency = Double(attachment.frequency)
    world.wake(world.joints[joint].body)
  }

  private func associate(_ attachment: UIAttachmentBehavior) {
    guard let item = attachment.items.first else { return }
    let body = self.body(for: item)
    let c = item.center
    let anchor = attachment.anchorPoint
    let distance = Double(((anchor.x - c.x) * (anchor.x - c.x) + (anchor.y - c.y) * (anchor.y - c.y)).squareRoot())
    let length = attachment.lengthAsSet.map(Double.init) ?? distance
    attachment.associatedLength = CGFloat(length)
    jointOfAttachment[ObjectIdentifier(attachment)] = world.joints.count
    attachments.append(attachment)
    world.joints.append(
      PhysicsWorld.Joint(
        body: body, anchor: anchor, length: length, frequency: Double(attachment.frequency),
        damping: Double(attachment.damping)))
    world.bodies[body].joints += 1
    world.wake(body)
  }

  private func dissociate(_ attachment: UIAttachmentBehavior) {
    guard let joint = jointOfAttachment.removeValue(forKey: ObjectIdentifier(attachment)) else { return }
    attachment.associatedLength = nil
    let body = world.joints[joint].body
    // Swap-remove the joint, then the body if nothing holds it any more.
    let last = world.joints.count - 1
    if joint != last {
      world.joints[joint] = world.joints[last]
      attachments[joint] = attachments[last]
      jointOfAttachment[ObjectIdentifier(attachments[joint])] = joint
    }
    world.joints.removeLast()
    attachments.removeLast()
    world.bodies[body].joints -= 1
    if world.bodies[body].joints == 0 { removeBody(body) }
  }

  private func body(for item: UIDynamicItem) -> Int {
    if let body = bodyOfItem[ObjectIdentifier(item)] { return body }
    let body = world.bodies.count
    world.bodies.append(PhysicsWorld.Body(position: item.center))
    items.append(item)
    bodyOfItem[ObjectIdentifier(item)] = body
    if let key = viewKey(item) { setIndex(key, body) }
    return body
  }

  private func removeBody(_ body: Int) {
    let item = items[body]
    bodyOfItem[ObjectIdentifier(item)] = nil
    if let key = viewKey(item) { setIndex(key, nil) }
    let last = world.bodies.count - 1
    if body != last {
      world.bodies[body] = world.bodies[last]
      items[body] = items[last]
      bodyOfItem[ObjectIdentifier(items[body])] = body
      if let key = viewKey(items[body]) { setIndex(key, body) }
      for j in world.joints.indices where world.joints[j].body == last { world.joints[j].body = body }
    }
    world.bodies.removeLast()
    items.removeLast()
  }

  enum Key: Hashable {
    case cell(IndexPath)
    case view(ViewKey)
  }

  func viewKey(_ item: UIDynamicItem) -> Key? {
    guard let attributes = item as? UICollectionViewLayoutAttributes else { return nil }
    guard attributes.representedElementCategory != .cell, let kind = attributes.representedElementKind else {
      return .cell(attributes.indexPath)
    }
    return .view(ViewKey(kind: kind, indexPath: attributes.indexPath))
  }

  func setIndex(_ key: Key, _ body: Int?) {
    switch key {
    case .cell(let path): cellBodies[path] = body
    case .view(let view): viewBodies[view] = body
    }
  }
}
