import TesseraABI
import TesseraKit

/// The `batch>` prompt: the lines typed between `batch` and `commit` or `cancel`.
extension WorkbenchState {
  /// A line typed while a multi-line batch is open; `isCommand` tells a command's name (typed
  /// by mistake) from an operation's.
  func batchLine(_ words: [String], isCommand: (String) -> Bool) throws(HostError) -> CommandResult {
    switch words.first {
    case "commit":
      guard words.count == 1 else { throw HostError("commit takes no arguments") }
      let batch = pendingBatch!
      pendingBatch = nil  // applied or refused, the batch is over either way
      return .batch(try perform(batch, animations: format == .json))
    case "cancel":
      guard words.count == 1 else { throw HostError("cancel takes no arguments") }
      let count = pendingBatch!.operations.count
      pendingBatch = nil
      return .batchCancelled(operations: count)
    default:
      if let word = words.first, !BatchOperation.verbs.contains(word), isCommand(word) {
        throw HostError(
          "'\(word)' is a command, but a batch is open: type its operations, then 'commit' to apply them or 'cancel' to drop them"
        )
      }
      do {
        try pendingBatch!.add(words)
      } catch {
        throw HostError(error.message + " (still in the batch: 'commit' applies it, 'cancel' drops it)")
      }
      return .silent
    }
  }
}
