import TesseraKit

/// `item S.I`, `item KIND S.I`: one element's attributes, through the layout's own lookup.
struct ItemCommand: WorkbenchCommand {
  static let spec = CommandSpec(
    "item",
    [
      CommandForm(
        [], [path.required], misfit: "item takes an index path, or a kind and an index path"),
      CommandForm(
        [], [kind.required, viewPath.required],
        misfit: "item takes an index path, or a kind and an index path"),
    ],
    summary: "attributes of one cell, or of one supplementary or decoration view",
    discussion:
      "With a kind, the layout's own lookup answers (layoutAttributesForSupplementaryView or …ForDecorationView, as UIKit asks when it needs one view), which may differ from what a rect query lists if the layout is wrong.",
    examples: ["item 0.3", "item header 1.0", "item band 0.2"],
    reads: .always,
    run: .command(ItemCommand.self))

  static let path = Argument<IndexPath>("S.I")
  static let kind = Argument("KIND", ElementKindName.reader(nil))
  static let viewPath = Argument<SectionIndexPath>("S.I")

  /// A supplementary or decoration view's kind; nil: a cell.
  var kind: String?
  var path: IndexPath

  init(_ arguments: Arguments) throws(HostError) {
    kind = arguments[Self.kind]?.name
    path = try kind == nil ? arguments.value(Self.path) : arguments.value(Self.viewPath).path
  }

  func run(on state: WorkbenchState) throws(HostError) -> CommandResult {
    if let kind { return .attributes(state.listing([try state.shownView(kind, at: path)])) }
    return .attributes(state.listing([try state.shownItem(at: path)]))
  }
}
