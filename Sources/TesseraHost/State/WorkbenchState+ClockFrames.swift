import TesseraKit

/// The simulation clock's frames (`WorkbenchClock`): each moves a running scroll animation, then
/// the layout's own time, and records what is on screen for `render PATH step`. The commands that
/// run them are in `Commands/WorkbenchState+Clock.swift`.
extension WorkbenchState {
  /// How far `step` runs.
  enum StepAmount: Equatable, Sendable {
    case seconds(Double)
    case frames(Int)
    /// Until the scroll animation has ended and the layout rests (at most a minute).
    case rest
  }

  /// One frame: the scroll animation moves the bounds, then the layout's own time advances and
  /// it lays out again.
  func runFrame(_ dt: Double, film: inout FilmMemo, last: Bool) throws(HostError) {
    clock.time += dt
    clock.frames += 1
    if let scroll = clock.scroll {
      let offset = scroll.offset(at: clock.time)
      if offset != model.bounds.origin {
        try withClockDriving { () throws(HostError) in
          try setBounds(to: Rect(origin: offset, size: model.bounds.size))
        }
      }
      if clock.time >= scroll.end - WorkbenchClock.tolerance {
        clock.scroll = nil
        clock.scrollEnded = (clock.time, offset)
      }
    }
    if let layout, layout.movesWithTime {
      let wasMoving = clock.layoutRestedAt == nil
      let moving = try layout.advance(by: dt)
      try layout.prepareIfNeeded()
      if moving {
        clock.layoutRestedAt = nil
      } else if wasMoving {
        clock.layoutRestedAt = clock.time
      }
    }
    try film.record(try filmFrame(), last: last)
    try recordFrameDisplayEvents()
    // The watchdog times each frame: a long fling through a slow layout is progress.
    PluginCallMarker.observer?.frameEnded()
  }

  /// Whether a frame would move anything: a scroll animation, or a layout in motion.
  func isAnimating() throws(HostError) -> Bool {
    if clock.scroll != nil { return true }
    guard let layout, layout.movesWithTime else { return false }
    return layout.isMoving()
  }

  /// Starts a scroll animation (one that would take no time ends at once).
  func startScroll(_ animation: ScrollAnimation) {
    clock.scroll = animation.duration > 0 ? animation : nil
    clock.scrollEnded = clock.scroll == nil ? (clock.time, animation.to) : nil
  }

  /// Setting the offset or the viewport outside the clock stops an animated scroll, as
  /// setContentOffset(_:animated: false) stops UIKit's.
  func stopScrollAnimation() {
    guard !isClockDriving, clock.scroll != nil else { return }
    clock.scroll = nil
    clock.scrollEnded = (clock.time, model.bounds.origin)
  }

  /// Whether a checkpoint must wait: motion in progress lives in the layout and in the clock,
  /// which a checkpoint does not write down (the journal replays it exactly instead).
  var clockBlocker: String? {
    if memos.lastFilm != nil { return "the last step can still be drawn" }
    // A layout that saves its motion (`tessera.state/1`) is asked when the checkpoint is written.
    if let layout, layout.movesWithTime, !layout.savesMotion, layout.isMoving() { return "the layout is moving" }
    return nil
  }

  /// The bounds and what is in them now.
  func filmFrame() throws(HostError) -> FilmMemo.Frame {
    let layout = try currentLayout()
    return FilmMemo.Frame(time: clock.time, viewport: model.bounds, elements: try layout.attributes(in: model.bounds))
  }

  /// Keeps the frames a command ran for `render PATH step`, stamped as of now.
  func keep(_ film: FilmMemo, ran frames: Int) {
    guard frames > 0, let layout else { return }
    var film = film
    film.stamp = WorkbenchStamp(layout: layout, model: model)
    memos.lastFilm = film
  }

  /// Runs `body` as the clock: the bounds it sets do not stop the scroll animation.
  func withClockDriving(_ body: () throws(HostError) -> Void) throws(HostError) {
    let was = isClockDriving
    isClockDriving = true
    defer { isClockDriving = was }
    try body()
  }
}
