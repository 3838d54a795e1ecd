import TesseraKit

/// `item S.I`, `item KIND S.I`: one element's attributes, through the layout's own lookup.
/// `item at X Y`: the cell UIKit's `indexPathForItem(at:)` answers.
struct ItemCommand: WorkbenchCommand {
  static let spec = CommandSpec(
    "item",
    [
      CommandForm(["at"], [point.required], misfit: "item at takes a point X Y"),
      CommandForm(
        [], [path.required], misfit: "item takes an index path, or a kind and an index path"),
      CommandForm(
        [], [kind.required, viewPath.required],
        misfit: "item takes an index path, or a kind and an index path"),
    ],
    summary: "attributes of one cell, or of one supplementary or decoration view; the cell at a point",
    discussion:
      "With a kind, the layout's own lookup answers (layoutAttributesForSupplementaryView or …ForDecorationView, as UIKit asks when it needs one view), which may differ from what a rect query lists if the layout is wrong.\n'item at X Y' answers what UIKit's indexPathForItem(at:) answers, anywhere in the content: the layout is asked for the 1×1 rect at the point, the cells whose frames intersect it (so a point on a cell's right or bottom edge, or up to a point to its left or above it, counts) are kept, and the one of highest zIndex wins, the first listed on a tie. Hidden and transparent cells count, as in UIKit; 'element at' is what a tap would land on.",
    examples: ["item 0.3", "item header 1.0", "item band 0.2", "item at 20 40"],
    reads: .always,
    run: .command(ItemCommand.self))

  static let point = Argument<ContentPoint>("X Y")
  static let path = Argument<IndexPath>("S.I")
  static let kind = Argument("KIND", ElementKindName.reader(nil))
  static let viewPath = Argument<SectionIndexPath>("S.I")

  /// A supplementary or decoration view's kind; nil: a cell.
  var kind: String?
  var path = IndexPath(0, 0)
  /// `item at X Y`.
  var point: Point?

  init(_ arguments: Arguments) throws(HostError) {
    if arguments.subcommand == ["at"] {
      point = try arguments.value(Self.point).point
      return
    }
    kind = arguments[Self.kind]?.name
    path = try kind == nil ? arguments.value(Self.path) : arguments.value(Self.viewPath).path
  }

  func run(on state: WorkbenchState) throws(HostError) -> CommandResult {
    if let point { return .hit(try state.item(at: point)) }
    if let kind { return .attributes(state.listing([try state.shownView(kind, at: path)])) }
    return .attributes(state.listing([try state.shownItem(at: path)]))
  }
}
