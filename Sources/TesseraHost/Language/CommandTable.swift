/// The command language (docs/design.md, "The command language") as one table. Order here is the
/// order of `help` and of the README's reference.
enum CommandTable {
  static let all: [CommandSpec] = [
    CommandSpec(
      "help",
      [CommandForm([], [.optional("COMMAND|LAYOUT", .topic)], misfit: "help takes at most one command or layout name")],
      summary: "list commands, or one command's usage and examples",
      discussion: "With a layout name, lists that layout's options, their defaults and what they mean.",
      examples: ["help", "help dump", "help flow"],
      run: .workbench { state, args throws(HostError) in try state.helpCommand(args) }),
    CommandSpec(
      "plugins", [CommandForm(misfit: "plugins takes no arguments")],
      summary: "plugin libraries, their ABI versions, paths and layouts",
      discussion:
        "Bundled plugins sit next to the tessera executable; more come from --plugin-path folders, the TESSERA_PLUGIN_PATH folders (colon-separated) and 'plugin load'.",
      examples: ["plugins"],
      run: .workbench { state, args throws(HostError) in try state.pluginsCommand(args) }),
    CommandSpec(
      "plugin",
      [
        CommandForm(["load"], [Parameter("PATH", .libraryPath)], misfit: "plugin takes a subcommand and one argument"),
        CommandForm(["reload"], [Parameter("NAME", .pluginName)], misfit: "plugin takes a subcommand and one argument"),
      ],
      summary: "load a third-party plugin; reload one after rebuilding it",
      discussion:
        "PATH is a shared library exporting tessera_plugin_entry; a bare file name is looked up in the plugin folders only (./NAME for the current folder). Loading is refused, with the reason, when the file is not a shared library, has no entry symbol, its entry returns NULL, it was built for another ABI major version, its structs are too small, or its plugin name or a layout name is taken. 'reload' opens a fresh copy of the library and switches the current layout to the new code with the options you gave, read again by the new code: it says which it kept, dropped (the new code has no such option) or reset (the new code refuses the value).",
      examples: ["plugin load ./liblist.so", "plugin reload flow"],
      unknownSubcommand: { word in
        word.map { "unknown plugin subcommand '\($0)'" } ?? "plugin takes a subcommand and one argument"
      },
      run: .workbench { state, args throws(HostError) in try state.pluginCommand(args) }),
    CommandSpec(
      "layout",
      [
        CommandForm(
          [], [.optional("NAME", .layoutName), Parameter("key=value", .layoutOptions, nested: true)], flag: "animated",
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
      run: .workbench { state, args throws(HostError) in try state.layoutCommand(args) }),
    CommandSpec(
      "zoom",
      [
        CommandForm(["reset"], flag: "animated", misfit: "zoom reset takes nothing more but 'animated'"),
        CommandForm(
          [],
          [
            Parameter("FACTOR", .number(1e-6...1e6, what: "zoom takes a factor")),
            .optional("at X Y", .focus),
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
      run: .workbench { state, args throws(HostError) in try state.zoomCommand(args) }),
    CommandSpec(
      "transition",
      [
        CommandForm(
          ["progress"],
          [Parameter("P", .number(-1e9...1e9, what: "transition progress takes a number"))],
          misfit: "transition progress takes one number"),
        CommandForm(["finish"], misfit: "transition finish takes nothing more"),
        CommandForm(["cancel"], misfit: "transition cancel takes nothing more"),
        CommandForm(
          [], [Parameter("NAME", .layoutName), .optional("key=value", .layoutOptions)],
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
      examples: ["transition mosaic", "transition progress 0.5", "transition finish", "transition cancel"],
      run: .workbench { state, args throws(HostError) in try state.transitionCommand(args) }),
    CommandSpec(
      "load", [CommandForm([], [Parameter("PATH", .path)], misfit: "load takes one file")],
      summary: "load a dataset (JSON)",
      discussion:
        "The format: {\"sections\": [{\"id\": \"s0\", \"header\": [W, H], \"footer\": [W, H], \"props\": {...}, \"items\": [{\"id\": \"a\", \"size\": [W, H], \"estimated\": [W, H], \"props\": {...}}]}]}. Every key but 'sections' is optional. A relative path resolves against the session file's folder. A malformed file is refused with file:line:column and the loaded dataset stays. Limits: regular files only (not FIFOs, devices or sockets), at most 1 GiB, at most \(Limits.loadedItems) items and \(Limits.loadedSections) sections, sizes at most \(Limits.coordinateText) points a side, and only when the memory available (MemAvailable) can hold it.",

      examples: ["load sessions/data/people.json"],
      run: .workbench { state, args throws(HostError) in try state.loadCommand(args) }),
    CommandSpec(
      "gen",
      [
        CommandForm(
          [],
          [
            Parameter("KIND", .generatorKind), .optional("N", .generatorCount),
            .optional("key=value", .generatorParameters),
          ], misfit: "gen needs a kind and a count")
      ],
      summary: "generate a deterministic dataset",
      discussion: DatasetGenerator.all.map { generator in
        "gen \(generator.kind): \(generator.summary)\n"
          + generator.parameters.helpLines.joined(separator: "\n")
      }.joined(separator: "\n")
        + "\nLimits: N up to \(Limits.generatedItems), sections up to \(Limits.generatedSections), fanout up to \(Limits.treeFanout), random sizes up to \(formatNumber(Limits.generatedSide)) points a side, sizes given up to \(Limits.coordinateText); a request beyond them is refused before anything is made.",
      examples: [
        "gen grid 10", "gen grid 100 sections=4 header=390x40", "gen random 1000 seed=7", "gen tree depth=4 fanout=3",
      ],
      run: .workbench { state, args throws(HostError) in try state.genCommand(args) }),
    CommandSpec(
      "data", [CommandForm(misfit: "data takes no arguments")], summary: "the dataset: sections, counts, item ids",
      discussion: "",
      examples: ["data"],
      run: .workbench { state, args throws(HostError) in try state.dataCommand(args) }),
    CommandSpec(
      "viewport", [CommandForm([], [.optional("WxH[@S]", .viewport)], misfit: "viewport takes one size")],
      summary: "the collection view's bounds size (default 390x844), and the screen's scale",
      discussion:
        "The layout is asked whether the new bounds invalidate it (a vertical flow layout re-lays out only when the width changes). Each side is at most \(Limits.coordinateText) points. '@S' sets the screen's scale (pixels per point, 1 to 10; a phone has 2 or 3): interpolated attributes of a transition round their centre to half a pixel and their size to a pixel, as UIKit does. Without it (the default) there is no screen scale and nothing rounds.",
      examples: ["viewport", "viewport 1024x768", "viewport 390x844@3"],
      run: .workbench { state, args throws(HostError) in try state.viewportCommand(args) }),
    CommandSpec(
      "scroll", [CommandForm([], [.optional("X Y", .offset)], misfit: "scroll takes the content offset X and Y")],
      summary: "the collection view's bounds origin (content offset); with no argument, prints it",
      discussion:
        "Offsets are not clamped to the content, as a bouncing scroll view's are not. Each is within ±\(Limits.coordinateText) points, or the content's size and the viewport's when the content is larger. During an interactive transition 'scroll' prints the blended offset.",
      examples: ["scroll", "scroll 0 600"],
      run: .workbench { state, args throws(HostError) in try state.scrollCommand(args) }),
    CommandSpec(
      "visible",
      [
        CommandForm(
          flag: "--all", misfit: "visible takes no arguments but --all (see 'dump X Y W H' for a rect)")
      ],
      summary: "attributes of every element intersecting the viewport",
      discussion:
        "An element counts when its frame and the bounds overlap with positive area; touching an edge is not enough. A table shows the first \(Limits.rowsShown) rows and says how many there are; --all prints every row (format json always lists every element).",
      examples: ["visible", "visible --all"],
      run: .workbench { state, args throws(HostError) in try state.visibleCommand(args) }),
    CommandSpec(
      "dump",
      [CommandForm([], [.optional("X Y W H", .rect)], flag: "--all", misfit: "dump takes no rect or a whole one")],
      summary: "attributes in a rect; without one, all elements",
      discussion:
        "Without a rect every element is listed, zero-area ones included. Each number of the rect is within ±\(Limits.coordinateText). A table shows the first \(Limits.rowsShown) rows and says how many there are; --all prints every row (format json always lists every element).",
      examples: ["dump", "dump 0 0 390 200", "dump --all"],
      run: .workbench { state, args throws(HostError) in try state.dumpCommand(args) }),
    CommandSpec(
      "item",
      [
        CommandForm(
          [], [Parameter("S.I", .indexPath)], misfit: "item takes an index path, or a kind and an index path"),
        CommandForm(
          [], [Parameter("KIND", .elementKind(nil)), Parameter("S.I", .sectionIndexPath)],
          misfit: "item takes an index path, or a kind and an index path"),
      ],
      summary: "attributes of one cell, or of one supplementary or decoration view",
      discussion:
        "With a kind, the layout's own lookup answers (layoutAttributesForSupplementaryView or …ForDecorationView, as UIKit asks when it needs one view), which may differ from what a rect query lists if the layout is wrong.",
      examples: ["item 0.3", "item header 1.0", "item band 0.2"],
      run: .workbench { state, args throws(HostError) in try state.itemCommand(args) }),
    CommandSpec(
      "size", [CommandForm(misfit: "size takes no arguments")], summary: "content size", discussion: "",
      examples: ["size"],
      run: .workbench { state, args throws(HostError) in try state.sizeCommand(args) }),
    CommandSpec(
      "render",
      [
        CommandForm(
          [],
          [
            Parameter("PATH", .path),
            .optional("viewport|content|batch|transition|X Y W H", .area(RenderArea.words)),
            .optional("key=value", .pictureOptions),
          ],
          misfit:
            "render takes a file, then what to draw (a word, or a rect of four numbers X Y W H), then key=value options"
        )
      ],
      summary: "draw the layout (or the last batch's animation) as an SVG picture",
      discussion: """
        Draws every element intersecting the area as UIKit composites it: frame, alpha, transform (about the \
        centre), z order (zIndex, then cells under supplementaries under decorations); cells filled, \
        supplementaries outlined, decorations hatched, a colour per kind; labels S.I (and the cell's id when it \
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
        during an interactive transition every picture shows its blended state. PATH '-' prints the SVG instead of \
        writing a file; a relative PATH resolves against the session file's folder. The file is replaced whole \
        or not at all.
        """
          + "\nOptions:\n" + RenderOptions.schema.helpLines.joined(separator: "\n"),
      examples: [
        "render layout.svg", "render all.svg content width=800", "render top.svg 0 0 390 200 scale=2",
        "render move.svg batch", "render move.svg batch frames=5", "render zoom.svg transition frames=4",
      ],
      run: .workbench { state, args throws(HostError) in try state.renderCommand(args) }),
    CommandSpec(
      "batch",
      [
        CommandForm([], [Parameter("OP; OP; ... [; counts N,N,...]", .rest)], misfit: "batch has no operations"),
        CommandForm(misfit: "batch has no operations"),
      ],
      summary: "one atomic batch update, judged by UIKit's rules",
      discussion: """
        Operations: insert S.I [WxH] [id=ID], delete S.I, move S.I S.I, reload S.I [WxH], insert-section S [N], \
        delete-section S, move-section S S, reload-section S. Deletes, reloads and move sources are index paths \
        before the update; inserts and move destinations after it. 'counts N,N,...' states the item counts the \
        data source reports after the update, to reproduce a count-mismatch crash. 'batch' alone opens a batch> \
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
        "batch delete 0.0; counts 4",
      ],
      run: .workbench { state, args throws(HostError) in try state.batchCommand(args) }),
    CommandSpec(
      "apply", [CommandForm([], [Parameter("PATH", .path)], misfit: "apply takes one file")],
      summary: "turn the dataset into a new version of it with one batch update",
      discussion: """
        Diffs the file against the current dataset by section and item ids (after Heckel), prints the derived \
        operations, and applies them as 'batch' does, landing exactly on the new data. Only the items (and \
        sections) outside a longest run already in order move: the fewest moves. The batch is one UIKit accepts \
        and animates correctly, and changed content always refreshes: an item that moves and changes is deleted \
        and inserted; a changed item is reloaded where the reload lands on its new place (moves do not shift a \
        reload), else deleted and inserted; a section whose own data changes is reloaded, or deleted and inserted \
        when it moves or its items change too. Each rewrite is printed.
        """,
      examples: ["apply sessions/data/people-v2.json"],
      run: .workbench { state, args throws(HostError) in try state.applyCommand(args) }),
    CommandSpec(
      "invalidate",
      [
        CommandForm(["all"], misfit: "invalidate all takes nothing more"),
        CommandForm(["item"], [Parameter("S.I", .indexPath)], misfit: "invalidate item takes an index path"),
        CommandForm(
          ["supplementary"], [Parameter("KIND", .elementKind(.supplementary)), Parameter("S.I", .sectionIndexPath)],
          misfit: "invalidate supplementary takes a kind and an index path"),
        CommandForm(
          ["decoration"], [Parameter("KIND", .elementKind(.decoration)), Parameter("S.I", .sectionIndexPath)],
          misfit: "invalidate decoration takes a kind and an index path"),
        CommandForm(
          ["size"], [Parameter("S.I", .indexPath), Parameter("WxH", .size(.nonNegative))],
          misfit: "invalidate size takes an index path and a size"),
      ],
      summary: "invalidate the layout, or report a cell's preferred size (self-sizing)",
      discussion: """
        Invalidations merge until the next layout pass, which runs invalidate → prepare → content size. \
        'invalidate size' is a self-sizing cell reporting its preferred size: the layout decides whether that \
        invalidates it and which context it wants (a preferred size is at most \(Limits.coordinateText) points a \
        side). Each prints the elements whose attributes changed and the content size before → after.
        """,
      examples: [
        "invalidate all", "invalidate size 0.3 100x80", "invalidate supplementary header 0.0",
        "invalidate decoration band 0.1",
      ],
      unknownSubcommand: { word in word.map { "unknown invalidation '\($0)'" } ?? "invalidate needs what to invalidate"
      },
      run: .workbench { state, args throws(HostError) in try state.invalidateCommand(args) }),
    CommandSpec(
      "selfsizing",
      [
        CommandForm(
          ["on"], [.optional("BUDGET", .count(1...10_000, what: "pass budget"))],
          misfit: "selfsizing on takes at most a pass budget"),
        CommandForm(["off"], misfit: "selfsizing off takes nothing more"),
      ],
      summary: "measure visible cells and feed their preferred sizes until they settle",
      discussion: """
        With self-sizing on, whenever the visible set is computed (visible, scroll, viewport) each visible cell \
        is measured — its dataset size, or the next entry of a measureCycle prop [w, h, w, h, ...] — and a cell \
        whose measured size differs reports it as its preferred size; this repeats until nothing changes. A pass \
        budget (default 50) stops a feedback loop with an error naming the items, their alternating sizes and \
        the pass where it began; the session is left as it was.
        """,
      examples: ["selfsizing on", "selfsizing on 10", "selfsizing off"],
      unknownSubcommand: { _ in "selfsizing takes on or off" },
      run: .workbench { state, args throws(HostError) in try state.selfSizingCommand(args) }),
    CommandSpec(
      "trace", [CommandForm([], [Parameter("on|off", .choice(["on", "off"]))], misfit: "trace takes on or off")],
      summary: "print every host→plugin call, in order, with its arguments",
      discussion:
        "The layout lifecycle made visible: context flags, rects, index paths, results. Each call prints as a 'trace:' line before the command's output; with format json the calls go into a \"calls\" array of the command's one JSON object.",
      examples: ["trace on"],
      run: .workbench { state, args throws(HostError) in try state.traceCommand(args) }),
    CommandSpec(
      "stats",
      [
        CommandForm(misfit: "stats takes nothing or 'reset'"),
        CommandForm(["reset"], misfit: "stats takes nothing or 'reset'"),
      ], summary: "counts of each plugin call and of full prepares",
      discussion: "To catch over-invalidation, e.g. a prepare on every scroll step.",
      examples: ["stats", "stats reset"],
      run: .workbench { state, args throws(HostError) in try state.statsCommand(args) }),
    CommandSpec(
      "format",
      [
        CommandForm(
          [], [Parameter("table|json", .choice(["table", "json"]))], misfit: "format takes 'table' or 'json'")
      ], summary: "how results are printed",
      discussion:
        "With json every command prints exactly one line holding one JSON object; failures print {\"error\": \"message\", \"kind\": \"KIND\"}, the kind one of usage (typed wrong), refused, pluginBug (an answer the host refuses, a crash, a hang), limit or io.",
      examples: ["format json"],
      run: .workbench { state, args throws(HostError) in try state.formatCommand(args) }),
    CommandSpec(
      "run", [CommandForm([], [Parameter("FILE", .path)], misfit: "run takes one file")],
      summary: "run the commands of a session file or script, printing the transcript",
      discussion:
        "In a session file the commands are the lines starting with '> '; otherwise every line that is not blank or a # comment is one. Relative paths inside resolve against the file's folder. The transcript is indented two spaces, so it cannot be read as commands when it sits in a session file; 'tessera run FILE' prints it unindented, ready to become one. What a file does ends with it: 'quit' skips the rest of that file only, and a batch it leaves open is dropped. One run runs at most 100000 commands, counting those of the files it runs.",
      examples: ["run sessions/flow/vertical-grid.session"],
      run: .lines { runner, args throws(HostError) in try runner.runFile(args) }),
    CommandSpec(
      "watchdog",
      [
        CommandForm(
          [], [.optional("SECONDS", .number(Watchdog.allowed, what: "watchdog takes a number of seconds"))],
          misfit: "watchdog takes at most one number of seconds")
      ],
      summary: "how long one command may run before its plugin is stopped (default 10)",
      discussion: """
        Plugins run in an engine process of their own. A command that runs longer than this without progress \
        (each command of a 'run' counts as progress) is stopped, the plugin call in flight is named, and a new \
        engine restores the session as it was before the command; Ctrl-C does the same at once. A plugin that \
        crashes or calls exit() costs only its command in the same way. SECONDS is from 0.1 to 86400. With \
        'tessera --in-process' there is no engine and no watchdog.
        """,
      examples: ["watchdog", "watchdog 2"],
      run: .workbench { state, args throws(HostError) in try state.watchdogCommand(args) }),
    CommandSpec(
      "quit", [CommandForm(misfit: "quit takes no arguments")], summary: "leave the REPL (Ctrl-D does too)",
      discussion: "", examples: ["quit"],
      run: .workbench { state, args throws(HostError) in try state.quitCommand(args) }),
  ]
}
