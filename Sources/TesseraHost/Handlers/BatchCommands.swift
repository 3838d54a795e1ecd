import TesseraABI
import TesseraKit

/// `batch` (one line, or a `batch>` prompt until `commit` or `cancel`): one atomic update.
extension WorkbenchState {
  func batchCommand(_ args: Arguments) throws(HostError) -> CommandResult {
    try refuseDuringTransition("batch")
    guard args.has("OP; OP; ... [; counts N,N,...]") else {
      pendingBatch = BatchUpdate()
      return .batchOpened
    }
    let batch = try BatchUpdate.parse(try args.word("OP; OP; ... [; counts N,N,...]"))
    guard !batch.operations.isEmpty || batch.counts != nil else { throw HostError.usage("batch has no operations") }
    return .batch(try perform(batch, animations: format == .json))
  }

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
