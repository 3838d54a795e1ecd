/// What the last batch and the last animated layout change were, kept so `render PATH batch` and
/// `render PATH transition` can draw them while nothing has changed since.
struct WorkbenchMemos {
  var lastBatch: BatchMemo?
  /// Set when the last batch's memo was dropped because something changed after it.
  var lastBatchIsStale = false
  var lastLayoutChange: LayoutChangeMemo?
  /// The frames the clock ran in the last `step` or `drag`.
  var lastFilm: FilmMemo?
  /// The views on screen after the last command, when display events are on.
  var displayed = DisplayedViews()

  /// Lets the memos go once they can no longer be drawn (they hold the old dataset).
  mutating func forgetOutdated(layout: LayoutInstance?, model: CollectionModel) {
    if let memo = lastBatch, !memo.isCurrent(layout: layout, model: model) {
      lastBatch = nil
      lastBatchIsStale = true
    }
    if let memo = lastLayoutChange, !memo.isCurrent(layout: layout, model: model) { lastLayoutChange = nil }
    if let memo = lastFilm, memo.stamp != nil, !memo.isCurrent(layout: layout, model: model) { lastFilm = nil }
  }

  /// Which memos could be drawn now.
  func current(layout: LayoutInstance?, model: CollectionModel) -> (batch: Bool, layoutChange: Bool, film: Bool) {
    (
      lastBatch?.isCurrent(layout: layout, model: model) ?? false,
      lastLayoutChange?.isCurrent(layout: layout, model: model) ?? false,
      lastFilm?.isCurrent(layout: layout, model: model) ?? false
    )
  }

  /// The memos that were current stay current once the session is put back as it was (restoring
  /// lays the layout out again, with new generations).
  mutating func restamp(_ stamp: WorkbenchStamp, current: (batch: Bool, layoutChange: Bool, film: Bool)) {
    if current.film { lastFilm?.stamp = stamp }
    if current.batch { lastBatch = lastBatch?.restamped(stamp) }
    if current.layoutChange { lastLayoutChange = lastLayoutChange?.restamped(stamp) }
  }
}
