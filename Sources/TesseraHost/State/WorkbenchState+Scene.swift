import TesseraABI
import TesseraKit

/// The domain operations on the scene: replace the dataset, move the bounds, let self-sizing
/// cells settle. Commands, the bench and the conformance checker call these; each leaves the
/// session as it was when it fails.
extension WorkbenchState {
  /// Puts a new dataset in place and lays it out; on failure nothing changes.
  func replaceDataset(_ dataset: Dataset) throws(HostError) {
    try atomically { () throws(HostError) in
      model.dataset = dataset
      if var layout {
        // New data is measured afresh: no preferred size accepted before counts. The plugin
        // keeps the ones it accepted, so a layout that has some starts again as a new instance
        // (its statistics kept), and a rollback, which replays the accepted sizes, finds it as
        // it was.
        if !layout.preferredLog.isEmpty {
          let fresh = try slot.rebuilt(layout, tracer: tracer)
          layout = fresh
        }
        try layout.invalidate(flags: UInt32(TESSERA_INVALIDATE_EVERYTHING | TESSERA_INVALIDATE_DATA_SOURCE_COUNTS))
        do throws(HostError) {
          try layout.prepareIfNeeded()
        } catch {
          // The layout refuses the data (the timeline needs days): say how to get past it.
          throw HostError(
            error.message
              + "\nthe dataset stays as it was: the current layout (\(layout.layoutClass.name)) cannot lay this one out; switch to a layout that can first ('layout NAME')"
          )
        }
        _ = try layout.contentSize()
      }
    }
  }

  /// Moves the bounds; the layout is invalidated only when it says the change requires it
  /// (UIKit's shouldInvalidateLayoutForBoundsChange).
  func setBounds(to newBounds: Rect) throws(HostError) {
    try atomically { () throws(HostError) in
      stopScrollAnimation()
      let layout = self.layout
      let invalidates = layout?.shouldInvalidate(forBoundsChange: newBounds) ?? false
      // UIKit asks for the context before the bounds change lands, with the layout as it was.
      if let layout, invalidates { try layout.invalidate(forBoundsChange: newBounds) }
      model.bounds = newBounds
      if let layout, invalidates { try layout.prepareIfNeeded() }
      // A new size may change which axes the content scrolls along, without a pass.
      try layout?.settleScrollInsets()
      try settleVisibleCells()
    }
  }

  /// Measures the visible cells until they agree with the layout (when self-sizing is on).
  @discardableResult
  func settleVisibleCells() throws(HostError) -> Int {
    guard let layout else { return 0 }
    return try settings.selfSizing.settle(layout, in: model)
  }

  /// Commands that change the data, the bounds or the layout wait for an interactive
  /// transition to end, as UIKit's collection view does while a transition layout is installed.
  func refuseDuringTransition(_ command: String) throws(HostError) {
    guard let transition else { return }
    throw HostError(
      "\(command) is refused during the transition from \(transition.current.layoutClass.name) to \(transition.next.layoutClass.name): finish it ('transition finish') or cancel it ('transition cancel') first"
    )
  }

  /// The viewport's size, the screen's scale and the scroll view's insets: new insets or a new
  /// scale invalidate the whole layout (UIKit invalidates it when the adjusted content inset
  /// changes), then the bounds change as `setBounds` changes them. A view resting at the
  /// top-left of its scroll range moves to the new one.
  func setViewport(_ size: Size, scale: Double?, insets: ViewportInsets) throws(HostError) {
    try atomically { () throws(HostError) in
      stopScrollAnimation()
      let wasResting = model.bounds.origin == model.restingOffset
      if scale != model.screenScale || insets != model.insets {
        model.screenScale = scale
        model.insets = insets
        try layout?.invalidate(flags: UInt32(TESSERA_INVALIDATE_EVERYTHING))
        try layout?.prepareIfNeeded()
      }
      try setBounds(to: Rect(origin: model.bounds.origin, size: size))
      if wasResting, model.bounds.origin != model.restingOffset {
        try setBounds(to: Rect(origin: model.restingOffset, size: size))
      }
    }
  }

  /// Offsets beyond ±1e9 points are for content that large: up to its size plus the viewport's
  /// (the content size is asked only then, so ordinary scrolls make no extra plugin call).
  func checkOffsetFollowsContent(_ offset: Point) throws(HostError) {
    guard offset.x.magnitude > Limits.coordinate || offset.y.magnitude > Limits.coordinate else { return }
    let content = try layout.map { (current) throws(HostError) in try current.contentSize() } ?? .zero
    let (limitX, limitY) = Limits.offsetLimits(content: content, viewport: model.bounds.size)
    for (value, limit, axis) in [(offset.x, limitX, "x"), (offset.y, limitY, "y")] where value.magnitude > limit {
      guard limit > Limits.coordinate else {
        throw HostError(
          "scroll offset \(axis) \(formatNumber(value)) is too large: offsets must be within ±\(Limits.coordinateText) points, or the content's size and the viewport's when larger"
        )
      }
      throw HostError(
        "scroll offset \(axis) \(formatNumber(value)) is past the content: offsets go to ±\(formatNumber(limit)) points here (the content's size and the viewport's)"
      )
    }
  }

  /// Reads and decodes a dataset file a person named.
  func readDataset(_ path: String) throws(HostError) -> Dataset {
    try files.withUTF8(resolve(path), shownAs: path) { (bytes) throws(HostError) in
      try bytes.withUnsafeBufferPointer { (buffer) throws(HostError) in
        try DatasetDecoder.decode(utf8: buffer, file: path)
      }
    }
  }
}
