import TesseraKit

/// A whole batch: its operations in the order given, and the item counts the app's data source
/// reports afterwards (`counts N,N,...`), when the person states them to reproduce a crash.
public struct BatchUpdate: Hashable, Sendable {
  public var operations: [BatchOperation]
  public var counts: [Int]?
  /// False for `animated=false`: UIKit's `performWithoutAnimation`, the layout is asked as for
  /// any batch but every element takes its new attributes at once (nothing is drawn moving).
  public var animated = true
  /// Whether the `animated=` clause was given (it may be given once); not part of what the batch
  /// is (`==`).
  private var animatedGiven = false

  public static func == (a: BatchUpdate, b: BatchUpdate) -> Bool {
    a.operations == b.operations && a.counts == b.counts && a.animated == b.animated
      && a.insertedItems == b.insertedItems
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(operations)
    hasher.combine(counts)
    hasher.combine(animated)
  }
  /// Items the `insert-section S N` operations insert, checked against the limit as they come.
  package var insertedItems = 0

  public init(operations: [BatchOperation] = [], counts: [Int]? = nil) {
    self.operations = operations
    self.counts = counts
  }

  /// `OP; OP; ...; counts N,N; animated=false` — the single-line form.
  public static func parse(_ text: String) throws(HostError) -> BatchUpdate {
    var batch = BatchUpdate()
    for part in text.split(separator: ";", omittingEmptySubsequences: false) {
      let words = try Tokenizer.words(String(part))
      if words.isEmpty { continue }
      try batch.add(words)
    }
    return batch
  }

  /// Adds one typed operation, or the `counts` or `animated=` clause.
  public mutating func add(_ words: [String]) throws(HostError) {
    if let first = words.first, first.hasPrefix("animated=") {
      guard !animatedGiven else { throw HostError("animated= is given twice") }
      let value = first.dropFirst("animated=".count)
      guard words.count == 1, value == "true" || value == "false" else {
        throw HostError(
          "animated= takes true or false (animated=false: UIKit's performWithoutAnimation), not '\(words.joined(separator: " ").dropFirst("animated=".count))'"
        )
      }
      animated = value == "true"
      animatedGiven = true
      return
    }
    if words.first == "counts" {
      guard counts == nil else { throw HostError("counts is given twice") }
      guard words.count == 2 else {
        throw HostError("counts takes the item count of every section after the update, e.g. counts 4,0,7")
      }
      var list: [Int] = []
      let parts = words[1].split(separator: ",", omittingEmptySubsequences: false)
      guard parts.count <= Limits.loadedSections else {
        throw HostError("counts: \(parts.count) sections is too many: the most is \(Limits.loadedSections)")
      }
      for part in parts {
        guard let n = Int(part), n >= 0 else {
          throw HostError("counts: invalid count '\(part)': expected whole numbers, 0 or more, separated by commas")
        }
        list.append(n)
      }
      counts = list
      return
    }
    guard operations.count < Limits.batchOperations else {
      throw HostError(
        "the batch has more than \(Limits.batchOperations) operations, the most one batch may have; split it into several"
      )
    }
    let operation = try BatchOperation.parse(words)
    if case .insertSection(_, let count) = operation {
      let (total, overflow) = insertedItems.addingReportingOverflow(count)
      guard !overflow, total <= Limits.batchOperations else {
        throw HostError(
          "the batch inserts more than \(Limits.batchOperations) items with insert-section, the most one batch may insert; split it into several"
        )
      }
      insertedItems = total
    }
    operations.append(operation)
  }
}
