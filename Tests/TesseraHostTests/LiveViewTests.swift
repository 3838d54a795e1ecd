import Foundation
import TesseraCore
import TesseraKit
import Testing

@testable import TesseraHost

/// The live view's looks at the session (`Session.liveView`): the scene is exactly what `dump`
/// lists around the bounds, drawn as `render` draws it; the last animation, the overview and
/// the release target; none of them changes the session or counts a call.
@Suite struct LiveViewTests {
  static let lines = ["gen grid 60 size=100x100", "viewport 390x400", "scroll 0 500", "trace off"]

  static func object(_ text: String) throws -> [String: Any] {
    try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
  }

  static func sorted(_ attributes: [[String: Any]]) -> [NSDictionary] {
    attributes.map { $0 as NSDictionary }.sorted {
      ($0["section"] as! Int, $0["item"] as! Int, $0["kind"] as? String ?? "")
        < ($1["section"] as! Int, $1["item"] as! Int, $1["kind"] as? String ?? "")
    }
  }

  @Test func theSceneListsWhatDumpListsAroundTheBoundsAndCountsNoCall() throws {
    let session = Support.session()
    for line in Self.lines { _ = session.execute(line) }
    let stats = session.execute("stats")
    let view = try Self.object(session.liveView(.scene))
    #expect(session.execute("stats") == stats, "the look is not counted")
    #expect(view["offset"] as? [Double] == [0, 500])
    #expect(view["viewport"] as? [Double] == [390, 400])
    #expect(view["content"] as? [Double] == [390, 2190])
    #expect(view["reach"] as? [Double] == [-195, 300, 780, 800])
    #expect(view["layout"] as? String == "flow")
    #expect(view["zooms"] as? Bool == true, "the flow zooms its item size")
    _ = session.execute("format json")
    let dump = try Self.object(session.execute("dump -195 300 780 800") ?? "")
    let elements = try #require(view["elements"] as? [[String: Any]])
    #expect(
      Self.sorted(elements.map { $0["attributes"] as! [String: Any] })
        == Self.sorted(dump["attributes"] as! [[String: Any]]))
    let first = try #require(elements.first { $0["path"] as? String == "0.9" })
    #expect(first["kind"] as? String == "cell")
    #expect(
      first["svg"] as? String
        == #"<g data-element="cell 0.9"><rect x="0" y="330" width="100" height="100" class="c0"/><text x="50" y="377.5" class="t">0.9</text><text x="50" y="389.5" class="t id">i9</text></g>\#n"#
    )
    #expect((view["style"] as? String)?.contains(".c0{") == true)
  }

  @Test func aLayoutThatCannotAnswerIsAnError() {
    let session = Session(registry: PluginRegistry(), baseDirectory: Support.packageRoot)
    #expect(
      session.liveView()
        == #"{"error": "no layout is loaded: no plugins were found (see 'plugins' and 'plugin load PATH')", "kind": "refused"}"#
    )
  }

  @Test func theLastBatchIsTheMotionUntilTheSessionChanges() throws {
    let session = Support.session()
    for line in Self.lines { _ = session.execute(line) }
    #expect(session.liveView(.motion) == #"{"none": true}"#)
    _ = session.execute("scroll 0 0")
    _ = session.execute("batch insert 0.0 100x100 id=new; delete 0.3")
    let motion = try Self.object(session.liveView(.motion))
    #expect(motion["source"] as? String == "batch")
    let motions = try #require(motion["motions"] as? [[String: Any]])
    let inserted = motions.filter { $0["change"] as? String == "inserted" }
    let deleted = motions.filter { $0["change"] as? String == "deleted" }
    #expect(inserted.count == 1 && deleted.count == 1)
    #expect(inserted.first?["path"] as? String == "0.0")
    #expect(inserted.first?["end"] as? [Double] == [0, 0, 100, 100, 1])
    #expect(deleted.first?["label"] as? String == "cell 0.3 (deleted)")
    #expect((motion["style"] as? String)?.contains(".ins{") == true)
    _ = session.execute("scroll 0 10")
    #expect(session.liveView(.motion) == #"{"none": true}"#, "a batch plays only right after it")
  }

  @Test func theOverviewCountsWhatEachElementCovers() throws {
    let session = Support.session()
    for line in Self.lines { _ = session.execute(line) }
    let overview = try Self.object(session.liveView(.overview))
    // 390 × 2190: 200 rows down, round(390 / 2190 × 200) = 36 columns across.
    #expect(overview["columns"] as? Int == 36)
    #expect(overview["rows"] as? Int == 200)
    #expect(overview["elements"] as? Int == 60)
    let counts = try #require(overview["counts"] as? [Int])
    // Cell 0.0 (0, 0, 100, 100) covers columns 0…9 (a cell is 390/36 = 10.83 wide) and rows
    // 0…9 (2190/200 = 10.95 high); cell 0.1 starts at x 145, in column 13.
    let rowZero = Array(counts[0..<36])
    #expect(
      rowZero == [
        1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
      ])
    // Rows 9 and 10 (98.55…120.45) both hold an edge of the 10-point gap between the first two
    // lines (y 100…110): row 9 counts cell 0.0, row 10 cell 0.3.
    #expect(counts[9 * 36] == 1 && counts[10 * 36] == 1)
  }

  @Test func anElementCoveringMuchOfTheGridCountsAtItsCentre() {
    var overview = LiveOverview(
      content: Size(width: 100, height: 100), columns: 40, rows: 40, counts: Array(repeating: 0, count: 1600),
      elements: 0)
    overview.add(Rect(x: 0, y: 0, width: 100, height: 100), cellWidth: 2.5, cellHeight: 2.5)
    #expect(overview.counts.reduce(0, +) == 1 && overview.counts[20 * 40 + 20] == 1)
    overview.add(Rect(x: 0, y: 0, width: 5, height: 2.5), cellWidth: 2.5, cellHeight: 2.5)
    #expect(overview.counts[0] == 1 && overview.counts[1] == 1 && overview.counts[2] == 0 && overview.counts[40] == 0)
    #expect(overview.elements == 2)
  }

  @Test func aReleaseGlidesAsUIScrollViewProjectsItClampedToTheContent() throws {
    let session = Support.session()
    for line in Self.lines { _ = session.execute(line) }
    // 1000 pt/s × 0.998 / 0.002 / 1000 = 499 points on; the flow takes the proposal.
    #expect(session.liveView(.target(velocityX: 0, velocityY: 1000)) == #"{"projected": [0, 999], "target": [0, 999]}"#)
    #expect(
      session.liveView(.target(velocityX: 0, velocityY: 9000)) == #"{"projected": [0, 1790], "target": [0, 1790]}"#)
    #expect(session.liveView(.target(velocityX: -500, velocityY: -9000)) == #"{"projected": [0, 0], "target": [0, 0]}"#)
    #expect(session.execute("scroll") == "offset 0 500", "a look moves nothing")
  }

  @Test func requestsAreReadStrictly() {
    #expect(Session.LiveRequest("scene") == .scene)
    #expect(Session.LiveRequest("target 12.5 -3") == .target(velocityX: 12.5, velocityY: -3))
    for bad in ["", "scene now", "target 1", "target 1e9 0", "target nan 0", "target 1 2 3", "overview 2", "dump"] {
      #expect(Session.LiveRequest(bad) == nil, "\(bad)")
    }
    #expect(Session.LiveRequest.target(velocityX: 0.5, velocityY: -2).text == "target 0.5 -2")
  }

  @Test func theEngineAnswersItBesideTheCommands() throws {
    var configuration = Supervisor.Configuration(executable: IsolationTests.tessera)
    configuration.showsWarnings = false
    let supervisor = try Supervisor(configuration)
    for line in Self.lines { _ = supervisor.perform(line) }
    let stats = supervisor.perform("stats").output
    let view = try Self.object(try supervisor.liveView(.scene).get())
    #expect(view["offset"] as? [Double] == [0, 500])
    #expect(
      supervisor.liveView(.target(velocityX: 0, velocityY: 1000))
        == .success(#"{"projected": [0, 999], "target": [0, 999]}"#))
    #expect(supervisor.perform("stats").output == stats)
  }

  @Test func aCommandFromThePageReadsFilesAsASessionFileMay() throws {
    var configuration = Supervisor.Configuration(executable: IsolationTests.tessera)
    configuration.showsWarnings = false
    configuration.baseDirectory = Support.packageRoot
    let supervisor = try Supervisor(configuration)
    let refused = supervisor.perform("load /etc/hostname", asSessionFile: true)
    #expect(refused.failed)
    #expect(
      refused.output
        == "error: cannot read /etc/hostname: session files may read only files under the current folder and the folders being run or checked; run with --trust to allow it"
    )
    #expect(supervisor.perform("load /etc/hostname").output?.contains("session files") == false, "the terminal may")
  }
}
