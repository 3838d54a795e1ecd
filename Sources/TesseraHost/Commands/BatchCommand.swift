/// `batch OP; OP; ...` (one line), or `batch` alone to open a `batch>` prompt until `commit` or
/// `cancel`: one atomic update, judged by UIKit's rules.
struct BatchCommand: WorkbenchCommand {
  static let spec = CommandSpec(
    "batch",
    [
      CommandForm([], [operations.required], misfit: "batch has no operations"),
      CommandForm(misfit: "batch has no operations"),
    ],
    summary: "one atomic batch update, judged by UIKit's rules",
    discussion: """
      Operations: insert S.I [WxH] [id=ID], delete S.I, move S.I S.I, reload S.I [WxH], insert-section S [N], \
      delete-section S, move-section S S, reload-section S. Deletes, reloads and move sources are index paths \
      before the update; inserts and move destinations after it. 'counts N,N,...' states the item counts the \
      data source reports after the update, to reproduce a count-mismatch crash; 'animated=false' is UIKit's \
      performWithoutAnimation (the layout is asked as for any batch; nothing is drawn moving). 'batch' alone opens a batch> \
      prompt: one operation a line, then 'commit' or 'cancel'. A refused batch prints UIKit's exception text \
      and changes nothing; combinations UIKit accepts but animates wrongly print a warning. The report lists \
      what was inserted, deleted, moved and reloaded; with format json it also gives every item's index path \
      before and after and the start and end attributes of every element visible before or after. Limits: \
      \(Limits.batchOperations) operations a batch, \(Limits.batchOperations) items inserted by insert-section, \
      sizes at most \(Limits.coordinateText) points a side, and only when the memory available can hold the new \
      dataset.
      """,
    examples: [
      "batch move 0.0 0.1; move 0.1 0.2; move 0.2 0.3", "batch insert 0.0 100x40 id=new; delete 1.2",
      "batch delete 0.0; counts 4", "batch reload 0.1; animated=false", "batch",
    ],
    run: .command(BatchCommand.self))

  static let operations = Argument("OP; OP; ... [; counts N,N,...] [; animated=false]", Word.rest)

  /// The operations typed on the line; nil: open a prompt.
  var text: String?

  init(_ arguments: Arguments) { text = arguments[Self.operations]?.text }

  func run(on state: WorkbenchState) throws(HostError) -> CommandResult {
    try state.refuseDuringTransition("batch")
    guard let text else {
      state.pendingBatch = BatchUpdate()
      return .batchOpened
    }
    let batch = try BatchUpdate.parse(text)
    guard !batch.operations.isEmpty || batch.counts != nil else { throw HostError.usage("batch has no operations") }
    return .batch(try state.perform(batch, animations: state.format == .json))
  }
}
