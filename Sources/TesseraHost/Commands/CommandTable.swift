/// The command language (DESIGN §3) as one table. Order here is the order of `help` and of the
/// README's reference.
enum CommandTable {
  static let all: [CommandSpec] = [
    CommandSpec(
      name: "help", usage: ["help [COMMAND|LAYOUT]"], summary: "list commands, or one command's usage and examples",
      discussion: "With a layout name, lists that layout's options, their defaults and what they mean.",
      examples: ["help", "help dump", "help flow"], arguments: [.command],
      run: { session, args throws(HostError) in try session.helpCommand(args) }),
    CommandSpec(
      name: "plugins", usage: ["plugins"], summary: "plugin libraries, their ABI versions, paths and layouts",
      discussion:
        "Bundled plugins sit next to the tessera executable; more come from --plugin-path folders, the TESSERA_PLUGIN_PATH folders (colon-separated) and 'plugin load'.",
      examples: ["plugins"], arguments: [],
      run: { session, args throws(HostError) in try session.pluginsCommand(args) }),
    CommandSpec(
      name: "plugin", usage: ["plugin load PATH", "plugin reload NAME"],
      summary: "load a third-party plugin; reload one after rebuilding it",
      discussion:
        "PATH is a shared library exporting tessera_plugin_entry; a bare file name is looked up in the plugin folders only (./NAME for the current folder). Loading is refused, with the reason, when the file is not a shared library, has no entry symbol, its entry returns NULL, it was built for another ABI major version, its structs are too small, or a layout name is taken. 'reload' opens a fresh copy of the library and switches the current layout to the new code.",
      examples: ["plugin load ./liblist.so", "plugin reload flow"], arguments: [.words(["load", "reload"]), .file],
      run: { session, args throws(HostError) in try session.pluginCommand(args) }),
    CommandSpec(
      name: "layout", usage: ["layout [NAME [key=value ...]]"],
      summary: "switch the current layout (with no argument: show it and its options)",
      discussion:
        "Options not given take their defaults. The dataset and viewport are kept. If the layout refuses the options or fails to prepare, the previous layout stays.",
      examples: [
        "layout", "layout flow minimumLineSpacing=4 sectionInset=10,10,10,10", "layout flow scrollDirection=horizontal",
      ],
      arguments: [.layoutName, .layoutOption],
      run: { session, args throws(HostError) in try session.layoutCommand(args) }),
    CommandSpec(
      name: "load", usage: ["load PATH"], summary: "load a dataset (JSON)",
      discussion:
        "The format: {\"sections\": [{\"id\": \"s0\", \"header\": [W, H], \"footer\": [W, H], \"props\": {...}, \"items\": [{\"id\": \"a\", \"size\": [W, H], \"estimated\": [W, H], \"props\": {...}}]}]}. Every key but 'sections' is optional. A relative path resolves against the session file's folder. A malformed file is refused with file:line:column and the loaded dataset stays. Limits: regular files only (not FIFOs, devices or sockets), at most 1 GiB, at most \(Limits.loadedItems) items and \(Limits.loadedSections) sections, sizes at most \(Limits.coordinateText) points a side, and only when the memory available (MemAvailable) can hold it.",

      examples: ["load sessions/data/people.json"], arguments: [.file],
      run: { session, args throws(HostError) in try session.loadCommand(args) }),
    CommandSpec(
      name: "gen", usage: ["gen KIND [N] [key=value ...]"], summary: "generate a deterministic dataset",
      discussion: DatasetGenerator.all.map { generator in
        "gen \(generator.kind): \(generator.summary)\n"
          + generator.parameters.map { "    \($0.name)=\($0.placeholder)  \($0.doc)" }.joined(separator: "\n")
      }.joined(separator: "\n")
        + "\nLimits: N up to \(Limits.generatedItems), sections up to \(Limits.generatedSections), fanout up to \(Limits.treeFanout), sizes up to \(formatNumber(Limits.generatedSide)) points a side; a request beyond them is refused before anything is made.",
      examples: [
        "gen grid 10", "gen grid 100 sections=4 header=390x40", "gen random 1000 seed=7", "gen tree depth=4 fanout=3",
      ],
      arguments: [.generatorKind, .generatorParameter],
      run: { session, args throws(HostError) in try session.genCommand(args) }),
    CommandSpec(
      name: "data", usage: ["data"], summary: "the dataset: sections, counts, item ids", discussion: "",
      examples: ["data"], arguments: [], run: { session, args throws(HostError) in try session.dataCommand(args) }),
    CommandSpec(
      name: "viewport", usage: ["viewport [WxH]"], summary: "the collection view's bounds size (default 390x844)",
      discussion:
        "The layout is asked whether the new bounds invalidate it (a vertical flow layout re-lays out only when the width changes). Each side is at most \(Limits.coordinateText) points.",
      examples: ["viewport", "viewport 1024x768"], arguments: [],
      run: { session, args throws(HostError) in try session.viewportCommand(args) }),
    CommandSpec(
      name: "scroll", usage: ["scroll X Y"], summary: "the collection view's bounds origin (content offset)",
      discussion:
        "Offsets are not clamped to the content, as a bouncing scroll view's are not. Each is within ±\(Limits.coordinateText) points.",
      examples: ["scroll 0 600"], arguments: [],
      run: { session, args throws(HostError) in try session.scrollCommand(args) }),
    CommandSpec(
      name: "visible", usage: ["visible [--all]"], summary: "attributes of every element intersecting the viewport",
      discussion:
        "An element counts when its frame and the bounds overlap with positive area; touching an edge is not enough. A table shows the first \(Limits.rowsShown) rows and says how many there are; --all prints every row (format json always lists every element).",
      examples: ["visible", "visible --all"], arguments: [.words(["--all"])],
      run: { session, args throws(HostError) in try session.visibleCommand(args) }),
    CommandSpec(
      name: "dump", usage: ["dump [X Y W H] [--all]"], summary: "attributes in a rect; without one, all elements",
      discussion:
        "Without a rect every element is listed, zero-area ones included. Each number of the rect is within ±\(Limits.coordinateText). A table shows the first \(Limits.rowsShown) rows and says how many there are; --all prints every row (format json always lists every element).",
      examples: ["dump", "dump 0 0 390 200", "dump --all"], arguments: [.words(["--all"])],
      run: { session, args throws(HostError) in try session.dumpCommand(args) }),
    CommandSpec(
      name: "item", usage: ["item S.I"], summary: "attributes of one cell", discussion: "",
      examples: ["item 0.3"], arguments: [], run: { session, args throws(HostError) in try session.itemCommand(args) }),
    CommandSpec(
      name: "size", usage: ["size"], summary: "content size", discussion: "", examples: ["size"], arguments: [],
      run: { session, args throws(HostError) in try session.sizeCommand(args) }),
    CommandSpec(
      name: "batch", usage: ["batch OP; OP; ... [; counts N,N,...]", "batch"],
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
      arguments: [.words(BatchOperation.verbs)],
      run: { session, args throws(HostError) in try session.batchCommand(args) }),
    CommandSpec(
      name: "apply", usage: ["apply PATH"], summary: "turn the dataset into a new version of it with one batch update",
      discussion: """
        Diffs the file against the current dataset by section and item ids (linear time, after Heckel), prints \
        the derived operations, and applies them as 'batch' does, landing exactly on the new data. The batch is \
        one UIKit accepts and animates correctly: a section that moves and changes is deleted and inserted; an \
        item that moves and changes is not reloaded in the same batch; items changing where items move are \
        updated without a reload. Each rewrite is printed.
        """,
      examples: ["apply sessions/data/people-v2.json"], arguments: [.file],
      run: { session, args throws(HostError) in try session.applyCommand(args) }),
    CommandSpec(
      name: "invalidate",
      usage: ["invalidate all", "invalidate item S.I", "invalidate supplementary KIND S.I", "invalidate size S.I WxH"],
      summary: "invalidate the layout, or report a cell's preferred size (self-sizing)",
      discussion: """
        Invalidations merge until the next layout pass, which runs invalidate → prepare → content size. \
        'invalidate size' is a self-sizing cell reporting its preferred size: the layout decides whether that \
        invalidates it and which context it wants (a preferred size is at most \(Limits.coordinateText) points a \
        side). Each prints the elements whose attributes changed and the content size before → after.
        """,
      examples: ["invalidate all", "invalidate size 0.3 100x80", "invalidate supplementary header 0.0"],
      arguments: [.words(["all", "item", "supplementary", "size"]), .supplementaryKind],
      run: { session, args throws(HostError) in try session.invalidateCommand(args) }),
    CommandSpec(
      name: "selfsizing", usage: ["selfsizing on [BUDGET]", "selfsizing off"],
      summary: "measure visible cells and feed their preferred sizes until they settle",
      discussion: """
        With self-sizing on, whenever the visible set is computed (visible, scroll, viewport) each visible cell \
        is measured — its dataset size, or the next entry of a measureCycle prop [w, h, w, h, ...] — and a cell \
        whose measured size differs reports it as its preferred size; this repeats until nothing changes. A pass \
        budget (default 50) stops a feedback loop with an error naming the items, their alternating sizes and \
        the pass where it began; the session is left as it was.
        """,
      examples: ["selfsizing on", "selfsizing on 10", "selfsizing off"], arguments: [.words(["on", "off"])],
      run: { session, args throws(HostError) in try session.selfSizingCommand(args) }),
    CommandSpec(
      name: "trace", usage: ["trace on|off"], summary: "print every host→plugin call, in order, with its arguments",
      discussion:
        "The layout lifecycle made visible: context flags, rects, index paths, results. Each call prints as a 'trace:' line before the command's output; with format json the calls go into a \"calls\" array of the command's one JSON object.",
      examples: ["trace on"], arguments: [.words(["on", "off"])],
      run: { session, args throws(HostError) in try session.traceCommand(args) }),
    CommandSpec(
      name: "stats", usage: ["stats", "stats reset"], summary: "counts of each plugin call and of full prepares",
      discussion: "To catch over-invalidation, e.g. a prepare on every scroll step.",
      examples: ["stats", "stats reset"],
      arguments: [.words(["reset"])], run: { session, args throws(HostError) in try session.statsCommand(args) }),
    CommandSpec(
      name: "format", usage: ["format table|json"], summary: "how results are printed",
      discussion:
        "With json every command prints exactly one line holding one JSON object; failures print {\"error\": \"message\"}.",
      examples: ["format json"], arguments: [.words(["table", "json"])],
      run: { session, args throws(HostError) in try session.formatCommand(args) }),
    CommandSpec(
      name: "run", usage: ["run FILE"],
      summary: "run the commands of a session file or script, printing the transcript",
      discussion:
        "In a session file the commands are the lines starting with '> '; otherwise every line that is not blank or a # comment is one. Relative paths inside resolve against the file's folder. The transcript is indented two spaces, so it cannot be read as commands when it sits in a session file; 'tessera run FILE' prints it unindented, ready to become one. What a file does ends with it: 'quit' skips the rest of that file only, and a batch it leaves open is dropped. One run runs at most 100000 commands, counting those of the files it runs.",
      examples: ["run sessions/flow/vertical-grid.session"], arguments: [.file],
      run: { session, args throws(HostError) in try session.runCommand(args) }),
    CommandSpec(
      name: "watchdog", usage: ["watchdog [SECONDS]"],
      summary: "how long one command may run before its plugin is stopped (default 10)",
      discussion: """
        Plugins run in an engine process of their own. A command that runs longer than this without progress \
        (each command of a 'run' counts as progress) is stopped, the plugin call in flight is named, and a new \
        engine restores the session as it was before the command; Ctrl-C does the same at once. A plugin that \
        crashes or calls exit() costs only its command in the same way. SECONDS is from 0.1 to 86400. With \
        'tessera --in-process' there is no engine and no watchdog.
        """,
      examples: ["watchdog", "watchdog 2"], arguments: [],
      run: { session, args throws(HostError) in try session.watchdogCommand(args) }),
    CommandSpec(
      name: "quit", usage: ["quit"], summary: "leave the REPL (Ctrl-D does too)", discussion: "", examples: ["quit"],
      arguments: [], run: { session, args throws(HostError) in try session.quitCommand(args) }),
  ]
}
