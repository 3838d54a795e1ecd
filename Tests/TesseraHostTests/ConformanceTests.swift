import Foundation
import Testing

@testable import TesseraHost

/// `tessera conform`: every bundled layout keeps every rule, and each layout of the breaker
/// fixture breaks exactly the rule it is named for, with a shrunk reproducer that fails when
/// replayed.
@Suite(.serialized) struct ConformanceTests {
  static let breaker = Support.buildFolder + "/libFixtureBreaker.so"

  @Test(arguments: ["flow", "list", "mosaic", "quilt", "raggy", "schematic", "waterfall", "chart", "parallax"])
  func everyBundledLayoutKeepsEveryRule(layout: String) {
    let (registry, _) = Launch.registry(pluginPaths: [])
    for dataset in ["random", "photos"] {
      let checker = ConformanceChecker(
        registry: registry, layoutName: layout, loadCommand: nil,
        dataset: ConformanceDataset(kind: dataset, seed: 3, sections: 2), items: 120, rects: 100)
      let report = checker.run()
      #expect(report.violations.map(\.detail) == [], "\(layout) on \(dataset)")
      #expect(report.kept == ConformanceRule.allCases)
    }
  }

  /// The timeline needs events (a day on each item, in day order): it keeps every rule on
  /// them, with one track and with many, its date headings, links and bands included.
  @Test(arguments: [(1, 150), (3, 200), (8, 1000)])
  func theTimelineKeepsEveryRuleOnEvents(tracks: Int, items: Int) {
    let (registry, _) = Launch.registry(pluginPaths: [])
    let checker = ConformanceChecker(
      registry: registry, layoutName: "timeline", loadCommand: nil,
      dataset: ConformanceDataset(kind: "events", seed: 5, sections: tracks), items: items, rects: 100)
    let report = checker.run()
    #expect(report.violations.map(\.detail) == [])
    #expect(report.kept == ConformanceRule.allCases)
  }

  /// The chart on bars (values on every item, negative ones among them), with one group and with
  /// many, at a scale that makes many ticks.
  @Test(arguments: [(1, 150, "2"), (6, 600, "0.5")])
  func theChartKeepsEveryRuleOnBars(groups: Int, items: Int, valueScale: String) {
    let (registry, _) = Launch.registry(pluginPaths: [])
    let checker = ConformanceChecker(
      registry: registry, layoutName: "chart", options: "valueScale=\(valueScale)", loadCommand: nil,
      dataset: ConformanceDataset(kind: "bars", seed: 7, sections: groups), items: items, rects: 100)
    let report = checker.run()
    #expect(report.violations.map(\.detail) == [])
    #expect(report.kept == ConformanceRule.allCases)
  }

  @Test(arguments: ConformanceRule.allCases)
  func eachBrokenLayoutBreaksItsRuleAloneAndItsReproducerFails(rule: ConformanceRule) throws {
    let folder = try IsolationTests.folder("conform-\(rule.rawValue)")
    let (status, output) = try Support.run(
      IsolationTests.tessera,
      ["conform", Self.breaker, "--layout", "breaks-\(rule.rawValue)", "--reproducers", folder + "/repro"], in: folder)
    #expect(status == 1, "\(output)")
    let failures = output.split(separator: "\n").filter { $0.hasPrefix("FAIL") }
    #expect(failures.count == 1 && failures[0].hasPrefix("FAIL  \(rule.rawValue): "), "\(output)")
    #expect(output.hasSuffix("1 of 10 rules broken\n"))
    // The reproducer fails when replayed, at its last command.
    let file = folder + "/repro/breaks-\(rule.rawValue)-\(rule.rawValue).session"
    let text = try String(contentsOfFile: file, encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let lastCommand = try #require(lines.lastIndex { $0.hasPrefix("> ") })
    let (replayStatus, replay) = try Support.run(IsolationTests.tessera, ["check", "--trust", file], in: folder)
    #expect(replayStatus == 1)
    // A layout that differs per instance differs from the file already at its first listing.
    let failingLine =
      rule == .determinism
      ? "\(try #require(lines.firstIndex { $0 == "> dump --all" }) + 1)" : "\(lastCommand + 1)"
    #expect(
      replay.hasPrefix("FAIL \(file):\(failingLine): output differs from the expected transcript"), "\(replay)")
  }

