import TesseraKit

/// `selfsizing on [BUDGET]`, `selfsizing off`: measure visible cells and feed their preferred
/// sizes until they settle. `selfsizing text [key=value ...]`, `selfsizing text off`: cells
/// with a `text` prop measure it with a real font. `selfsizing measure S.I`: what one cell
/// measures. `selfsizing fit both|height|aspect`: which axes a dataset size fits.
struct SelfSizingCommand: WorkbenchCommand {
  static let spec = CommandSpec(
    "selfsizing",
    [
      CommandForm(["on"], [budget.optional], misfit: "selfsizing on takes at most a pass budget"),
      CommandForm(["off"], misfit: "selfsizing off takes nothing more"),
      CommandForm(["text", "off"], misfit: "selfsizing text off takes nothing more"),
      CommandForm(["text"], [options.optional], misfit: "selfsizing text takes key=value options"),
      CommandForm(["measure"], [path.required], misfit: "selfsizing measure takes an index path"),
    ] + SelfSizingFit.allCases.map { CommandForm(["fit", $0.rawValue], misfit: "selfsizing fit takes nothing more") },
    summary: "measure visible cells and feed their preferred sizes until they settle; size cells by their text",
    discussion: """
      With self-sizing on, whenever the visible set is computed (visible, scroll, viewport) each visible cell \
      is measured — the next entry of its measureCycle prop [w, h, w, h, ...], else its text prop when \
      'selfsizing text' is set, else its dataset size — and a cell whose measured size differs reports it as \
      its preferred size; this repeats until nothing changes. A pass budget (default 50) stops a feedback loop \
      with an error naming the items, their alternating sizes and the pass where it began; the session is left \
      as it was.
      'selfsizing text' makes a cell with a text prop measure it as a cell holding one multi-line UILabel \
      pinned to its margins does: shaped by HarfBuzz in the bundled DejaVu Sans 2.37, broken into lines at \
      spaces (and after a hyphen; inside a word only when it alone is too wide), each line \
      ascender + descender + line gap high (0.928 + 0.236 + 0 of the font size), the label rounded up to whole \
      pixels of the viewport's scale (whole points without one), then the padding added. Each option given \
      replaces its value; the others stay. When self-sizing is on, the cells measure again at once. \
      'selfsizing text off' goes back to dataset sizes. 'selfsizing measure S.I' shows what the cell measures \
      in the size the layout gives it, and its lines.
      """
        + "\n" + SelfSizingFit.help + "\nOptions of selfsizing text:\n"
        + TextStyleOptions.schema.helpLines.joined(separator: "\n"),
    examples: [
      "selfsizing on", "selfsizing on 10", "selfsizing off", "selfsizing text", "selfsizing text font=15 fit=height",
      "selfsizing text maxWidth=200 padding=4,8,4,8", "selfsizing text off", "selfsizing measure 0.3",
      "selfsizing fit aspect", "selfsizing fit height", "selfsizing fit both",
    ],
    unknownSubcommand: { _ in "selfsizing takes on, off, text, measure or fit" },
    run: .command(SelfSizingCommand.self))

  static let budget = Argument("BUDGET", .count(in: 1...10_000, what: "pass budget"))
  static let options = Argument("key=value", OptionPairs.reader { _ in TextStyleOptions.schema })
  static let path = Argument<IndexPath>("S.I")

  enum Action {
    case on(budget: Int?)
    case off
    case text([(key: String, value: String)])
    case textOff
    case measure(IndexPath)
    case fit(SelfSizing.DatasetFit)
  }

  var action: Action

  init(_ arguments: Arguments) throws(HostError) {
    switch arguments.subcommand {
    case ["on"]: action = .on(budget: arguments[Self.budget])
    case ["text", "off"]: action = .textOff
    case ["text"]: action = .text(arguments[Self.options]?.pairs ?? [])
    case ["measure"]: action = .measure(try arguments.value(Self.path))
    case let words where words.first == "fit": action = .fit(SelfSizingFit(rawValue: words.last ?? "") ?? .both)
    default: action = .off
    }
  }

  func run(on state: WorkbenchState) throws(HostError) -> CommandResult {
    switch action {
    case .measure(let path): .cellMeasure(try state.measureCell(at: path))
    case .on(let budget): try state.turnOnSelfSizing(budget: budget)
    case .off: try state.turnOffSelfSizing()
    case .text(let pairs): .textSizing(try state.setTextStyle(pairs))
    case .textOff: .textSizing(try state.setTextStyle(nil))
    case .fit(let fit): try state.setDatasetFit(fit)
    }
  }
}
