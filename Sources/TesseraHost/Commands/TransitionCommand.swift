import TesseraKit

/// `transition NAME [key=value ...]`, `transition progress P|finish|cancel`: an interactive
/// transition (`UICollectionViewTransitionLayout`).
struct TransitionCommand: WorkbenchCommand {
  static let spec = CommandSpec(
    "transition",
    [
      CommandForm(
        ["progress"],
        [progress.required],
        misfit: "transition progress takes one number"),
      CommandForm(["finish"], misfit: "transition finish takes nothing more"),
      CommandForm(["cancel"], misfit: "transition cancel takes nothing more"),
      CommandForm(
        [], [name.required, options.optional],
        misfit: "transition takes a layout name and key=value options"),
      CommandForm(misfit: "transition takes a layout name, or progress P, finish or cancel"),
    ],
    summary: "an interactive transition to another layout (UICollectionViewTransitionLayout)",
    discussion: """
      'transition NAME [key=value ...]' starts one from the current layout: it snapshots the current layout's \
      elements in the bounds, keeps the cell nearest their centre (the pivot) in place in the next layout (the \
      offset clamped to its content, then its targetContentOffset), and snapshots the next layout's elements \
      there; an element on one side only takes the other layout's attributes for it, or a copy with alpha 0. \
      'transition progress P' (clamped to 0…1) blends them: centre, size, alpha and transform linearly, z index, \
      hidden and index path from the next layout, the content offset likewise; with a screen scale (viewport \
      WxH@S) centres round to half a pixel and sizes to a pixel (at 0 and 1 the layouts' own geometry, unrounded). Meanwhile visible, dump, item, size, scroll and \
      render show the blended state (a rect query returns every snapshotted element, as UIKit's does); commands \
      that change the data, the bounds or the layout are refused. 'transition finish' installs the next layout \
      at its offset; 'transition cancel' restores the current one and its offset. 'transition' alone shows it.
      """,
    examples: [
      "transition mosaic", "transition progress 0.5", "transition finish", "transition cancel",
      "transition",
    ],
    run: .command(TransitionCommand.self))

  static let progress = Argument("P", .number(in: -1e9...1e9, what: "transition progress takes a number"))
  static let name = Argument<LayoutName>("NAME")
  static let options = Argument(
    "key=value", OptionPairs.reader { $0.state.registry.layout(named: $0.named)?.optionSchema })

  enum Step {
    case start(LayoutClass, options: [(key: String, value: String)])
    case progress(Double)
    case finish
    case cancel
    case show
  }

  var step: Step

  init(_ arguments: Arguments) throws(HostError) {
    switch arguments.subcommand {
    case ["progress"]: step = .progress(try arguments.value(Self.progress))
    case ["finish"]: step = .finish
    case ["cancel"]: step = .cancel
    default:
      step =
        arguments[Self.name].map { .start($0.layoutClass, options: arguments[Self.options]?.pairs ?? []) } ?? .show
    }
  }

  func run(on state: WorkbenchState) throws(HostError) -> CommandResult {
    switch step {
    case .start(let layoutClass, let options):
      return .transition(try state.startTransition(to: layoutClass, options: options))
    case .progress(let progress): return .transition(try state.setTransitionProgress(progress))
    case .finish: return .transition(try state.finishTransition())
    case .cancel: return .transition(try state.cancelTransition())
    case .show: return .transition(try state.transitionStatus())
    }
  }
}