  @Test func theGridKeepsEveryRuleAndReproducersShrink() throws {
    let folder = try IsolationTests.folder("conform-grid")
    let (status, output) = try Support.run(
      IsolationTests.tessera, ["conform", Self.breaker, "--layout", "grid", "--reproducers", folder], in: folder)
    #expect(status == 0)
    #expect(
      output
        == """
        conform: layout grid, dataset random (200 items, seed 1)
        ok    valid-answers
        ok    rect-query
        ok    lookup
        ok    content-size
        ok    determinism
        ok    self-sizing
        ok    batch
        ok    scroll-stable
        ok    bounds-change
        ok    motion-restore
        every rule kept (10)

        """)
    // A broken rule's dataset is the fewest items that still show it.
    let (_, broken) = try Support.run(
      IsolationTests.tessera,
      ["conform", Self.breaker, "--layout", "breaks-content-size", "--reproducers", folder, "--json"], in: folder)
    // The time it took varies: everything else is exact.
    let timed = try #require(broken.firstRange(of: /"seconds": [0-9.]+/))
    #expect(
      broken.replacingCharacters(in: timed, with: #""seconds": S"#)
        == #"{"layout": "breaks-content-size", "options": "", "dataset": "random", "items": 200, "seed": 1, "kept": ["valid-answers", "rect-query", "lookup", "determinism", "self-sizing", "batch", "scroll-stable", "bounds-change", "motion-restore"], "unchecked": [], "violations": [{"rule": "content-size", "detail": "contentSize 400x30 does not cover cell 0.0 at (0, 0, 50x50) (at least 400x50 would)", "items": 1, "reproducer": "\#(folder)/breaks-content-size-content-size.session", "shrinking": {"from": 200, "trials": 12, "seconds": S, "fixedPoint": true}}]}"#
        + "\n")
  }

  /// A bug only some items bring out (a cell taller than 100 points overflows the content) is
  /// shrunk to one such item, given in a dataset file beside the reproducer, whose header says
  /// how long shrinking took; replayed, it fails at its last command.
  @Test func aBugOneItemShowsShrinksToThatItem() throws {
    let folder = try IsolationTests.folder("conform-one-item")
    let (status, output) = try Support.run(
      IsolationTests.tessera, ["conform", Self.breaker, "--layout", "misses-tall-item", "--reproducers", "r"],
      in: folder)
    #expect(status == 1)
    #expect(
      output.split(separator: "\n")[4]
        == "FAIL  content-size: contentSize 400x100 does not cover cell 0.0 at (0, 0, 50x110) (at least 400x110 would) (reproducer: 1 item → r/misses-tall-item-content-size.session)"
    )
    let dataset = try String(contentsOfFile: folder + "/r/misses-tall-item-content-size.json", encoding: .utf8)
    #expect(dataset == #"{"sections": [{"id": "s2", "items": [{"id": "i2", "size": [90, 110]}]}]}"# + "\n")
    let session = try String(contentsOfFile: folder + "/r/misses-tall-item-content-size.session", encoding: .utf8)
    #expect(
      session.contains(
        "\n> load misses-tall-item-content-size.json\nloaded misses-tall-item-content-size.json: 1 item in 1 section\n")
    )
    #expect(
      session.contains(
        /\n# Shrunk from 200 items to 1 in [0-9]+ trials \([0-9.]+ s\), to a fixed point of items, sections, sizes and options.\n/
      ))
    let (replayed, replay) = try Support.run(
      IsolationTests.tessera, ["check", "--trust", "r/misses-tall-item-content-size.session"], in: folder)
    #expect(replayed == 1)
    #expect(replay.hasPrefix("FAIL r/misses-tall-item-content-size.session:12: output differs"), "\(replay)")
    #expect(replay.contains("\n-contentSize 400x110\n+contentSize 400x100\n"))
  }

  @Test func repeatedOptionsAreMergedAndEveryPairApplied() throws {
    let folder = try IsolationTests.folder("conform-merged")
    let (status, output) = try Support.run(
      IsolationTests.tessera,
      ["conform", "flow", "--options", "itemSize=10x10", "--options", "minimumLineSpacing=3", "--items", "20"],
      in: folder)
    #expect(status == 0, "\(output)")
    #expect(
      output.hasPrefix("conform: layout flow itemSize=10x10 minimumLineSpacing=3, dataset random (20 items, seed 1)\n"))
  }

  @Test func wrongPluginsAndOptionsAreRefusedWithStatus2() throws {
    let folder = try IsolationTests.folder("conform-errors")
    let cases: [([String], String)] = [
      (
        ["nothing"],
        "error: conform: no loaded plugin is named 'nothing' (loaded: chart, flow, list, mosaic, parallax, quilt, raggy, schematic, timeline, uikit-examples, waterfall); give a library's path, like ./libmine.so"
      ),
      (["flow", "--layout", "grid"], "error: conform: plugin flow has no layout 'grid' (its layouts: flow)"),
      // A layout that refuses the dataset is given the wrong data, not broken.
      (
        ["timeline", "--dataset", "random"],
        "error: conform: layout timeline refuses the random dataset (layout 'timeline' failed to prepare: item 0.0 (id \"i0\") has no day: give each event a 'day' prop, a whole number of days since 1970-01-01 or an ISO date YYYY-MM-DD); give one it takes with --dataset (random, grid, photos, blocks, tree, events, bars)"
      ),
      (
        ["flow", "--dataset", "people"],
        "error: conform: unknown dataset 'people'; the kinds are random, grid, photos, blocks, tree, events, bars"
      ),
      (["flow", "--items", "0"], "error: conform: --items takes 1 to 1000000, not 0"),
      (
        ["flow", "--watchdog", "nan"],
        "error: conform: --watchdog must be between \(Watchdog.describedRange) seconds, not nan"
      ),
      (
        ["flow", "--options", "spacing=3"],
        "error: conform: --options: layout flow has no option 'spacing'. Options: scrollDirection, itemSize, minimumLineSpacing, minimumInteritemSpacing, sectionInset, sectionInsetReference, headerReferenceSize, footerReferenceSize, estimatedItemSize, sectionHeadersPinToVisibleBounds, sectionFootersPinToVisibleBounds"
      ),
      // Repeated --options merge: a key given in two of them is refused, not the last one kept.
      (
        ["flow", "--options", "itemSize=10x10", "--options", "itemSize=20x20"],
        "error: conform: --options: 'itemSize' is given twice"
      ),
      (
        ["flow", "--options", "itemSize=10x10", "--options", "spacing=3"],
        "error: conform: --options: layout flow has no option 'spacing'. Options: scrollDirection, itemSize, minimumLineSpacing, minimumInteritemSpacing, sectionInset, sectionInsetReference, headerReferenceSize, footerReferenceSize, estimatedItemSize, sectionHeadersPinToVisibleBounds, sectionFootersPinToVisibleBounds"
      ),
    ]
    for (arguments, message) in cases {
      let (status, output) = try Support.run(IsolationTests.tessera, ["conform"] + arguments, in: folder)
      #expect(status == 2)
      #expect(output == message + "\n", "\(arguments)")
    }
  }
}

