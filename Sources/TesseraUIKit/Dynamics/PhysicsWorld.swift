import Foundation

/// The simulation behind `UIDynamicAnimator`: bodies at items' centres, each held by its
/// attachments to fixed anchors, stepped as Box2D 2.3's `b2World::Step` steps the distance joints
/// UIKit makes for them (PhysicsKit, the engine under UIKit Dynamics, is a fork of Box2D).
///
/// What it keeps of Box2D, with UIKit's settings (evidence in the springy layout's guide):
/// - fixed steps of 1/120 s, the frame's time carried over between frames (iOS 26 PhysicsKit's
///   `stepWithTime:`: a 1/60 s frame takes one step, then two);
/// - 8 velocity iterations and 3 position iterations;
/// - 100 points a metre: the slop below which a zero-length joint pulls no more is 0.5 pt, the
///   most a body moves in a step 200 pt, and a body sleeps after 0.5 s slower than 1 pt/s;
/// - an item's resistance 0.1 (its linear damping, `v *= 1 / (1 + h·0.1)`);
/// - soft joints (frequency > 0) as Box2D's: `γ = 1 / (h (c + h k))`, bias `C h k γ`, warm-started
///   impulses and no position correction; rigid ones (frequency 0) corrected by position too.
///
/// A body's mass cancels from every soft-joint equation, so bodies carry none. Positions are
/// Doubles (Box2D's are Floats, in metres): far down a long content a device's items jitter by
/// Float's rounding, these do not.
struct PhysicsWorld {
  /// PhysicsKit's fixed step (1/120 s as a Float, the value it compares and subtracts).
  static let step = Double(Float(1.0 / 120.0))
  static let velocityIterations = 8
  static let positionIterations = 3
  static let pointsPerMetre = 100.0
  static let linearSlop = 0.005 * pointsPerMetre
  static let maxTranslation = 2.0 * pointsPerMetre
  static let maxLinearCorrection = 0.2 * pointsPerMetre
  static let linearSleepTolerance = 0.01 * pointsPerMetre
  static let timeToSleep = 0.5
  static let linearDamping = 0.1

  struct Body {
    var position: CGPoint
    var velocity = CGPoint.zero
    var sleepTime = 0.0
    var awake = true
    /// How many joints hold it: a body with none is dropped.
    var joints = 0
    /// Whether the last `advance` stepped it (its item's centre is to be written back).
    var moved = false
  }

  struct Joint {
    var body: Int
    var anchor: CGPoint
    var length: Double
    var frequency: Double
    var damping: Double
    var impulse = 0.0
    // Per step: the direction to the anchor, the effective mass and the soft terms.
    var u = CGPoint.zero
    var mass = 0.0
    var gamma = 0.0
    var bias = 0.0
  }

  var bodies: [Body] = []
  var joints: [Joint] = []
  /// Time not yet stepped, less than one step.
  var carried = 0.0

  var isRunning: Bool { bodies.contains { $0.awake } }

  /// Advances by `seconds`: as many fixed steps as fit with what was carried. Returns how many
  /// steps ran with a body awake.
  mutating func advance(by seconds: Double) -> Int {
    carried += seconds
    var stepped = 0
    for i in bodies.indices { bodies[i].moved = bodies[i].awake }
    while carried >= Self.step {
      carried -= Self.step
      if isRunning {
        solve(Self.step)
        stepped += 1
      }
    }
    return stepped
  }

  private mutating func solve(_ h: Double) {
    bodies.withUnsafeMutableBufferPointer { bodies in
      joints.withUnsafeMutableBufferPointer { joints in
        Self.solve(h, bodies: bodies, joints: joints)
      }
    }
  }

