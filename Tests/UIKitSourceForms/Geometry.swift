import CoreGraphics
import QuartzCore

// Geometry helpers in the forms layout files keep beside their layouts: a file that imports
// Core Graphics and Quartz Core only.

/// Rounds `value` to the pixel grid of a screen of `scale`, as pixel-aligned layouts do.
public func pixelAligned(_ value: CGFloat, scale: CGFloat) -> CGFloat {
  return (value * scale).rounded() / scale
}

/// A card's tilt: rotated about the y axis by `angle`, seen with a little perspective.
public func tilt(_ angle: CGFloat) -> CATransform3D {
  var transform = CATransform3DIdentity
  transform.m34 = -1 / 500
  return CATransform3DRotate(transform, angle, 0, 1, 0)
}

/// How far a cell drifts for a scroll `delta`, as springy layouts compute it.
public func drift(_ delta: CGVector, resistance: CGFloat) -> CGVector {
  return CGVector(dx: delta.dx * resistance, dy: delta.dy * resistance)
}