/// The README's `tessera conform` examples print what it says they print.
@Suite struct ConformanceReadmeTests {
  @Test func theReadmeExamplesAreTrue() throws {
    let readme = try String(contentsOfFile: Support.packageRoot + "/README.md", encoding: .utf8)
    let blocks = readme.components(separatedBy: "```\n$ .build/debug/tessera conform ").dropFirst()
    #expect(blocks.count == 3)
    for block in blocks {
      let text = block.components(separatedBy: "```")[0]
      var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      let arguments = lines.removeFirst().split(separator: " ").map(String.init)
      let folder = try IsolationTests.folder("conform-readme")
      _ = try Support.run("/bin/ln", ["-sfn", Support.packageRoot + "/.build", folder + "/.build"], in: "/")
      let (_, output) = try Support.run(IsolationTests.tessera, ["conform"] + arguments, in: folder)
      #expect(output == lines.joined(separator: "\n"), "\(arguments)")
    }
  }

  /// The layouts written for UIKit keep every rule, checked as a person checks them.
  @Test func theUIKitExamplesKeepEveryRule() throws {
    let (status, output) = try Support.run(
      IsolationTests.tessera, ["conform", "uikit-examples", "--items", "120"], in: Support.packageRoot)
    #expect(status == 0, "\(output)")
    #expect(output.components(separatedBy: "every rule kept (10)").count - 1 == 9, "\(output)")
  }

