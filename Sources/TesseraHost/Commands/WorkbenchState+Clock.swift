import TesseraKit

/// The commands that move the simulation clock or start what it runs: `step`, `scroll …
/// animated`, `fling`, `drag` (frames in `State/WorkbenchState+ClockFrames.swift`). Each runs in one
/// atomic scope, so a refused or failed one leaves time, bounds, touch and layout as they were.
extension WorkbenchState {
  /// `step`: runs frames.
  func step(_ amount: StepAmount) throws(HostError) -> ClockReport {
    try refuseDuringTransition("step")
    return try atomically { () throws(HostError) in
      var film = FilmMemo()
      try film.record(try filmFrame())
      var run = 0
      var settled = true
      switch amount {
      case .seconds(let seconds):
        let frames = WorkbenchClock.frames(in: seconds)
        for (index, dt) in frames.enumerated() {
          try runFrame(dt, film: &film, last: index == frames.count - 1)
        }
        run = frames.count
      case .frames(let count):
        for index in 0..<count { try runFrame(WorkbenchClock.frame, film: &film, last: index == count - 1) }
        run = count
      case .rest:
        while try isAnimating() {
          guard run < WorkbenchClock.mostFrames else {
            settled = false
            break
          }
          try runFrame(WorkbenchClock.frame, film: &film, last: false)
          run += 1
        }
        if run > 0 { try film.record(try filmFrame(), last: true) }
      }
      keep(film, ran: run)
      var report = try clockReport(framesRun: run)
      report.stoppedMoving = settled
      return report
    }
  }

  /// `scroll X Y animated`: starts setContentOffset(_:animated:) toward `offset`; `step` runs it.
  func animateScroll(to offset: Point) throws(HostError) -> ClockReport {
    try refuseDuringTransition("scroll")
    try checkOffsetFollowsContent(offset)
    return try atomically { () throws(HostError) in
      startScroll(
        ScrollAnimation(
          from: model.bounds.origin, to: offset, start: clock.time,
          curve: .easeInOut(duration: ScrollAnimation.animatedScrollDuration)))
      return try clockReport(framesRun: 0)
    }
  }

  /// `fling VX VY`: the content released with `velocity` (points per second, of the content
  /// offset). UIScrollView projects where it would rest, clamped to the scroll range, and asks
  /// the layout (`targetContentOffset(forProposedContentOffset:withScrollingVelocity:)`); the
  /// deceleration then runs toward that target as `step` moves the clock.
  func fling(velocity: Point) throws(HostError) -> ClockReport {
    try refuseDuringTransition("fling")
    return try atomically { () throws(HostError) in
      let layout = try currentLayout()
      let start = model.bounds.origin
      let projected = ScrollAnimation.projected(from: start, velocity: velocity)
      let range = try scrollRange()
      let proposed = Point(
        x: min(max(projected.x, range.minX), range.maxX), y: min(max(projected.y, range.minY), range.maxY))
      let target = try layout.targetContentOffset(forProposed: proposed, velocity: velocity)
      try checkOffsetFollowsContent(target)
      startScroll(
        ScrollAnimation(
          from: start, to: target, start: clock.time, curve: .deceleration(rate: ScrollAnimation.normalDeceleration)))
      return try clockReport(framesRun: 0)
    }
  }

  /// `drag DX DY [at X Y] [frames=N]`: a finger put down at the viewport point `at` (its centre by
  /// default) moves by (DX, DY) over `frames` frames, the content following it (the offset moves
  /// by −DX, −DY), then lifts. Each frame moves the bounds, as the pan gesture does, then runs the
  /// clock. Touching stops an animated scroll, as on a device.
  func drag(by delta: Point, at point: Point?, frames: Int) throws(HostError) -> ClockReport {
    try refuseDuringTransition("drag")
    let start = model.bounds.origin
    let end = Point(x: start.x - delta.x, y: start.y - delta.y)
    try checkOffsetFollowsContent(end)
    return try atomically { () throws(HostError) in
      let size = model.bounds.size
      let finger = point ?? Point(x: size.width / 2, y: size.height / 2)
      stopScrollAnimation()
      model.touch = Touch(screenPoint: finger, isDown: true)
      var film = FilmMemo()
      try film.record(try filmFrame())
      for frame in 1...frames {
        let t = Double(frame) / Double(frames)
        model.touch.screenPoint = Point(x: finger.x + delta.x * t, y: finger.y + delta.y * t)
        let offset = Point(x: start.x - delta.x * t, y: start.y - delta.y * t)
        try withClockDriving { () throws(HostError) in try setBounds(to: Rect(origin: offset, size: size)) }
        try runFrame(WorkbenchClock.frame, film: &film, last: frame == frames)
      }
      model.touch.isDown = false
      keep(film, ran: frames)
      var report = try clockReport(framesRun: frames)
      report.touch = model.touch.screenPoint
      return report
    }
  }

  /// The clock now (`step` with nothing more).
  func clockNow() throws(HostError) -> ClockReport { try clockReport(framesRun: 0) }

  private func clockReport(framesRun: Int) throws(HostError) -> ClockReport {
    let layout = try currentLayout()
    let moves = layout.movesWithTime
    let moving = moves && layout.isMoving()
    return ClockReport(
      time: clock.time, framesRun: framesRun, offset: model.bounds.origin, scrollingTo: clock.scroll?.to,
      scrollEnds: clock.scroll?.end, scrollEnded: clock.scroll == nil ? clock.scrollEnded?.time : nil,
      layout: layout.layoutClass.name, movesWithTime: moves, moving: moving,
      restedAt: moving ? nil : clock.layoutRestedAt, touch: nil)
  }

  /// The offsets a fling may come to rest at: from the resting offset to the content's end less
  /// the viewport, the adjusted inset included.
  private func scrollRange() throws(HostError) -> Rect {
    let content = try currentLayout().contentSize()
    let inset = model.scrollInsets.adjustedContentInset
    let rest = model.restingOffset
    let size = model.bounds.size
    let maxX = max(rest.x, content.width + inset.right - size.width)
    let maxY = max(rest.y, content.height + inset.bottom - size.height)
    return Rect(x: rest.x, y: rest.y, width: maxX - rest.x, height: maxY - rest.y)
  }
}
