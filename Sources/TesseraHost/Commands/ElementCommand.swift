import TesseraKit

/// `element at X Y`: what a tap at a point lands on.
struct ElementCommand: WorkbenchCommand {
  static let spec = CommandSpec(
    "element",
    [CommandForm(["at"], [point.required], misfit: "element at takes a point X Y")],
    summary: "the element a tap at a point lands on: a cell, supplementary or decoration view",
    discussion:
      "As UIView's hit-testing finds the view under a finger: of the elements whose frames the point lies in (the left and top edges in, the right and bottom edges out; an affine transform applied about the element's centre), hidden ones and those of alpha below 0.01 are passed over, and the frontmost is the one pictures draw on top — the highest zIndex, then decoration over supplementary over cell views, then the later index path. A supplementary or decoration view in front of a cell takes the tap, as it would on a device ('item at X Y' answers UIKit's indexPathForItem(at:), which looks only at cells).",
    examples: ["element at 20 40"],
    unknownSubcommand: { _ in "element takes 'at X Y'" },
    reads: .always,
    run: .command(ElementCommand.self))

  static let point = Argument<ContentPoint>("X Y")

  var point: Point

  init(_ arguments: Arguments) throws(HostError) { point = try arguments.value(Self.point).point }

  func run(on state: WorkbenchState) throws(HostError) -> CommandResult { .hit(try state.element(at: point)) }
}
