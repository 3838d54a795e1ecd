import TesseraKit

extension DatasetGenerator {
  /// The most days `gen events` spreads events over: the timeline's own limit.
  package static let largestEventSpan = 1_000_000

  /// N events for the timeline: `tracks` sections, each item a `day` prop (days since
  /// 1970-01-01, from 2015-01-01 on, the talk's year) in day order within its track, at random
  /// days of a span of `span` days (default: two days per event of a track).
  public static let events = DatasetGenerator(
    kind: "events",
    summary:
      "N timeline events in day order on tracks=T (8) over span=DAYS (2 per event of a track), ranges=PERCENT (0) of them over up to length=DAYS (7), seed=K (1)",
    parameters: [
      OptionSpec(
        "tracks", .integer, default: "8", range: 1...Double(Limits.generatedSections), placeholder: "T",
        doc: "tracks (sections) the events are spread over"),
      OptionSpec(
        "span", .integer, range: 1...Double(largestEventSpan), placeholder: "DAYS",
        doc: "days the events fall within (default 2 per event of a track)"),
      OptionSpec(
        "ranges", .integer, default: "0", range: 0...100, placeholder: "PERCENT",
        doc: "how many events in a hundred cover several days (an `end` prop)"),
      OptionSpec(
        "length", .integer, default: "7", range: 1...1000, placeholder: "DAYS",
        doc: "the most days a range covers (within the span)"),
      seed,
    ]
  ) { count, arguments throws(HostError) in
    let tracks = arguments.integer("tracks") ?? 8
    let perTrack = (count + tracks - 1) / tracks
    let span = arguments.integer("span") ?? max(1, 2 * perTrack)
    guard span <= largestEventSpan else {
      guard arguments.has("span") else {
        throw HostError(
          "gen events \(count) tracks=\(tracks): the default span, two days per event of a track, is \(span) days, more than the \(largestEventSpan) the timeline lays out; give more tracks or a span=DAYS"
        )
      }
      throw HostError("invalid span=\(span): the timeline lays out at most \(largestEventSpan) days")
    }
    let rangesPercent = arguments.integer("ranges") ?? 0
    let length = arguments.integer("length") ?? 7
    var rng = SplitMix64(seed: arguments.seed("seed") ?? 1)
    let firstDay = 16_436  // 2015-01-01
    var dataset = Dataset()
    dataset.sections.reserveCapacity(tracks)
    var next = 0
    for track in 0..<tracks {
      // Spread evenly; earlier tracks take the remainder.
      let n = count / tracks + (track < count % tracks ? 1 : 0)
      var days = (0..<n).map { _ in firstDay + rng.int(in: 0...span - 1) }
      days.sort()
      var section = DatasetSection(id: "track\(track)")
      section.items.reserveCapacity(n)
      for day in days {
        section.items.append(DatasetItem(id: "e\(next)"))
        section.items.setProperty("day", .number(Double(day)), at: section.items.count - 1)
        if rangesPercent > 0, rng.int(in: 0...99) < rangesPercent {
          let end = min(day + rng.int(in: 0...length - 1), firstDay + span - 1)
          section.items.setProperty("end", .number(Double(end)), at: section.items.count - 1)
        }
        next += 1
      }
      dataset.sections.append(section)
    }
    return dataset
  }
}
