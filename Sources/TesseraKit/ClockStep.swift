/// What one frame of a layout's own time did (`CollectionLayout.advance(by:)`, the
/// `tessera.clock/1` extension): whether it still moves, and what the host invalidates.
public struct ClockStep: Sendable, Equatable {
  /// Whether the layout still moves after this frame.
  public var running: Bool
  /// What the frame invalidated; nil: nothing moved and no layout pass runs. An empty context
  /// is UIKit's `invalidateLayout()`: prepare runs again.
  public var invalidation: InvalidationContext?

  public init(running: Bool, invalidation: InvalidationContext? = nil) {
    self.running = running
    self.invalidation = invalidation
  }
}
