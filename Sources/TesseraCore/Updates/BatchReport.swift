import TesseraKit

/// What a batch did: what was inserted, deleted, moved and reloaded, and (for JSON) every
/// item's index path before and after and the start and end attributes of every element visible
/// before or after — what an animation would do. `Output/` prints it.
public struct BatchReport {
  package init(result: BatchResult, animations: [Animation]? = nil, oldDataset: Dataset, derivation: Derivation? = nil)
  {
    self.result = result
    self.animations = animations
    self.oldDataset = oldDataset
    self.derivation = derivation
  }

  package var result: BatchResult
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