  /// One step over buffers (no copy-on-write or bounds checks in the inner loops: ten thousand
  /// springs are stepped twice a frame).
  private static func solve(
    _ h: Double, bodies: UnsafeMutableBufferPointer<Body>, joints: UnsafeMutableBufferPointer<Joint>
  ) {
    // Velocities: damping only (no gravity, no forces).
    let damping = 1 / (1 + h * linearDamping)
    for i in bodies.indices where bodies[i].awake {
      bodies[i].velocity.x *= damping
      bodies[i].velocity.y *= damping
    }
    // Joints: set up and warm start.
    for j in joints.indices {
      let b = joints[j].body
      guard bodies[b].awake else { continue }
      let p = bodies[b].position
      var u = CGPoint(x: joints[j].anchor.x - p.x, y: joints[j].anchor.y - p.y)
      let length = (u.x * u.x + u.y * u.y).squareRoot()
      if length > linearSlop {
        u.x /= length
        u.y /= length
      } else {
        u = .zero
      }
      joints[j].u = u
      var invMass = 1.0
      var mass = 1.0
      if joints[j].frequency > 0 {
        let c = length - joints[j].length
        let omega = 2 * Double.pi * joints[j].frequency
        let d = 2 * mass * joints[j].damping * omega
        let k = mass * omega * omega
        var gamma = h * (d + h * k)
        gamma = gamma != 0 ? 1 / gamma : 0
        joints[j].gamma = gamma
        joints[j].bias = c * h * k * gamma
        invMass += gamma
        mass = invMass != 0 ? 1 / invMass : 0
      } else {
        joints[j].gamma = 0
        joints[j].bias = 0
      }
      joints[j].mass = mass
      // Warm start (the step is fixed, so the ratio of steps is 1).
      let impulse = joints[j].impulse
      bodies[b].velocity.x -= impulse * u.x
      bodies[b].velocity.y -= impulse * u.y
    }
    for _ in 0..<velocityIterations {
      for j in joints.indices {
        let b = joints[j].body
        guard bodies[b].awake else { continue }
        let u = joints[j].u
        let v = bodies[b].velocity
        let cdot = -(u.x * v.x + u.y * v.y)
        let impulse = -joints[j].mass * (cdot + joints[j].bias + joints[j].gamma * joints[j].impulse)
        joints[j].impulse += impulse
        bodies[b].velocity.x -= impulse * u.x
        bodies[b].velocity.y -= impulse * u.y
      }
    }
    // Positions.
    for i in bodies.indices where bodies[i].awake {
      var v = bodies[i].velocity
      let tx = h * v.x
      let ty = h * v.y
      let squared = tx * tx + ty * ty
      if squared > maxTranslation * maxTranslation {
        let ratio = maxTranslation / squared.squareRoot()
        v.x *= ratio
        v.y *= ratio
        bodies[i].velocity = v
      }
      bodies[i].position.x += h * v.x
      bodies[i].position.y += h * v.y
    }
    // Rigid joints are corrected by position; soft ones are not.
    for _ in 0..<positionIterations {
      for j in joints.indices where joints[j].frequency <= 0 {
        let b = joints[j].body
        guard bodies[b].awake else { continue }
        let p = bodies[b].position
        var u = CGPoint(x: joints[j].anchor.x - p.x, y: joints[j].anchor.y - p.y)
        let length = (u.x * u.x + u.y * u.y).squareRoot()
        guard length > 0 else { continue }
        u.x /= length
        u.y /= length
        let c = min(max(length - joints[j].length, -maxLinearCorrection), maxLinearCorrection)
        let impulse = -c
        bodies[b].position.x -= impulse * u.x
        bodies[b].position.y -= impulse * u.y
      }
    }
    // Sleep: a body slower than the tolerance for long enough stops.
    let tolerance = linearSleepTolerance * linearSleepTolerance
    for i in bodies.indices where bodies[i].awake {
      let v = bodies[i].velocity
      if v.x * v.x + v.y * v.y > tolerance {
        bodies[i].sleepTime = 0
      } else {
        bodies[i].sleepTime += h
      }
      if bodies[i].sleepTime >= timeToSleep {
        bodies[i].awake = false
        bodies[i].velocity = .zero
        bodies[i].sleepTime = 0
      }
    }
  }

  /// Wakes a body (Box2D's `SetAwake(true)`: its sleep time starts again).
  mutating func wake(_ body: Int) {
    bodies[body].awake = true
    bodies[body].sleepTime = 0
  }
}
