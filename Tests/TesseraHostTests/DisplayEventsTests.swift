import Foundation
import TesseraHost
import Testing

/// Display events after an engine's crash: the restored session knows what was on screen, so the
/// next scroll reports what a session that never crashed reports.
@Suite struct DisplayEventsTests {
  @Test func whatIsOnScreenSurvivesAnEngineCrash() throws {
    var lines = ["gen grid 300 sections=3 header=390x30", "viewport 390x300", "events on"]
    lines += (0..<Supervisor.checkpointInterval).map { $0 % 2 == 0 ? "scroll 0 \($0 * 37 % 2000)" : "format table" }
    let plain = Session(registry: Launch.registry(pluginPaths: []).0)
    for line in lines { _ = plain.perform(line) }
    let expected = plain.execute("scroll 0 1200")
    #expect(expected?.contains("didEndDisplaying cell") == true && expected?.contains("willDisplay cell") == true)

    var configuration = Supervisor.Configuration(executable: IsolationTests.tessera)
    configuration.showsWarnings = false
    let supervisor = try Supervisor(configuration)
    for line in lines { #expect(supervisor.perform(line).failed == false, "\(line)") }
    #expect(supervisor.journal.first?.checkpoint != nil)
    #expect(supervisor.perform("plugin load \(Support.buildFolder)/libFixtureCrasher.so").failed == false)
    #expect(supervisor.perform("layout crasher mode=segfault").failed)
    #expect(supervisor.perform("scroll 0 1200").output == expected)
  }
}
