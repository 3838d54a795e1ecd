import TesseraKit

/// What a batch did: what was inserted, deleted, moved and reloaded, and (for JSON) every
/// item's index path before and after and the start and end attributes of every element visible
/// before or after — what an animation would do. `Output/` prints it.
public struct BatchReport {
  var result: BatchResult
  /// Elements' start and end attributes; nil unless requested (JSON).
  var animations: [Animation]?
  var oldDataset: Dataset
  /// For `apply`: the operations derived from the new data, and how some were rewritten.
  var derivation: Derivation?

  struct Derivation {
    var operations: [String]
    var rewrites: [String]
  }

  struct Animation {
    var element: String
    var id: String
    var from: IndexPath?
    var to: IndexPath?
    var start: Element
    var end: Element
  }
}