  /// Every rule appears exactly once, kept, broken or not checked, and the same in the text and
  /// the JSON — also when a rule after valid-answers meets an answer the host refuses
  /// (`bad-after-scroll`: valid-answers is then broken, not kept) and when only a lookup shows
  /// the bad answer (`nan-lookup`: valid-answers looks every item up).
  /// Every breaker layout and the crasher's crashing modes likewise.
  @Test(
    arguments: [
      "nan-lookup", "bad-after-scroll", "breaks-valid-answers", "breaks-rect-query", "breaks-lookup",
      "breaks-content-size", "breaks-determinism", "breaks-self-sizing", "breaks-batch", "breaks-scroll-stable",
      "breaks-bounds-change", "breaks-motion-restore", "crashes-self-sizing", "misses-tall-item", "nudges-lookup",
      "mode=segfault", "mode=query",
      "mode=exit", "mode=abort",
    ]) func everyRuleIsListedOnceTheSameInTextAndJSON(layout: String)
    throws
  {
    let folder = try IsolationTests.folder("conform-once-\(layout)")
    let arguments =
      layout.hasPrefix("mode=")
      ? [
        "conform", Support.buildFolder + "/libFixtureCrasher.so", "--options", layout, "--items", "30", "--reproducers",
        folder,
      ]
      : ["conform", ConformanceTests.breaker, "--layout", layout, "--items", "60", "--reproducers", folder]
    let (status, text) = try Support.run(IsolationTests.tessera, arguments, in: folder)
    let (jsonStatus, json) = try Support.run(IsolationTests.tessera, arguments + ["--json"], in: folder)
    #expect(status == 1 && jsonStatus == 1)
    var fromText: [String: String] = [:]
    for line in text.split(separator: "\n").dropFirst().dropLast() {
      let mark = String(line.prefix(4)).trimmingCharacters(in: .whitespaces)
      let rule = line.dropFirst(6).split(separator: ":").first.map(String.init) ?? ""
      #expect(fromText[rule] == nil, "\(rule) listed twice:\n\(text)")
      fromText[rule] = ["ok": "kept", "FAIL": "broken", "--": "unchecked"][mark]
    }
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    var fromJSON: [String: String] = [:]
    for rule in object["kept"] as? [String] ?? [] { fromJSON[rule, default: ""] += "kept" }
    for entry in object["violations"] as? [[String: Any]] ?? [] {
      fromJSON[entry["rule"] as? String ?? "", default: ""] += "broken"
    }
    for entry in object["unchecked"] as? [[String: Any]] ?? [] {
      fromJSON[entry["rule"] as? String ?? "", default: ""] += "unchecked"
    }
    let every = ConformanceRule.allCases.map(\.rawValue)
    #expect(fromText.keys.sorted() == every.sorted())
    #expect(fromJSON == fromText)
    #expect(fromText.values.contains("broken"))
  }

