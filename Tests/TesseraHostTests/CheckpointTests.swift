import Foundation
import TesseraKit
import Testing

@testable import TesseraHost

/// A checkpoint holds the whole session: the dataset written in `load`'s format reads back the
/// same, and a restore from a checkpoint and the commands after it finds the session as it was.
@Suite struct CheckpointTests {
  /// Every generator's dataset, and one with every kind of value, read back equal.
  @Test func aDatasetWrittenForLoadReadsBackTheSame() throws {
    for generator in DatasetGenerator.all {
      // Each with what it takes: sections, a seed, both or neither.
      let tries: [[String: String]] = [["sections": "3", "seed": "7"], ["seed": "7"], ["sections": "3"], [:]]
      let dataset = try #require(tries.lazy.compactMap { try? generator.generate(count: 120, arguments: $0) }.first)
      #expect(try DatasetDecoder.decode(DatasetEncoder.encode(dataset), file: "x.json") == dataset, "\(generator.kind)")
    }
    let odd = Dataset(sections: [
      DatasetSection(
        id: "s \"quoted\"\n", header: Size(width: 0.1, height: 1e-7), footer: nil,
        props: ["flag": .bool(false), "list": .numbers([1.5, -2, 1e300])],
        items: [
          DatasetItem(
            id: "é\u{1}", size: Size(width: 33.333333333333336, height: 0), estimated: Size(width: 5, height: 6),
            props: ["name": .string("a\\b\t"), "n": .number(-0.5)]),
          DatasetItem(id: "plain"),
        ]),
      DatasetSection(id: "empty"),
    ])
    #expect(try DatasetDecoder.decode(DatasetEncoder.encode(odd), file: "x.json") == odd)
  }

