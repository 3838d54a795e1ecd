import TesseraKit

extension TimelineLayout {
  /// What `readEvents` finds: each track's start days, and end days where a track has ranges.
  struct Events {
    var tracks: [[Int32]] = []
    /// Per track: empty when no event of it has an `end`; else one per event, `noEnd` for a
    /// one-day event (a dot).
    var ends: [[Int32]] = []
    /// The first day and the last (an end included); nil when there are no events.
    var days: ClosedRange<Int>?
  }

  /// An event without an `end`: a dot on its day.
  static let noEnd = Int32.min

  /// Reads every track's days: a `day` prop that is a whole number (days since 1970-01-01) or an
  /// ISO date `YYYY-MM-DD`, in day order within each track, and an optional `end` in the same
  /// form as its `day` (a number may end a text day, never the other way round): the event then
  /// covers its days from `day` to `end`, both included. Numbers come in bulk, a chunk of items
  /// per call; only items whose day is text are read one by one, their `end` with them. A text
  /// `end` after a number `day` is refused where the chunk's first event without a number end
  /// has one; elsewhere it is not read.
  func readEvents() throws(LayoutError) -> Events {
    let trackCount = collectionView.numberOfSections
    var events = Events()
    events.tracks.reserveCapacity(trackCount)
    var first = Int.max
    var last = Int.min
    let chunk = 1024
    let numbers = UnsafeMutablePointer<Double>.allocate(capacity: chunk)
    let lengths = UnsafeMutablePointer<Int64>.allocate(capacity: chunk)
    let endNumbers = UnsafeMutablePointer<Double>.allocate(capacity: chunk)
    let endLengths = UnsafeMutablePointer<Int64>.allocate(capacity: chunk)
    defer {
      numbers.deallocate()
      lengths.deallocate()
      endNumbers.deallocate()
      endLengths.deallocate()
    }
    for track in 0..<trackCount {
      let count = collectionView.numberOfItems(inSection: track)
      var days = [Int32]()
      days.reserveCapacity(count)
      var ends = [Int32]()
      var start = 0
      while start < count {
        // Whether a number day with no number end was checked for a text end, once a chunk: a
        // data source tells absent and text apart only item by item, so this catches a dataset
        // that gives its ends as dates and its days as numbers without a call per event.
        var probed = false
        let wanted = min(chunk, count - start)
        let got = collectionView.numbers(
          "day", section: track, from: start, count: wanted, perItem: 1, into: numbers, lengths: lengths)
        let gotEnds = collectionView.numbers(
          "end", section: track, from: start, count: wanted, perItem: 1, into: endNumbers, lengths: endLengths)
        guard got == wanted, gotEnds == wanted else {
          throw LayoutError(
            "track \(track): the data source gave \(min(got, gotEnds)) of \(wanted) days from item \(start)")
        }
        for k in 0..<got {
          let item = start + k
          let path = IndexPath(track, item)
          let day: Int
          let dayIsText: Bool
          if lengths[k] == 1 {
            day = try wholeDay(numbers[k], at: path, key: "day")
            dayIsText = false
          } else if lengths[k] >= 0 {
            throw LayoutError(
              "\(describe(path)) has a list of \(lengths[k]) numbers as its day: a day is one whole number of days since 1970-01-01 or an ISO date YYYY-MM-DD"
            )
          } else {
            day = try textDay(at: path, key: "day")!
            dayIsText = true
          }
          if let previous = days.last, day < Int(previous) {
            throw LayoutError(
              "\(describe(path)) is on day \(day) (\(CalendarDay.iso(day))), before day \(previous) (\(CalendarDay.iso(Int(previous)))) of item \(track).\(item - 1): the events of a track must be in day order"
            )
          }
          var end: Int?
          if endLengths[k] == 1 {
            end = try wholeDay(endNumbers[k], at: path, key: "end")
          } else if endLengths[k] >= 0 {
            throw LayoutError(
              "\(describe(path)) has a list of \(endLengths[k]) numbers as its end: an end is one day, in the form of its day"
            )
          } else if dayIsText {
            end = try textDay(at: path, key: "end")
          } else if !probed {
            probed = true
            if let text = collectionView.string("end", section: track, item: item) {
              throw LayoutError(
                "\(describe(path)) has day \(day) but end \"\(text)\": give the end in the form of the day, a whole number of days since 1970-01-01 (or both as ISO dates YYYY-MM-DD)"
              )
            }
          }
          if let end {
            guard end >= day else {
              throw LayoutError(
                "\(describe(path)) ends on day \(end) (\(CalendarDay.iso(end))), before it starts on day \(day) (\(CalendarDay.iso(day))): an event's end is its last day, on or after its day"
              )
            }
            if ends.isEmpty { ends = [Int32](repeating: Self.noEnd, count: days.count) }
            ends.append(Int32(end))
            last = max(last, end)
          } else if !ends.isEmpty {
            ends.append(Self.noEnd)
          }
          days.append(Int32(day))
        }
        start += got
      }
      if !ends.isEmpty, ends.count < days.count {
        ends += [Int32](repeating: Self.noEnd, count: days.count - ends.count)
      }
      if let head = days.first, let tail = days.last {
        first = min(first, Int(head))
        last = max(last, Int(tail))
      }
      events.tracks.append(days)
      events.ends.append(ends)
    }
    guard first <= last else { return events }
    guard last - first < Self.largestSpan else {
      throw LayoutError(
        "the events span \(last - first + 1) days (\(CalendarDay.iso(first)) to \(CalendarDay.iso(last))): the timeline lays out at most \(Self.largestSpan) days"
      )
    }
    events.days = first...last
    return events
  }

  /// A numeric day (`key` is `day` or `end`): whole, within ±`CalendarDay.largest`.
  private func wholeDay(_ value: Double, at path: IndexPath, key: String) throws(LayoutError) -> Int {
    guard value.isFinite, value == value.rounded(), abs(value) <= Double(CalendarDay.largest) else {
      throw LayoutError(
        "\(describe(path)) has \(key) \(value): a day is a whole number of days since 1970-01-01 (at most \(CalendarDay.largest) either side) or an ISO date YYYY-MM-DD"
      )
    }
    return Int(value)
  }

  /// A day given as text (`key` is `day` or `end`): an ISO date; an absent `end` is nil.
  private func textDay(at path: IndexPath, key: String) throws(LayoutError) -> Int? {
    guard let text = collectionView.string(key, section: path.section, item: path.item) else {
      if key == "end" { return nil }
      throw LayoutError(
        "\(describe(path)) has no day: give each event a 'day' prop, a whole number of days since 1970-01-01 or an ISO date YYYY-MM-DD"
      )
    }
    guard let day = CalendarDay.parse(text) else {
      throw LayoutError(
        "\(describe(path)) has \(key) \"\(text)\": expected a whole number of days since 1970-01-01 or an ISO date YYYY-MM-DD (years 0001–9999)"
      )
    }
    return day
  }

  /// `item 0.3 (id "e3")`, for messages.
  func describe(_ path: IndexPath) -> String {
    let id = collectionView.string("id", section: path.section, item: path.item).map { " (id \"\($0)\")" } ?? ""
    return "item \(path.section).\(path.item)\(id)"
  }
}
