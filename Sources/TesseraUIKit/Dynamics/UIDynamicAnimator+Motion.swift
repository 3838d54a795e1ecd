import Foundation

/// An animator's motion as bytes, for a checkpoint (`tessera.state/1`): every body (which item,
/// where, how fast, how long it has been slow, whether it sleeps), every joint (anchor, length,
/// spring, the impulse it warm-starts with) and the time carried between frames. A new engine's
/// layout prepares — its springs attached again where its items rest — and the animator takes
/// the saved motion up, so the next frame is the frame the crashed engine would have drawn.
///
/// Items are named by what they show (a cell's index path, a view's kind and index path): an
/// animator whose items are not a layout's attributes cannot say which is which, and refuses.
extension UIDynamicAnimator {
  private static let tag: [UInt8] = Array("TSDA".utf8)
  private static let version: UInt32 = 1
  /// The fewest bytes a body and a joint take (for the counts' checks).
  private static let bodyBytes = 1 + 4 + 4 + 8 * 7 + 1
  private static let jointBytes = 4 + 8 * 6

  /// The motion as bytes; throws for an item that is not a layout's attributes, or two items
  /// that show the same element.
  func savedMotion() throws(LayoutMotionError) -> [UInt8] {
    var out = MotionBytesWriter()
    for byte in Self.tag { out.u8(byte) }
    out.u32(Self.version)
    out.double(world.carried)
    out.double(elapsedTime)
    out.bool(wasRunning)
    out.u32(UInt32(world.bodies.count))
    var seen: Set<Key> = []
    for (index, body) in world.bodies.enumerated() {
      guard let key = viewKey(items[index]) else {
        throw LayoutMotionError(
          "item \(index) of the animator is a \(type(of: items[index])), not a layout's attributes")
      }
      guard seen.insert(key).inserted else { throw LayoutMotionError("two items of the animator show \(key.text)") }
      switch key {
      case .cell(let path):
        out.u8(0)
        out.string("")
        write(path, into: &out)
      case .view(let view):
        out.u8(1)
        out.string(view.kind)
        write(view.indexPath, into: &out)
      }
      out.point(body.position)
      out.point(items[index].center)
      out.point(body.velocity)
      out.double(body.sleepTime)
      out.bool(body.awake)
    }
    out.u32(UInt32(world.joints.count))
    for joint in world.joints {
      out.u32(UInt32(joint.body))
      out.point(joint.anchor)
      out.double(joint.length)
      out.double(joint.frequency)
      out.double(joint.damping)
      out.double(joint.impulse)
    }
    return out.bytes
  }

  private func write(_ path: IndexPath, into out: inout MotionBytesWriter) {
    out.u32(UInt32(path.count))
    for index in path { out.u64(UInt64(bitPattern: Int64(index))) }
  }