  /// A plugin that crashes or hangs breaks the rule being checked — with the call named, and a
  /// reproducer that replays to the same end at its last command — while the rules judged before
  /// keep their verdict and the plugin's other layouts are still checked; conform exits 1.
  @Test func aCrashBreaksTheRuleBeingCheckedAndTheCheckGoesOn() throws {
    let folder = try IsolationTests.folder("conform-crash")
    let (status, output) = try Support.run(
      IsolationTests.tessera, ["conform", ConformanceTests.breaker, "--items", "60", "--reproducers", "r"], in: folder)
    #expect(status == 1)
    let crashed = try #require(output.components(separatedBy: "conform: layout crashes-self-sizing").last)
      .components(separatedBy: "conform: layout ")[0]
    #expect(
      crashed
        == """
        , dataset random (60 items, seed 1)
        ok    valid-answers
        ok    rect-query
        ok    lookup
        ok    content-size
        ok    determinism
        FAIL  self-sizing: invalidate size 1.10 63x67: the plugin crashed in should_invalidate_for_preferred (SIGSEGV) (reproducer: 60 items → r/crashes-self-sizing-self-sizing.session)
        --    batch: not checked (the plugin ended the check at self-sizing)
        --    scroll-stable: not checked (the plugin ended the check at self-sizing)
        --    bounds-change: not checked (the plugin ended the check at self-sizing)
        --    motion-restore: not checked (the plugin ended the check at self-sizing)
        1 of 10 rules broken

        """)
    // The layouts after it were checked too.
    #expect(output.contains("conform: layout unsupported, dataset random (60 items, seed 1)"))
    #expect(output.contains("conform: layout bad-after-scroll, dataset random (60 items, seed 1)"))
    let (replayed, replay) = try Support.run(
      IsolationTests.tessera, ["check", "--trust", "r/crashes-self-sizing-self-sizing.session"], in: folder)
    #expect(replayed == 1)
    #expect(replay.hasPrefix("FAIL r/crashes-self-sizing-self-sizing.session:10: output differs"), "\(replay)")
    #expect(
      replay.contains(
        "+error: plugin 'breaker' (layout 'crashes-self-sizing') crashed in should_invalidate_for_preferred"))

    let crasher = Support.buildFolder + "/libFixtureCrasher.so"
    let (hung, hang) = try Support.run(
      IsolationTests.tessera, ["conform", crasher, "--options", "mode=hang", "--watchdog", "1", "--reproducers", "r"],
      in: folder)
    #expect(hung == 1)
    #expect(
      hang.split(separator: "\n")[1]
        == "FAIL  valid-answers: layout crasher mode=hang: the plugin did not return from prepare within 1 s (--watchdog) (reproducer: 200 items → r/crasher-valid-answers.session)"
    )
  }

  /// A crash in prepare and one in a rect query: each breaks valid-answers, the same in text
  /// and JSON, with a reproducer that fails at its last command when replayed.
  @Test(arguments: [("segfault", "prepare"), ("query", "attributes_in_rect")])
  func aCrashInPrepareOrAQueryIsABrokenRule(mode: String, call: String) throws {
    let folder = try IsolationTests.folder("conform-crash-\(mode)")
    let crasher = Support.buildFolder + "/libFixtureCrasher.so"
    let arguments = ["conform", crasher, "--options", "mode=\(mode)", "--items", "30", "--reproducers", "r"]
    let (status, text) = try Support.run(IsolationTests.tessera, arguments, in: folder)
    #expect(status == 1)
    let lines = text.split(separator: "\n")
    #expect(lines[1].hasPrefix("FAIL  valid-answers: ") && lines[1].contains("the plugin crashed in \(call) (SIGSEGV)"))
    #expect(lines.last == "1 of 10 rules broken")
    #expect(lines.count { $0.hasPrefix("--    ") } == 9)
    let (jsonStatus, json) = try Support.run(IsolationTests.tessera, arguments + ["--json"], in: folder)
    #expect(jsonStatus == 1)
    #expect(json.contains(#""kept": [], "unchecked": [{"rule": "rect-query""#), "\(json)")
    #expect(json.contains(#""violations": [{"rule": "valid-answers""#), "\(json)")
    let file = "r/crasher-valid-answers.session"
    let session = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
    let lastCommand = try #require(
      session.split(separator: "\n", omittingEmptySubsequences: false).lastIndex { $0.hasPrefix("> ") })
    let (replayed, replay) = try Support.run(IsolationTests.tessera, ["check", "--trust", file], in: folder)
    #expect(replayed == 1)
    #expect(replay.hasPrefix("FAIL \(file):\(lastCommand + 1): output differs"), "\(replay)")
    #expect(replay.contains("crashed in \(call)"), "\(replay)")
  }

  /// A plugin that calls exit() in the child, writes to standard output or forks: the check in
  /// flight is broken with the cause named, the JSON stays parseable, and nothing the plugin
  /// started outlives conform (a pipe reading its output ends).
  @Test func exitsScribblesAndForksAreCaught() throws {
    let folder = try IsolationTests.folder("conform-exits")
    let crasher = Support.buildFolder + "/libFixtureCrasher.so"
    let (status, text) = try Support.run(
      "/usr/bin/timeout",
      ["60", IsolationTests.tessera, "conform", crasher, "--options", "mode=exit", "--items", "20"],
      in: folder)
    #expect(status == 1)
    #expect(
      text.split(separator: "\n")[1].hasPrefix(
        "FAIL  valid-answers: layout crasher mode=exit: the plugin exited with status 0 in prepare (exit() in plugin code)"
      ),
      "\(text)")
    for mode in ["junk", "fork"] {
      let (ended, json) = try Support.run(
        "/bin/sh",
        [
          "-c",
          "TESSERA_CRASHER_PIDS=\(folder)/pids timeout 60 '\(IsolationTests.tessera)' conform '\(crasher)' --options mode=\(mode) --items 20 --json | cat",
        ], in: folder)
      #expect(ended == 0, "\(mode): \(json)")
      let lines = json.split(separator: "\n")
      #expect(lines.count == 1 && lines[0].hasPrefix(#"{"layout": "crasher""#), "\(mode): \(json)")
    }
  }

  /// A difference below a table's 3 decimals (a lookup 1e-7 points off): the reproducer's last
  /// command prints JSON, exact, so replaying it still fails there.
  @Test func aDifferenceNoTableShowsIsReproducedInJSON() throws {
    let folder = try IsolationTests.folder("conform-nudge")
    let (status, _) = try Support.run(
      IsolationTests.tessera, ["conform", ConformanceTests.breaker, "--layout", "nudges-lookup", "--reproducers", "r"],
      in: folder)
    #expect(status == 1)
    let file = "r/nudges-lookup-lookup.session"
    let lines = try String(contentsOfFile: folder + "/" + file, encoding: .utf8).split(separator: "\n")
    #expect(Array(lines.suffix(4).prefix(3)) == ["> format json", #"{"format": "json"}"#, "> item 0.0"])
    let (replayed, replay) = try Support.run(IsolationTests.tessera, ["check", "--trust", file], in: folder)
    #expect(replayed == 1)
    #expect(replay.hasPrefix("FAIL \(file):\(lines.count - 1): output differs"), "\(replay)")
  }

  /// Plugin and layout names are one word: typed at the prompt and used in file names.
  @Test func namesAreOneWord() {
    for name in ["flow", "uikit-examples", "misses-tall-item", "a.b_c", "X9"] { #expect(PluginRegistry.isWord(name)) }
    for name in ["", "x y", "../esc", "a/b", ".hidden", "-dash", String(repeating: "a", count: 65), "tab\t"] {
      #expect(!PluginRegistry.isWord(name), "\(name)")
    }
  }

  /// Each layout is checked on its own data by default (the timeline on events), a bundled
  /// library given by its path is the one loaded, nothing is made when nothing fails, `--json`
  /// puts an error on standard output too, and a reproducer loads the plugin by a path
  /// relative to where it is written.
  @Test func defaultsThatWork() throws {
    let folder = try IsolationTests.folder("conform-defaults")
    let (timeline, timelineOutput) = try Support.run(
      IsolationTests.tessera, ["conform", "timeline", "--items", "80"], in: folder)
    #expect(timeline == 0, "\(timelineOutput)")
    #expect(timelineOutput.hasPrefix("conform: layout timeline, dataset events (80 items, seed 1)"))
    let (byPath, byPathOutput) = try Support.run(
      IsolationTests.tessera, ["conform", Support.buildFolder + "/./libTesseraFlow.so", "--items", "60"], in: folder)
    #expect(byPath == 0, "\(byPathOutput)")
    // Every bundled library, given by its path, keeps every rule on its layouts' own data.
    let registry = Launch.registry(pluginPaths: []).0
    #expect(registry.libraries.count == 11)
    for library in registry.libraries {
      let (status, output) = try Support.run(
        IsolationTests.tessera, ["conform", library.file, "--items", "40"], in: folder)
      #expect(status == 0, "\(library.file): \(output)")
      #expect(output.components(separatedBy: "every rule kept (10)").count == library.layouts.count + 1, "\(output)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    let (refused, refusedOutput) = try Support.run(
      "/bin/sh", ["-c", "'\(IsolationTests.tessera)' conform flow --items 0 --json 2>/dev/null"], in: folder)
    #expect(refused == 2)
    #expect(refusedOutput == "{\"error\": \"conform: --items takes 1 to 1000000, not 0\", \"kind\": \"usage\"}\n")
    _ = try Support.run("/bin/cp", [ConformanceTests.breaker, folder + "/libbreaker.so"], in: "/")
    let (broken, _) = try Support.run(
      IsolationTests.tessera, ["conform", "./libbreaker.so", "--layout", "breaks-lookup", "--reproducers", "out/r"],
      in: folder)
    #expect(broken == 1)
    let reproducer = try String(contentsOfFile: folder + "/out/r/breaks-lookup-lookup.session", encoding: .utf8)
    #expect(reproducer.contains("\n> plugin load ../../libbreaker.so\n"))
    let (replayed, replay) = try Support.run(
      IsolationTests.tessera, ["check", "--trust", "out/r/breaks-lookup-lookup.session"], in: folder)
    #expect(replayed == 1 && replay.contains("output differs"), "\(replay)")
  }

  /// A failure names the element and both answers.
  @Test func failuresNameTheElementAndBothAnswers() throws {
    let registry = PluginRegistry()
    try registry.load(path: ConformanceTests.breaker)
    for (layout, pattern) in [
      (
        "breaks-determinism",
        ["lists different elements: cell 0.0 has frame (", ") in the first instance, frame (", ") in the fresh one"]
      ),
      (
        "breaks-scroll-stable",
        ["differs from the same rect queried before it: cell ", " before the scroll, frame (", ") after it"]
      ),
    ] {
      let checker = ConformanceChecker(
        registry: registry, layoutName: layout, loadCommand: nil,
        dataset: ConformanceDataset(kind: "random", seed: 1, sections: 3), items: 60, rects: 50)
      let detail = try #require(checker.run().violations.first?.detail)
      var rest = Substring(detail)
      for piece in pattern {
        let found = try #require(rest.range(of: piece), "\(layout): \(detail)")
        rest = rest[found.upperBound...]
      }
    }
  }
}
