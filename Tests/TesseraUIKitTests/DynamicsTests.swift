import Foundation
import Testing
import UIKitExampleLayouts

@testable import TesseraUIKit

/// UIKit Dynamics as layouts use it: the solver steps as Box2D 2.3's distance joint does, at
/// PhysicsKit's fixed 1/120 s, and the animator's surface answers as UIKit's.
@Suite struct DynamicsTests {
  /// One body 100 points below its anchor on a zero-length spring (1 Hz, damping 0.8), at rest:
  /// Box2D's soft constraint gives γ = 1 / (h (d + h k)), bias = C h k γ with C = 100, and the
  /// first velocity iteration solves it (the other seven add nothing): v = −bias / (1 + γ) toward
  /// the anchor, then y = 100 + h v (semi-implicit Euler).
  @Test func oneStepIsBox2DsSoftStep() {
    var world = PhysicsWorld()
    world.bodies = [PhysicsWorld.Body(position: CGPoint(x: 0, y: 100))]
    world.joints = [PhysicsWorld.Joint(body: 0, anchor: .zero, length: 0, frequency: 1, damping: 0.8)]
    world.bodies[0].joints = 1
    #expect(world.advance(by: 1.0 / 60) == 1)
    let h = PhysicsWorld.step
    let omega = 2 * Double.pi
    let gamma = 1 / (h * (2 * 0.8 * omega + h * omega * omega))
    let bias = 100 * h * omega * omega * gamma
    let velocity = -bias / (1 + gamma)
    #expect(abs(world.bodies[0].velocity.y - velocity) < 1e-9)
    #expect(abs(world.bodies[0].position.y - (100 + h * velocity)) < 1e-9)
    #expect(world.bodies[0].position.x == 0)
  }

  /// PhysicsKit steps 1/120 s at a time and carries the rest: at 60 frames a second, one step on
  /// the first frame, then two (charon's measurement, "1 on the first frame, then 2").
  @Test func framesOfASixtiethTakeOneStepThenTwo() {
    var world = PhysicsWorld()
    world.bodies = [PhysicsWorld.Body(position: CGPoint(x: 0, y: 10))]
    world.joints = [PhysicsWorld.Joint(body: 0, anchor: .zero, length: 0, frequency: 1, damping: 0.5)]
    world.bodies[0].joints = 1
    #expect((0..<4).map { _ in world.advance(by: 1.0 / 60) } == [1, 2, 2, 2])
  }

  /// A body at its anchor sleeps once it has been slower than 1 pt/s for 0.5 s: 60 steps, so the
  /// animator stops on its 31st frame, as charon measured UIKit's ("NO from the 31st
  /// `_animatorStep:(1/60)`").
  @Test func aStillBodySleepsOnTheThirtyFirstFrame() {
    var world = PhysicsWorld()
    world.bodies = [PhysicsWorld.Body(position: .zero)]
    world.joints = [PhysicsWorld.Joint(body: 0, anchor: .zero, length: 0, frequency: 1, damping: 0.8)]
    world.bodies[0].joints = 1
    var frames = 0
    while world.isRunning {
      _ = world.advance(by: 1.0 / 60)
      frames += 1
    }
    #expect(frames == 31)
  }

  /// Within Box2D's slop (0.5 pt at 100 points a metre) a zero-length joint pulls no more: a body
  /// 0.4 pt off its anchor stays there and sleeps.
  @Test func withinTheSlopASpringLetsGo() {
    var world = PhysicsWorld()
    world.bodies = [PhysicsWorld.Body(position: CGPoint(x: 0, y: 0.4))]
    world.joints = [PhysicsWorld.Joint(body: 0, anchor: .zero, length: 0, frequency: 1, damping: 0.8)]
    world.bodies[0].joints = 1
    for _ in 0..<40 { _ = world.advance(by: 1.0 / 60) }
    #expect(world.bodies[0].position == CGPoint(x: 0, y: 0.4))
    #expect(!world.isRunning)
  }

  /// A rigid rod (frequency 0) holds its length: a body pushed along it comes back by position
  /// correction, 20 points (0.2 m) at most a pass.
  @Test func aRodHoldsItsLength() {
    var world = PhysicsWorld()
    world.bodies = [PhysicsWorld.Body(position: CGPoint(x: 0, y: 130))]
    world.joints = [PhysicsWorld.Joint(body: 0, anchor: .zero, length: 100, frequency: 0, damping: 0)]
    world.bodies[0].joints = 1
    _ = world.advance(by: 1.0 / 60)
    #expect(abs(world.bodies[0].position.y - 100) < 1e-9)
  }

  /// An attachment's length is 0 until it joins an animator unless set; then the distance from
  /// the item's centre to the anchor, as Box2D's joint definition measures it.
  @Test func anAttachmentsLengthIsTheDistanceWhenItJoins() {
    let layout = UICollectionViewLayout()
    let animator = UIDynamicAnimator(collectionViewLayout: layout)
    let item = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
    item.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
    let spring = UIAttachmentBehavior(item: item, attachedToAnchor: CGPoint(x: 20, y: 50))
    #expect(spring.length == 0 && spring.damping == 0 && spring.frequency == 0)
    animator.addBehavior(spring)
    #expect(spring.length == 30)
    #expect(animator.layoutAttributesForCell(at: IndexPath(item: 0, section: 0)) === item)
    animator.removeBehavior(spring)
    #expect(animator.layoutAttributesForCell(at: IndexPath(item: 0, section: 0)) == nil)
    #expect(animator.behaviors.isEmpty && !animator.isRunning)
  }

  /// `items(in:)` answers from Box2D's fattened boxes: an item 5 points outside the rect is in, one
  /// 15 points outside is not.
  @Test func itemsInARectSeeTenPointsAround() {
    let layout = UICollectionViewLayout()
    let animator = UIDynamicAnimator(collectionViewLayout: layout)
    let near = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
    near.frame = CGRect(x: 0, y: 105, width: 10, height: 10)
    let far = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: 1, section: 0))
    far.frame = CGRect(x: 0, y: 115, width: 10, height: 10)
    for item in [near, far] { animator.addBehavior(UIAttachmentBehavior(item: item, attachedToAnchor: item.center)) }
    let found = animator.items(in: CGRect(x: 0, y: 0, width: 100, height: 100))
    #expect(found.count == 1 && found[0] === near)
  }
}