  /// Takes up `bytes` from `savedMotion()`: the animator must hold the same items (by what they
  /// show) with the same number of joints each. Throws, changing nothing, when it does not.
  func restoreMotion(_ bytes: [UInt8]) throws(LayoutMotionError) {
    let saved: Saved
    do throws(MotionBytesReader.Failure) {
      saved = try Self.read(bytes)
    } catch {
      throw LayoutMotionError("the saved motion does not read: \(error.message)")
    }
    // Which body now is which saved body.
    guard saved.bodies.count == world.bodies.count else {
      throw LayoutMotionError(
        "\(saved.bodies.count) items were moving, the layout attached \(world.bodies.count) when it prepared")
    }
    var bodyNow: [Key: Int] = [:]
    for index in world.bodies.indices {
      guard let key = viewKey(items[index]) else {
        throw LayoutMotionError(
          "item \(index) of the animator is a \(type(of: items[index])), not a layout's attributes")
      }
      bodyNow[key] = index
    }
    var order: [Int] = []
    var taken = Set<Int>()
    for body in saved.bodies {
      guard let now = bodyNow[body.key], taken.insert(now).inserted else {
        throw LayoutMotionError("\(body.key.text) was moving; the layout did not attach it when it prepared")
      }
      order.append(now)
    }
    // Each body's joints in their order now, to pair with the saved ones.
    var jointsNow: [[Int]] = Array(repeating: [], count: world.bodies.count)
    for (index, joint) in world.joints.enumerated() { jointsNow[joint.body].append(index) }
    guard saved.joints.count == world.joints.count else {
      throw LayoutMotionError("\(saved.joints.count) springs were saved, the layout has \(world.joints.count)")
    }
    var used = Array(repeating: 0, count: world.bodies.count)
    var jointOrder: [Int] = []
    for joint in saved.joints {
      guard joint.body < order.count else {
        throw LayoutMotionError("a spring holds item \(joint.body) of \(order.count)")
      }
      let now = order[joint.body]
      guard used[now] < jointsNow[now].count else {
        throw LayoutMotionError("\(saved.bodies[joint.body].key.text) had more springs than the layout attached")
      }
      jointOrder.append(jointsNow[now][used[now]])
      used[now] += 1
    }
    // Everything checks: lay the world out in the saved order, with the saved values.
    var bodies: [PhysicsWorld.Body] = []
    var newItems: [UIDynamicItem] = []
    for (index, now) in order.enumerated() {
      var body = world.bodies[now]
      let state = saved.bodies[index]
      body.position = state.position
      body.velocity = state.velocity
      body.sleepTime = state.sleepTime
      body.awake = state.awake
      body.moved = false
      bodies.append(body)
      newItems.append(items[now])
      items[now].center = state.center
    }
    var joints: [PhysicsWorld.Joint] = []
    var newAttachments: [UIAttachmentBehavior] = []
    for (index, now) in jointOrder.enumerated() {
      let state = saved.joints[index]
      var joint = world.joints[now]
      joint.body = state.body
      joint.anchor = state.anchor
      joint.length = state.length
      joint.frequency = state.frequency
      joint.damping = state.damping
      joint.impulse = state.impulse
      joints.append(joint)
      let attachment = attachments[now]
      attachment.takeUp(
        anchor: state.anchor, length: CGFloat(state.length), damping: CGFloat(state.damping),
        frequency: CGFloat(state.frequency))
      newAttachments.append(attachment)
    }
    world.bodies = bodies
    world.joints = joints
    world.carried = saved.carried
    items = newItems
    attachments = newAttachments
    bodyOfItem = [:]
    for (index, item) in items.enumerated() {
      bodyOfItem[ObjectIdentifier(item)] = index
      if let key = viewKey(item) { setIndex(key, index) }
    }
    jointOfAttachment = [:]
    for (index, attachment) in attachments.enumerated() { jointOfAttachment[ObjectIdentifier(attachment)] = index }
    elapsedTime = saved.elapsedTime
    wasRunning = saved.wasRunning
  }

  private struct Saved {
    struct Body {
      var key: Key
      var position: CGPoint
      var center: CGPoint
      var velocity: CGPoint
      var sleepTime: Double
      var awake: Bool
    }

    struct Joint {
      var body: Int
      var anchor: CGPoint
      var length, frequency, damping, impulse: Double
    }

    var carried = 0.0
    var elapsedTime = 0.0
    var wasRunning = false
    var bodies: [Body] = []
    var joints: [Joint] = []
  }

  private static func read(_ bytes: [UInt8]) throws(MotionBytesReader.Failure) -> Saved {
    var input = MotionBytesReader(bytes)
    var tag: [UInt8] = []
    for _ in Self.tag { tag.append(try input.u8()) }
    guard tag == Self.tag else { throw .init(message: "it is not an animator's motion (no TSDA tag)") }
    let version = try input.u32()
    guard version == Self.version else {
      throw .init(message: "it is version \(version) of the animator's motion; this build reads \(Self.version)")
    }
    var saved = Saved()
    saved.carried = try input.double()
    saved.elapsedTime = try input.double()
    saved.wasRunning = try input.bool()
    for _ in 0..<(try input.count(each: bodyBytes)) {
      let key: Key
      let category = try input.u8()
      let kind = try input.string()
      var path = IndexPath()
      for _ in 0..<(try input.count(each: 8)) { path.append(Int(Int64(bitPattern: try input.u64()))) }
      switch category {
      case 0: key = .cell(path)
      case 1: key = .view(ViewKey(kind: kind, indexPath: path))
      default: throw .init(message: "an item of category \(category) (0: a cell, 1: a view)")
      }
      saved.bodies.append(
        Saved.Body(
          key: key, position: try input.point(), center: try input.point(), velocity: try input.point(),
          sleepTime: try input.double(), awake: try input.bool()))
    }
    for _ in 0..<(try input.count(each: jointBytes)) {
      let body = Int(try input.u32())
      saved.joints.append(
        Saved.Joint(
          body: body, anchor: try input.point(), length: try input.double(), frequency: try input.double(),
          damping: try input.double(), impulse: try input.double()))
    }
    guard input.isAtEnd else { throw .init(message: "bytes follow the last spring") }
    return saved
  }
}

/// Why an animator's motion cannot be saved or taken up.
struct LayoutMotionError: Error {
  let message: String
  init(_ message: String) { self.message = message }
}

extension UIDynamicAnimator.Key {
  /// How a message names the element: `cell 0.5`, `header 1.0`.
  var text: String {
    switch self {
    case .cell(let path): "cell \(path.map(String.init).joined(separator: "."))"
    case .view(let view): "\(view.kind) \(view.indexPath.map(String.init).joined(separator: "."))"
    }
  }
}
