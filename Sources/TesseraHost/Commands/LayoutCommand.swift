import TesseraKit

/// `layout [NAME [key=value ...]] [animated]`: switch the current layout (or show it).
struct LayoutCommand: WorkbenchCommand {
  static let spec = CommandSpec(
    "layout",
    [
      CommandForm(
        [], [name.optional, options.nested], flag: "animated",
        misfit: "layout takes a name and key=value options")
    ],
    summary: "switch the current layout (with no argument: show it and its options)",
    discussion: """
      Options not given take their defaults. The dataset and viewport are kept. If the layout refuses the options \
      or fails to prepare, the previous layout stays. With 'animated', UIKit's setCollectionViewLayout(_:animated:): \
      the anchor is the on-screen cell nearest the centre of the bounds; the proposed content offset centres it in \
      the new layout, clamped to the new content, and the new layout's targetContentOffset has the last word. It \
      prints the new offset and what moves, stays, appears and disappears (format json: every element visible \
      before or after with its start and end attributes); 'render PATH transition' draws it.
      """,
    examples: [
      "layout", "layout flow minimumLineSpacing=4 sectionInset=10,10,10,10", "layout flow scrollDirection=horizontal",
      "layout mosaic animated",
    ],
    reads: .withoutArguments,
    run: .command(LayoutCommand.self))

  static let name = Argument<LayoutName>("NAME")
  static let options = Argument(
    "key=value", OptionPairs.reader { $0.state.registry.layout(named: $0.named)?.optionSchema })

  /// The layout to switch to; nil: show the current one.
  var layoutClass: LayoutClass?
  var options: [(key: String, value: String)]
  var animated: Bool

  init(_ arguments: Arguments) throws(HostError) {
    layoutClass = arguments[Self.name]?.layoutClass
    options = arguments[Self.options]?.pairs ?? []
    animated = arguments.flag
  }

  func run(on state: WorkbenchState) throws(HostError) -> CommandResult {
    guard let layoutClass else {
      guard !animated else { throw HostError.usage("layout animated needs the name of the layout to switch to") }
      let layout = try state.currentLayout()
      return .layoutShown(LayoutSetting(layoutClass: layout.layoutClass, values: layout.options))
    }
    try state.refuseDuringTransition("layout")
    let values = try layoutClass.optionSchema.parse(options).all
    guard animated else {
      try state.installLayout(layoutClass, options: values)
      return .layoutChosen(LayoutSetting(layoutClass: layoutClass, values: values))
    }
    let new = try state.makeLayout(layoutClass, options: values)
    return .layoutChanged(
      try state.switchLayout(to: new, animated: true) { (anchor, bounds) throws(HostError) in
        try LayoutChange.proposedOffset(anchor: anchor, in: new, bounds: bounds)
      })
  }
}