  /// A long session journals a checkpoint and the commands after it; a crash restores from
  /// them to exactly what a session that never crashed shows.
  @Test func aRestoreFromACheckpointFindsTheSessionAsItWas() throws {
    var lines = ["gen random 300 sections=3 seed=4", "layout flow sectionInset=3,7,11,5", "selfsizing on"]
    var state: UInt64 = 11
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    for _ in 0..<300 {
      switch next(10) {
      case 0...4: lines.append("scroll 0 \(next(3000))")
      case 5:
        lines.append(
          next(3) == 0
            ? "viewport safeArea=\(next(60)),\(next(50)),\(next(40)),\(next(50)) inset=0,\(next(20)),0,\(next(20)) adjust=\(["automatic", "never", "always"][next(3)])"
            : "viewport \(200 + next(300))x\(300 + next(600))")
      case 6: lines.append("batch delete 0.\(next(40)); insert 1.0 40x30")
      case 7: lines.append("invalidate size 0.\(next(20)) \(10 + next(70))x\(10 + next(70))")
      case 8:
        // A horizontal flow scrolls across: the safe area's sides join the adjusted inset.
        lines.append("layout flow minimumLineSpacing=\(next(20))\(next(3) == 0 ? " scrollDirection=horizontal" : "")")
      default: lines.append("format \(next(2) == 0 ? "json" : "table")")
      }
    }
    let queries = ["format json", "dump", "scroll", "viewport", "data", "layout", "selfsizing", "stats"]
    let plain = Session(registry: Launch.registry(pluginPaths: []).0)
    for line in lines + ["format table"] { _ = plain.perform(line) }
    let expected = queries.map { plain.execute($0) }

    var configuration = Supervisor.Configuration(executable: IsolationTests.tessera)
    configuration.showsWarnings = false
    let supervisor = try Supervisor(configuration)
    for line in lines { _ = supervisor.perform(line) }
    #expect(supervisor.journal.first?.checkpoint != nil)
    #expect(supervisor.journal.count <= Supervisor.checkpointInterval)
    #expect(supervisor.journal.reduce(0) { $0 + $1.commands } > 250)
    #expect(supervisor.perform("format table").failed == false)
    #expect(supervisor.perform("plugin load \(Support.buildFolder)/libFixtureCrasher.so").failed == false)
    #expect(
      supervisor.perform("layout crasher mode=segfault").output
        == "error: plugin 'crasher' crashed in prepare (SIGSEGV); the session is as it was before this command")
    #expect(queries.map { supervisor.perform($0).output } == expected)
  }

  /// Preferred sizes a layout has dropped (its item reloaded, or new data) are not brought back:
  /// not by a checkpoint, not by the roll-back of a failed command.
  @Test func droppedPreferredSizesStayDropped() throws {
    let folder = try IsolationTests.folder("preferred-dropped")
    try
      #"{"sections": [{"id": "s0", "items": [{"id": "i0", "size": [40, 40]}, {"id": "i1", "size": [40, 40]}, {"id": "i2", "size": [40, 40], "props": {"measureCycle": [60, 40, 40, 40]}}]}]}"#
      .write(toFile: folder + "/cycle.json", atomically: true, encoding: .utf8)
    let session = Session(registry: Launch.registry(pluginPaths: []).0, baseDirectory: folder)
    for line in ["gen grid 6", "layout flow estimatedItemSize=40x40", "invalidate size 0.1 160x40", "load cycle.json"] {
      #expect(session.perform(line).failed == false, "\(line)")
    }
    #expect(session.execute("size") == "contentSize 390x40")
    #expect(session.perform("selfsizing on 4").failed)  // never settles: rolled back
    #expect(session.execute("size") == "contentSize 390x40")

    var configuration = Supervisor.Configuration(executable: IsolationTests.tessera)
    configuration.showsWarnings = false
    let supervisor = try Supervisor(configuration)
    var lines = ["gen grid 6", "layout flow estimatedItemSize=40x40", "invalidate size 0.1 160x40", "batch reload 0.1"]
    // Scrolls between other commands (a run of scrolls is one journal entry).
    lines += (0..<Supervisor.checkpointInterval).map { $0 % 2 == 0 ? "scroll 0 \($0 % 3)" : "format table" }
    for line in lines { #expect(supervisor.perform(line).failed == false, "\(line)") }
    #expect(supervisor.journal.first?.checkpoint != nil)
    #expect(supervisor.perform("size").output == "contentSize 390x40")
    #expect(supervisor.perform("plugin load \(Support.buildFolder)/libFixtureCrasher.so").failed == false)
    #expect(supervisor.perform("layout crasher mode=segfault").failed)
    #expect(supervisor.perform("size").output == "contentSize 390x40")
  }

  @Test func theReplayBudgetCountsCommandsAfterTheCheckpointAgainstTheLastCheckpointsCost() {
    func entry(_ seconds: Double, checkpoint: Bool = false) -> Supervisor.JournalEntry {
      Supervisor.JournalEntry(
        line: "x", reads: [], watchdog: 10, checkpoint: checkpoint ? "file" : nil, seconds: seconds)
    }
    let journal = [entry(50, checkpoint: true), entry(0.5), entry(0.75)]
    #expect(Supervisor.replayIsLong(journal, budget: 1.25, lastCheckpoint: 0) == true)
    #expect(Supervisor.replayIsLong(journal, budget: 1.5, lastCheckpoint: 0) == false, "the checkpoint is not counted")
    #expect(Supervisor.replayIsLong(journal, budget: 1, lastCheckpoint: 0.5) == false, "3 × 0.5 > 1.25")
    #expect(Supervisor.replayIsLong(journal, budget: 1, lastCheckpoint: 0.25) == true)
    #expect(Supervisor.replayIsLong([], budget: 0, lastCheckpoint: 0) == true)
  }

  /// A session that loads plugins is checkpointed too (their copies are loaded again), and a
  /// long run of batches, each leaving something `render … batch` could draw, is checkpointed
  /// once the journal has grown long: restores stay short.
  @Test func pluginsAndLongBatchRunsAreCheckpointed() throws {
    var configuration = Supervisor.Configuration(executable: IsolationTests.tessera)
    configuration.showsWarnings = false
    configuration.replayBudgetSeconds = .infinity  // by count alone
    let supervisor = try Supervisor(configuration)
    var lines = ["plugin load \(Support.buildFolder)/libFixtureBreaker.so", "gen grid 50", "layout nan-lookup"]
    lines += (0..<(4 * Supervisor.checkpointInterval + 10)).map {
      $0 % 2 == 0 ? "batch insert 0.0" : "batch delete 0.0"
    }
    lines.append("scroll 0 40")
    for line in lines { #expect(supervisor.perform(line).failed == false, "\(line)") }
    #expect(supervisor.journal.first?.checkpoint != nil)
    #expect(supervisor.journal.count < 2 * Supervisor.checkpointInterval)
    let data = supervisor.perform("data").output
    #expect(supervisor.perform("plugin load \(Support.buildFolder)/libFixtureCrasher.so").failed == false)
    #expect(supervisor.perform("layout crasher mode=segfault").failed)
    #expect(supervisor.perform("layout").output?.hasPrefix("layout nan-lookup") == true)
    #expect(supervisor.perform("scroll").output == "offset 0 40")
    #expect(supervisor.perform("data").output == data)
    #expect(data?.hasPrefix("section 0 s0: 50 items: i") == true)
  }

  /// However the session goes, a restore replays at most the replay budget's worth of commands
  /// (as long as they took when they ran): past it a checkpoint is taken even when it gives up
  /// the last batch's drawing. The crasher's slowprepare mode takes 0.3 s
  /// to prepare.
  @Test func aLongReplayIsCheckpointedWhateverItGivesUp() throws {
    var configuration = Supervisor.Configuration(executable: IsolationTests.tessera)
    configuration.showsWarnings = false
    let lines = [
      "gen grid 50", "plugin load \(Support.buildFolder)/libFixtureCrasher.so", "layout crasher mode=slowprepare",
      "batch insert 0.0", "batch reload 0.1", "batch delete 0.3",
    ]
    let patient = try Supervisor(configuration)
    for line in lines { #expect(patient.perform(line).failed == false, "\(line)") }
    #expect(patient.journal.count == lines.count, "no checkpoint yet: a batch can be drawn")
    #expect(patient.journal.suffix(4).allSatisfy { $0.seconds >= 0.3 }, "\(patient.journal.map(\.seconds))")

    configuration.replayBudgetSeconds = 0.1
    let hasty = try Supervisor(configuration)
    for (number, line) in lines.enumerated() {
      #expect(hasty.perform(line).failed == false, "\(line)")
      // The slow commands are checkpointed each, the batches too (their drawing given up).
      if number >= 2 {
        #expect(hasty.journal.count == 1 && hasty.journal[0].checkpoint != nil, "after \(line)")
        #expect(hasty.journal[0].commands == number + 1)
      }
    }
    let data = hasty.perform("data").output
    #expect(hasty.perform("layout crasher mode=segfault").failed)
    #expect(hasty.perform("data").output == data)
    #expect(hasty.perform("layout").output?.contains("mode    slowprepare") == true)
  }

  /// A layout's springs in motion survive a crash: the checkpoints forced while they move hold
  /// them (`tessera.state/1`), and the restored session draws every frame the unbroken one draws.
  @Test func springsInMotionSurviveACrash() throws {
    var lines = ["gen grid 400", "plugin load \(Support.buildFolder)/libFixtureCrasher.so", "layout springy"]
    lines.append("viewport 390x600")
    for step in 0..<24 {
      lines.append("drag 0 \(step % 3 == 0 ? 40 : -25) at \(100 + step * 7) \(300 + step * 5) frames=4")
    }
    let queries = [
      "visible", "step frames=3", "visible", "drag 0 -30 at 195 300 frames=2", "visible", "step rest", "visible",
    ]
    let plain = Support.session()
    for line in lines { #expect(plain.perform(line).failed == false, "\(line)") }
    let expected = queries.map { plain.execute($0) }

    var configuration = Supervisor.Configuration(executable: IsolationTests.tessera)
    configuration.showsWarnings = false
    configuration.replayBudgetSeconds = 1e-9  // a checkpoint as often as its cost allows
    let supervisor = try Supervisor(configuration)
    var last = ""
    for line in lines {
      let outcome = supervisor.perform(line)
      #expect(outcome.failed == false, "\(line)")
      last = outcome.output ?? ""
    }
    #expect(supervisor.journal.first?.checkpoint != nil)
    #expect(last.hasSuffix("layout springy moving"), "\(last)")
    #expect(
      supervisor.perform("layout crasher mode=segfault").output
        == "error: plugin 'crasher' crashed in prepare (SIGSEGV); the session is as it was before this command")
    #expect(queries.map { supervisor.perform($0).output } == expected)
  }
}
