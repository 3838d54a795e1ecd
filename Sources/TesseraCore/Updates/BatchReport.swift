import TesseraKit

/// What a batch did: what was inserted, deleted, moved and reloaded, and (for JSON) every
/// item's index path before and after and the start and end attributes of every element visible
/// before or after — what an animation would do. `Output/` prints it.
public struct BatchReport {
  package init(
    result: BatchResult, animations: [Animation]? = nil, oldDataset: Dataset, derivation: Derivation? = nil,
    animated: Bool = true
  ) {
    self.result = result
    self.animated = animated
    self.animations = animations
    self.oldDataset = oldDataset
    self.derivation = derivation
  }

  package var result: BatchResult
  /// False for a batch without animation (`animated=false`): its animations start where they end.
  package var animated: Bool
  /// Elements' start and end attributes; nil unless requested (JSON).
  package var animations: [Animation]?
  package var oldDataset: Dataset
  /// For `apply`: the operations derived from the new data, and how some were rewritten.
  package var derivation: Derivation?

  package struct Derivation {
    package var operations: [String]
    package var rewrites: [String]

    package init(operations: [String], rewrites: [String]) {
      self.operations = operations
      self.rewrites = rewrites
    }
  }

  package struct Animation {
    package var element: String
    package var id: String
    package var from: IndexPath?
    package var to: IndexPath?
    package var start: Element
    package var end: Element
  }
}

extension [BatchReport.Animation] {
  /// The same batch under `performWithoutAnimation`: every element that stays or arrives is at its
  /// end from the start, and what leaves is gone at once.
  package var withoutAnimation: [BatchReport.Animation] {
    compactMap { animation in
      guard animation.to != nil else { return nil }
      var held = animation
      held.start = held.end
      return held
    }
  }
}
