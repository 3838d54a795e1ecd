/// `render PATH [viewport|content|batch|transition|X Y W H] [key=value ...]`: a picture of the
/// layout, or of the last batch's or layout change's animation. The command gathers what to draw
/// (`WorkbenchState+Pictures.swift`); `Output/SVG` draws it and the session writes the file.
struct RenderCommand: WorkbenchCommand {
  static let spec = CommandSpec(
    "render",
    [
      CommandForm(
        [],
        [
          file.required, area.optional, options.optional,
        ],
        misfit:
          "render takes a file, then what to draw (a word, or a rect of four numbers X Y W H), then key=value options"
      )
    ],
    summary: "draw the layout (or the last batch's animation) as an SVG picture",
    discussion: """
      Draws every element intersecting the area as UIKit composites it: frame, alpha, transform (about the \
      centre), z order (zIndex, then cells under supplementaries under decorations); cells filled, \
      supplementaries outlined, decorations hatched, a colour per kind (cells a colour per value of the prop \
      the layout names, such as the schematic's type); labels S.I (and the cell's id when it \
      fits), or what a kind's drawing hint names (a timeline date heading's day) over S.I. The viewport is \
      drawn as a dashed frame with its offset (its line spares labels), the content size as a thin outline. \
      Cells of one zIndex that overlap (positive area; boxes shown, not hidden, transparent or transformed) \
      are outlined in red and counted: UIKit stacks them in no promised order; nothing is marked during a \
      transition. The area is the viewport (default), the whole content, or a rect X Y W H. More than \
      \(RenderOptions.overviewLimit) elements are drawn as a density overview. 'batch' draws the animation of \
      the last batch or apply (SMIL, no script), or with frames=N a film strip of N frames in rows about 840 \
      pixels wide; inserted, deleted, moved and reloaded elements are outlined green, dashed red, orange and \
      dotted blue (in the legend) and drawn over the rest, an element whose index path changes is labelled \
      old→new where that fits, and motion pictures mark no overlaps; 'transition' likewise draws the interactive \
      transition in progress, or the last 'layout … animated' or 'zoom … animated', over the old and new bounds; \
      'step' with frames=N draws N of the frames the last 'step' or 'drag' ran (the first and the last among them), \
      each panel the bounds of its frame, captioned with the clock's time; \
      during an interactive transition every picture shows its blended state. PATH '-' prints the SVG instead of \
      writing a file; a relative PATH resolves against the session file's folder. The file is replaced whole \
      or not at all.
      """
        + "\nOptions:\n" + RenderOptions.schema.helpLines.joined(separator: "\n"),
    examples: [
      "render layout.svg", "render all.svg content width=800", "render top.svg 0 0 390 200 scale=2",
      "render move.svg batch", "render move.svg batch frames=5", "render zoom.svg transition frames=4",
      "render settle.svg step frames=6",
    ],
    reads: .always,
    run: .command(RenderCommand.self))

  static let file = Argument<FilePath>("PATH")
  static let area = Argument("viewport|content|batch|transition|step|X Y W H", PictureArea.reader(PictureArea.words))
  static let options = Argument("key=value", OptionPairs.reader { _ in RenderOptions.schema })

  var path: String
  /// nil: the viewport.
  var area: PictureArea?
  var options: RenderOptions

  init(_ arguments: Arguments) throws(HostError) {
    path = try arguments.value(Self.file).path
    area = arguments[Self.area]
    options = try RenderOptions(arguments[Self.options]?.pairs ?? [])
  }

  func run(on state: WorkbenchState) throws(HostError) -> CommandResult {
    .picture(try state.picture(path: path, area: area, options: options))
  }
}
