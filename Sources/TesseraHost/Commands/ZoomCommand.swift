import TesseraKit

/// `zoom FACTOR [at X Y] [animated]`, `zoom reset [animated]`: the current layout again with its
/// zoom scale multiplied (or back to the one it was chosen with), the content point under the
/// focus kept in place.
struct ZoomCommand: WorkbenchCommand {
  static let spec = CommandSpec(
    "zoom",
    [
      CommandForm(["reset"], flag: "animated", misfit: "zoom reset takes nothing more but 'animated'"),
      CommandForm(
        [],
        [
          factor.required, focus.optional,
        ], flag: "animated", misfit: "zoom takes a factor, then 'at X Y' and 'animated' if wanted"),
    ],
    summary: "the talk's pinch: the current layout again with its zoom scale multiplied",
    discussion: """
      A layout names the option a zoom multiplies (tessera.zoom/1): the timeline's scale, flow's itemSize, \
      quilt's blockSize. A new instance with that option times FACTOR replaces the current one; the content point \
      under X Y (a point in the view, default its centre) stays in place: its distance from the nearest cell is \
      stretched along the axes the scale stretches, the offset that keeps it there is clamped to the content and \
      passed through the new layout's targetContentOffset. 'zoom reset' goes back to the scale the layout was \
      chosen with (the two-finger tap). Prints the new content offset; 'animated' also lists what moves, as \
      'layout … animated' does. A layout without a zoom scale, or a result outside the option's range, is refused.
      """,
    examples: ["zoom 2", "zoom 0.5 at 100 200 animated", "zoom reset animated"],
    unknownSubcommand: { _ in "zoom takes a factor or 'reset'" },
    run: .command(ZoomCommand.self))

  static let factor = Argument("FACTOR", .number(in: 1e-6...1e6, what: "zoom takes a factor"))
  static let focus = Argument<Focus>("at X Y")

  /// nil: `zoom reset`.
  var factor: Double?
  /// A point in the view; nil: its centre.
  var focus: Point?
  var animated: Bool

  init(_ arguments: Arguments) throws(HostError) {
    factor = arguments.subcommand == ["reset"] ? nil : try arguments.value(Self.factor)
    focus = arguments[Self.focus]?.point
    animated = arguments.flag
  }

  func run(on state: WorkbenchState) throws(HostError) -> CommandResult {
    try state.refuseDuringTransition("zoom")
    return .layoutChanged(try state.zoom(by: factor, focus: focus, animated: animated))
  }
}
