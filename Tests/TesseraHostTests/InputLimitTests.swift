import TesseraHost
import Testing

/// Limits a person can see: long tables stop with a count and a way to see all, NUL bytes are
/// refused, and a large batch or a long line of pairs is handled (in linear time; the timing is
/// measured by hand, see CHANGELOG).
@Suite struct InputLimitTests {
  @Test func longTablesStopAfterAThousandRows() throws {
    let session = Support.session()
    _ = session.execute("gen grid 1500")
    _ = session.execute("viewport 1000x1000000")
    let lines = try #require(session.execute("visible")).split(separator: "\n")
    #expect(lines.count == 1 + 1000 + 1)
    #expect(
      lines.last
        == "(1000 of 1500 elements shown: 'visible --all' prints them all, 'format json' lists them all as JSON)")
    #expect(try #require(session.execute("visible --all")).split(separator: "\n").last == "(1500 elements)")
    #expect(
      try #require(session.execute("dump")).split(separator: "\n").last
        == "(1000 of 1500 elements shown: 'dump --all' prints them all, 'format json' lists them all as JSON)")
    #expect(try #require(session.execute("dump --all")).split(separator: "\n").count == 1502)
    _ = session.execute("format json")
    #expect(try #require(session.execute("visible")).components(separatedBy: "\"category\"").count == 1501)
  }

  /// A long table keeps only its first rows while it reads the layout's answer (a dump of
  /// millions of elements does not hold them all): they are the first rows of the full listing.
  @Test func aShortenedTableIsTheStartOfTheFullOne() throws {
    let session = Support.session()
    _ = session.execute("gen random 3000 sections=7 header=390x30 footer=390x10 seed=3")
    _ = session.execute("layout flow")
    for command in ["dump", "dump 0 0 390 100000"] {
      // Rows compared by element, path and numbers (the columns a table shows depend on its rows).
      func rows(_ text: String?) -> [[Substring]] {
        (text ?? "").split(separator: "\n").dropFirst().map { $0.split(separator: " ").prefix(7).map { $0 } }
      }
      let shown = rows(session.execute(command))
      let all = rows(session.execute(command + " --all"))
      #expect(shown.count == 1001 && all.count > 1001)
      #expect(Array(shown.prefix(1000)) == Array(all.prefix(1000)), "\(command)")
      #expect(shown.last?.joined(separator: " ").hasPrefix("(1000 of \(all.count - 1) elements shown") == true)
    }
  }

  /// An error names what was wrong without echoing it whole: a 5 MB argument came back as a
  /// 5 MB error line, whichever command quoted it.
  @Test func errorsQuoteAHugeArgumentCutShort() throws {
    let session = Support.session()
    let huge = String(repeating: "x", count: 5_000_000)
    for (line, expected) in [
      (
        "scroll \(huge) 0",
        "error: invalid offset 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx… (5000001 bytes) 0': expected two finite numbers, e.g. scroll 0 600"
      ),
      (
        "batch insert \(huge)",
        "error: insert: invalid index path 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx… (5000001 bytes)': expected S.I (section.item), e.g. 0.3"
      ),
      (
        "load \(huge)",
        "error: cannot read xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx… (5000000 bytes): File name too long"
      ),
    ] {
      let output = try #require(session.execute(line))
      #expect(output.split(separator: "\n").first.map(String.init) == expected)
      #expect(output.utf8.count < 2_000)
    }
    // A long argument of short words is cut as a whole message.
    let words = String(repeating: "ab ", count: 50_000)
    let quoted = try #require(session.execute("load \"\(words)\""))
    #expect(quoted.utf8.count < 4_200)
    #expect(quoted.hasSuffix("… (the message is 150032 bytes)"))
    // A path of ordinary length is named whole.
    let path = "/tmp/" + String(repeating: "folder/", count: 30) + "data.json"
    #expect(session.execute("load \(path)") == "error: cannot read \(path): no such file")
  }

  @Test func aNulByteIsRefused() {
    let session = Support.session()
    _ = session.execute("gen grid 2")
    #expect(
      session.execute("load data\u{0}.json")
        == "error: the line contains a NUL character (\\0): no command, path or id may contain one; remove it and try again"
    )
    #expect(session.execute("batch insert 0.0 id=a\u{0}b")?.hasPrefix("error: the line contains a NUL") == true)
    #expect(session.execute("data") == "section 0 s0: 2 items: i0 i1")
  }

  @Test func aHundredThousandSectionInsertsAreOneBatch() throws {
    let session = Support.session()
    _ = session.execute("gen grid 10")
    let line = "batch " + (0..<100_000).map { "insert-section \($0)" }.joined(separator: "; ")
    let reply = try #require(session.execute(line))
    #expect(reply.hasPrefix("inserted 0: none"), "\(reply.prefix(200))")
    #expect(session.execute("data")?.split(separator: "\n").count == 100_001)
  }

  @Test func aLineOfAHundredThousandPairsIsParsed() {
    let session = Support.session()
    let line = "gen grid 1 " + (0..<100_000).map { "k\($0)=v" }.joined(separator: " ")
    #expect(session.execute(line) == "error: gen grid has no option 'k0'. Options: sections, header, footer, size")
    #expect(session.execute("gen grid 1 size=1x1 size=2x2") == "error: 'size' is given twice")
  }

  @Test func tooManyOperationsAreRefused() {
    var batch = BatchUpdate()
    var refusal: String?
    for index in 0...1_000_000 {
      do throws(HostError) {
        try batch.add(["delete-section", "\(index)"])
      } catch {
        refusal = error.message
        break
      }
    }
    #expect(
      refusal
        == "the batch has more than 1000000 operations, the most one batch may have; split it into several")
  }
}
