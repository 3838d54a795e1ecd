import TesseraKit

extension TimelineLayout {
  /// Reads every track's days: a `day` prop that is a whole number (days since 1970-01-01) or an
  /// ISO date `YYYY-MM-DD`, in day order within each track. Numbers come in bulk, a chunk of
  /// items per call; only items whose day is text are read one by one.
  func readEvents() throws(LayoutError) -> (tracks: [[Int32]], days: ClosedRange<Int>?) {
    let trackCount = collectionView.numberOfSections
    var tracks: [[Int32]] = []
    tracks.reserveCapacity(trackCount)
    var first = Int.max
    var last = Int.min
    let chunk = 1024
    let numbers = UnsafeMutablePointer<Double>.allocate(capacity: chunk)
    let lengths = UnsafeMutablePointer<Int64>.allocate(capacity: chunk)
    defer {
      numbers.deallocate()
      lengths.deallocate()
    }
    for track in 0..<trackCount {
      let count = collectionView.numberOfItems(inSection: track)
      var days = [Int32]()
      days.reserveCapacity(count)
      var start = 0
      while start < count {
        let wanted = min(chunk, count - start)
        let got = collectionView.numbers(
          "day", section: track, from: start, count: wanted, perItem: 1, into: numbers, lengths: lengths)
        guard got == wanted else {
          throw LayoutError("track \(track): the data source gave \(got) of \(wanted) days from item \(start)")
        }
        for k in 0..<got {
          let item = start + k
          let day: Int
          if lengths[k] == 1 {
            day = try wholeDay(numbers[k], at: IndexPath(track, item))
          } else if lengths[k] >= 0 {
            throw LayoutError(
              "\(describe(IndexPath(track, item))) has a list of \(lengths[k]) numbers as its day: a day is one whole number of days since 1970-01-01 or an ISO date YYYY-MM-DD"
            )
          } else {
            day = try textDay(at: IndexPath(track, item))
          }
          if let previous = days.last, day < Int(previous) {
            throw LayoutError(
              "\(describe(IndexPath(track, item))) is on day \(day) (\(CalendarDay.iso(day))), before day \(previous) (\(CalendarDay.iso(Int(previous)))) of item \(track).\(item - 1): the events of a track must be in day order"
            )
          }
          days.append(Int32(day))
        }
        start += got
      }
      if let head = days.first, let tail = days.last {
        first = min(first, Int(head))
        last = max(last, Int(tail))
      }
      tracks.append(days)
    }
    guard first <= last else { return (tracks, nil) }
    guard last - first < Self.largestSpan else {
      throw LayoutError(
        "the events span \(last - first + 1) days (\(CalendarDay.iso(first)) to \(CalendarDay.iso(last))): the timeline lays out at most \(Self.largestSpan) days"
      )
    }
    return (tracks, first...last)
  }

  /// A numeric day: whole, within ±`CalendarDay.largest`.
  private func wholeDay(_ value: Double, at path: IndexPath) throws(LayoutError) -> Int {
    guard value.isFinite, value == value.rounded(), abs(value) <= Double(CalendarDay.largest) else {
      throw LayoutError(
        "\(describe(path)) has day \(value): a day is a whole number of days since 1970-01-01 (at most \(CalendarDay.largest) either side) or an ISO date YYYY-MM-DD"
      )
    }
    return Int(value)
  }

  /// A day given as text: an ISO date.
  private func textDay(at path: IndexPath) throws(LayoutError) -> Int {
    guard let text = collectionView.string("day", section: path.section, item: path.item) else {
      throw LayoutError(
        "\(describe(path)) has no day: give each event a 'day' prop, a whole number of days since 1970-01-01 or an ISO date YYYY-MM-DD"
      )
    }
    guard let day = CalendarDay.parse(text) else {
      throw LayoutError(
        "\(describe(path)) has day \"\(text)\": expected a whole number of days since 1970-01-01 or an ISO date YYYY-MM-DD (years 0001–9999)"
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
