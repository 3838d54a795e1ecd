import TesseraABI
import TesseraKit

/// The rules, each run on a fresh trial. A rule returns normally when the layout keeps it and
/// throws a `ConformanceFailure` (with the reproducer so far) when it does not.
extension ConformanceChecker {
  /// Checks `rule` on a fresh trial of `trialCase`; given data is loaded from `datasetFile` in
  /// the steps recorded.
  func check(_ rule: ConformanceRule, _ trialCase: ConformanceCase, datasetFile: String) throws(ConformanceFailure) {
    ConformanceProgress.trial(rule, items: trialCase.items)
    if let loadStep { ConformanceProgress.step(loadStep) }
    var trial = try ConformanceTrial(
      registry: registry, loadStep: loadStep, layoutName: layoutName, case: trialCase, dataset: dataset,
      datasetFile: datasetFile)
    switch rule {
    case .validAnswers: try validAnswers(&trial)
    case .rectQuery: try rectQuery(&trial)
    case .lookup: try lookup(&trial)
    case .contentSize: try contentSize(&trial)
    case .determinism: try determinism(&trial)
    case .selfSizing: try selfSizing(&trial)
    case .batch: try batch(&trial)
    case .scrollStable: try scrollStable(&trial)
    case .boundsChange: try boundsChange(&trial)
    case .motionRestore:
      try motionRestore(&trial) { () throws(ConformanceFailure) in
        try ConformanceTrial(
          registry: registry, loadStep: loadStep, layoutName: layoutName, case: trialCase, dataset: dataset,
          datasetFile: datasetFile)
      }
    }
  }

  /// The table `dump --all` prints for `elements` in the trial's session: what a conforming
  /// layout's listing looks like.
  static func listing(_ elements: [Element], _ trial: ConformanceTrial) -> String {
    TableFormatter.format(listed(elements, trial)) ?? ""
  }

  /// What `dump --all` answers for `elements` in the trial's session.
  static func listed(_ elements: [Element], _ trial: ConformanceTrial) -> CommandResult {
    .attributes(trial.session.state.listing(elements, command: "dump", showsAll: true))
  }

  /// Every element listed, the content size, the visible ones, and each item looked up (the
  /// first `lookups` of the dataset's, listed or not: a cell a rect query never returns is still
  /// asked for): a lookup's answer is held to the same checks as a listing's.
  private func validAnswers(_ trial: inout ConformanceTrial) throws(ConformanceFailure) {
    try trial.run("dump --all")
    try trial.run("size")
    try trial.run("visible --all")
    let layout = try trial.layout
    var asked = 0
    for (section, count) in trial.session.state.model.itemCounts.enumerated() {
      for item in 0..<count where asked < Self.lookups {
        asked += 1
        let path = IndexPath(section, item)
        _ = try trial.call("item \(path)") { () throws(HostError) in try layout.item(at: path) }
      }
    }
  }

  /// How many cells valid-answers looks up one by one.
  static let lookups = 2_000

  private func rectQuery(_ trial: inout ConformanceTrial) throws(ConformanceFailure) {
    let layout = try trial.layout
    let all = try trial.call("dump --all") { () throws(HostError) in try layout.allAttributes() }
    let content = try trial.call("size") { () throws(HostError) in try layout.contentSize() }
    var rng = SplitMix64(seed: dataset.seed)
    let queries = (0..<rects).map { Self.randomRect(&rng, content: content, index: $0) } + Self.touchingRects(all)
    for rect in queries {
      let command = "dump \(Self.words(rect)) --all"
      let found = try trial.call(command) { () throws(HostError) in try layout.attributes(in: rect) }
      let expected = all.filter { $0.frame.intersects(rect) }
      guard Self.sameMultiset(found, expected) else {
        let missing = Set(expected).subtracting(found).map(\.label).sorted()
        let extra = Set(found).subtracting(expected).map(\.label).sorted()
        var what: [String] = []
        if !missing.isEmpty { what.append("missing \(Self.list(missing))") }
        if !extra.isEmpty { what.append("extra \(Self.list(extra))") }
        if found.count != Set(found).count { what.append("some listed twice") }
        throw trial.failure(
          .rectQuery, "\(command) returned \(found.count), not \(expected.count): \(what.joined(separator: "; "))",
          command: command, expected: Self.listed(expected, trial), actual: Self.listed(found, trial))
      }
    }
  }

  private func lookup(_ trial: inout ConformanceTrial) throws(ConformanceFailure) {
    let layout = try trial.layout
    let all = try trial.call("dump --all") { () throws(HostError) in try layout.allAttributes() }
    // Every item of the data has a cell in the listing.
    let listed = Set(all.filter { $0.category == .cell }.map(\.indexPath))
    for (s, section) in trial.session.model.dataset.sections.enumerated() {
      for item in 0..<section.items.count where !listed.contains(IndexPath(s, item)) {
        let path = IndexPath(s, item)
        let found = try trial.call("item \(path)") { () throws(HostError) in try layout.item(at: path) }
        throw trial.failure(
          .lookup, "the listing has no cell \(path), though the data has that item",
          command: "dump --all",
          expected: found.map { Self.listing(all + [$0], trial) }
            ?? "(a listing with a cell for every item, \(path) among them)")
      }
    }
    for cell in all where cell.category == .cell {
      try lookUp(cell, &trial)
    }
    // Supplementary and decoration views: the layout's own lookup (what UIKit asks for one view)
    // agrees with the listing.
    for view in all where view.category != .cell {
      try lookUp(view, &trial)
    }
  }

  /// `item S.I` (or `item KIND S.I`) gives exactly what the listing has for `cell`.
  private func lookUp(_ cell: Element, _ trial: inout ConformanceTrial) throws(ConformanceFailure) {
    let layout = try trial.layout
    let kind = cell.kind.map { "\($0) " } ?? ""
    let command = "item \(kind)\(cell.indexPath)"
    let found = try trial.call(command) { () throws(HostError) -> Element? in
      switch cell.category {
      case .cell: try layout.item(at: cell.indexPath)
      case .supplementary: try layout.supplementary(cell.kind!, at: cell.indexPath)
      case .decoration: try layout.decoration(cell.kind!, at: cell.indexPath)
      }
    }
    guard found == cell else {
      let detail =
        found.map { "\(command) gives frame \(Self.frame($0)), the listing \(Self.frame(cell))" }
        ?? "\(command) finds nothing, but the listing has it"
      let expected = CommandResult.attributes(trial.session.state.listing([cell]))
      guard let found else {
        throw trial.failure(.lookup, detail, command: command, expected: TableFormatter.format(expected))
      }
      throw trial.failure(
        .lookup, detail, command: command, expected: expected,
        actual: .attributes(trial.session.state.listing([found])))
    }
  }

  private func contentSize(_ trial: inout ConformanceTrial) throws(ConformanceFailure) {
    let layout = try trial.layout
    let all = try trial.call("dump --all") { () throws(HostError) in try layout.allAttributes() }
    let content = try trial.call("size") { () throws(HostError) in try layout.contentSize() }
    let bounds = trial.session.model.bounds.size
    let tolerance = 1e-9
    // Across a side as wide as the bounds the content does not scroll: frames may overflow it.
    let checksX = content.width != bounds.width
    let checksY = content.height != bounds.height
    var needed = content
    var first: Element?
    for e in all {
      if checksX, e.frame.maxX > content.width + tolerance {
        needed.width = max(needed.width, e.frame.maxX)
        first = first ?? e
      }
      if checksY, e.frame.maxY > content.height + tolerance {
        needed.height = max(needed.height, e.frame.maxY)
        first = first ?? e
      }
    }
    // The content starts at (0, 0): a frame before it can never be scrolled to.
    if first == nil, let before = all.first(where: { $0.frame.minX < -tolerance || $0.frame.minY < -tolerance }) {
      throw trial.failure(
        .contentSize,
        "\(before.label) at \(Self.frame(before)) starts before the content's origin (0, 0), where no scroll reaches",
        command: "dump --all", expected: "(a listing whose frames all start at x ≥ 0 and y ≥ 0)")
    }
    guard let first else { return }
    throw trial.failure(
      .contentSize,
      "contentSize \(content.formatted) does not cover \(first.label) at \(Self.frame(first)) (at least \(needed.formatted) would)",
      command: "size", expected: .contentSize(needed), actual: .contentSize(content))
  }

  private func determinism(_ trial: inout ConformanceTrial) throws(ConformanceFailure) {
    let before = try trial.layout
    let first = try trial.call("dump --all") { () throws(HostError) in try before.allAttributes() }
    try trial.run("dump --all")
    try trial.run("layout \(trial.layoutName)")
    let layout = try trial.layout
    let again = try trial.call("dump --all") { () throws(HostError) in try layout.allAttributes() }
    // Compared exactly (a listing rounds to 3 decimals).
    guard Self.sameMultiset(again, first) else {
      throw trial.failure(
        .determinism,
        "a fresh instance on the same data lists different elements: \(Self.firstDifference(first, again, "in the first instance", "in the fresh one"))",
        command: "dump --all", expected: Self.listed(first, trial), actual: Self.listed(again, trial))
    }
  }

  private func selfSizing(_ trial: inout ConformanceTrial) throws(ConformanceFailure) {
    let layout = try trial.layout
    let all = try trial.call("dump --all") { () throws(HostError) in try layout.allAttributes() }
    let cells = all.filter { $0.category == .cell }
    guard !cells.isEmpty else { return }
    let cell = Element.sortedForOutput(cells)[cells.count / 2]
    let size = Size(width: cell.frame.width + 13, height: cell.frame.height + 17)
    try trial.run("invalidate size \(cell.indexPath) \(size.formatted)")
    let incremental = try trial.call("dump --all") { () throws(HostError) in try layout.allAttributes() }
    // The same preferred size given to a fresh instance, then a full prepare.
    let model = trial.session.model
    let fresh = try trial.fresh { () throws(HostError) in
      let fresh = try LayoutInstance(layout.layoutClass, model: model, options: layout.options)
      if let original = try fresh.item(at: cell.indexPath), var request = try fresh.preferredSize(size, for: original) {
        request.flags.insert(.everything)
        fresh.invalidate(request)
      }
      return try fresh.allAttributes()
    }
    guard Self.sameMultiset(incremental, fresh) else {
      let differing = Set(incremental).symmetricDifference(fresh).map(\.label)
      throw trial.failure(
        .selfSizing,
        "after \(cell.indexPath) prefers \(size.formatted), the incremental pass differs from a fresh prepare at \(Self.list(Array(Set(differing)).sorted()))",
        command: "dump --all", expected: Self.listed(fresh, trial), actual: Self.listed(incremental, trial))
    }
  }

  private func batch(_ trial: inout ConformanceTrial) throws(ConformanceFailure) {
    var rng = SplitMix64(seed: dataset.seed)
    let dataset = trial.session.model.dataset
    var update = RandomBatch.make(dataset, operations: max(1, dataset.itemCount / 10), rng: &rng)
    guard !update.operations.isEmpty else { return }
    // A layout that needs something of its data (the timeline: events in day order, each with a
    // day) may refuse what random inserts and moves make; deleting items keeps every such rule,
    // so the rule then checks the batch's deletes alone. Any other error is a violation.
    // (A refused batch changes nothing, so it can be tried again.)
    let refusal = "error: layout '\(trial.session.layout?.layoutClass.name ?? "")' failed to prepare:"
    let first = "batch " + update.operations.map(\.description).joined(separator: "; ")
    if try trial.run(first, unlessItFailsWith: refusal) == nil {
      update = RandomBatch.deletes(of: update)
      guard !update.operations.isEmpty else { return }
      try trial.run("batch " + update.operations.map(\.description).joined(separator: "; "))
    }
    let layout = try trial.layout
    let after = try trial.call("dump --all") { () throws(HostError) in try layout.allAttributes() }
    let model = trial.session.model
    let fresh = try trial.fresh { () throws(HostError) in
      try LayoutInstance(layout.layoutClass, model: model, options: layout.options).allAttributes()
    }
    guard Self.sameMultiset(after, fresh) else {
      let differing = Set(after).symmetricDifference(fresh).map(\.label)
      throw trial.failure(
        .batch,
        "after a batch of \(update.operations.count) operation\(update.operations.count == 1 ? "" : "s") the layout differs from a fresh prepare at \(Self.list(Array(Set(differing)).sorted()))",
        command: "dump --all", expected: Self.listed(fresh, trial), actual: Self.listed(after, trial))
    }
  }

  private func scrollStable(_ trial: inout ConformanceTrial) throws(ConformanceFailure) {
    let layout = try trial.layout
    _ = try trial.call("dump --all") { () throws(HostError) in try layout.allAttributes() }
    let content = try trial.call("size") { () throws(HostError) in try layout.contentSize() }
    let bounds = trial.session.model.bounds
    // A third of the way along the side that scrolls (down, unless only the width exceeds the
    // bounds).
    let horizontal = content.width > bounds.width && content.height <= bounds.height
    // At most 1e8 along: a rect query's numbers stay within the commands' limits (±1e9) for
    // any content, however large it says it is.
    let along = { (length: Double) in min((length / 3).rounded(.down), 1e8) }
    let target =
      horizontal ? Point(x: along(content.width), y: bounds.minY) : Point(x: bounds.minX, y: along(content.height))
    let moved = Rect(origin: target, size: bounds.size)
    // A layout that moves with time is compared at rest: a scroll may set it moving (a springy
    // layout's cells lag the scroll), and its motion invalidates it frame by frame.
    // A layout that moves with time is not asked beforehand (asking would pull a springy
    // layout's springs): it starts at rest and is scrolled; one the scroll invalidated is not held
    // to this rule, and one the scroll set moving is compared once it rests again.
    let moves = layout.movesWithTime
    if moves { try trial.run("step rest") }
    guard moves || !layout.shouldInvalidate(forBoundsChange: moved) else { return }
    // The same rect asked before and after the scroll: the answer may be wrong (rect-query
    // says so), but it must not change when nothing was invalidated.
    let rect = "dump \(Self.words(moved)) --all"
    let before = try trial.call(rect) { () throws(HostError) in try layout.attributes(in: moved) }
    try trial.run(rect)
    let generation = layout.generation
    try trial.run("scroll \(formatNumber(target.x)) \(formatNumber(target.y))")
    if moves, layout.generation != generation { return }
    let moving = moves && layout.isMoving()
    if moving { try trial.run("step rest") }
    let after = try trial.call("visible --all") { () throws(HostError) in try layout.attributes(in: moved) }
    guard moving ? Self.sameAtRest(before, after) : Self.sameMultiset(before, after) else {
      throw trial.failure(
        .scrollStable,
        "after scroll \(formatNumber(target.x)) \(formatNumber(target.y)) \(moving ? "(and step rest)" : "(which the layout said invalidates nothing)") the visible query differs from the same rect queried before it: \(Self.firstDifference(before, after, "before the scroll", "after it"))",
        command: "visible --all", expected: Self.listed(before, trial), actual: Self.listed(after, trial))
    }
  }

  /// Bounds changes a person makes — narrower, wider and taller, a screen scale, a scroll, back
  /// to the start — each followed by the whole listing, which must be what a fresh instance with
  /// the same options prepared at the new bounds lists. A layout that keeps answering for the
  /// old bounds (it said no relayout was needed, or it relayed out from stale values) fails.
  private func boundsChange(_ trial: inout ConformanceTrial) throws(ConformanceFailure) {
    for change in ["viewport 200x400", "viewport 600x900", "viewport 600x900@2", "scroll 0 250", "viewport 390x844"] {
      try trial.run(change)
      let layout = try trial.layout
      // A layout the change set moving (springs pulled by a scroll) is compared once it rests.
      let moving = layout.movesWithTime && layout.isMoving()
      if moving { try trial.run("step rest") }
      let model = trial.session.model
      let answered = try trial.call("dump --all") { () throws(HostError) in try layout.allAttributes() }
      let fresh = try trial.fresh { () throws(HostError) in
        try LayoutInstance(layout.layoutClass, model: model, options: layout.options).allAttributes()
      }
      guard moving ? Self.sameAtRest(answered, fresh) : Self.sameMultiset(answered, fresh) else {
        throw trial.failure(
          .boundsChange,
          "after \(change) the layout lists what a fresh instance at those bounds does not: \(Self.firstDifference(fresh, answered, "for a fresh instance", "for the layout"))",
          command: "dump --all", expected: Self.listed(fresh, trial), actual: Self.listed(answered, trial))
      }
    }
  }

  /// Random rects over the content and 40 points around it; every eighth has no area.
  static func randomRect(_ rng: inout SplitMix64, content: Size, index: Int) -> Rect {
    let width = max(1, Int(min(content.width, 1e6)))
    let height = max(1, Int(min(content.height, 1e6)))
    let x = Double(rng.int(in: -40...width + 40))
    let y = Double(rng.int(in: -40...height + 40))
    let w = index % 8 == 7 ? 0 : Double(rng.int(in: 1...max(1, width)))
    let h = index % 8 == 3 ? 0 : Double(rng.int(in: 1...max(1, height / 2)))
    return Rect(x: x, y: y, width: w, height: h)
  }

  /// Rects that only touch a frame — on each of its four sides, and a zero-height rect on its top
  /// edge — for up to 25 elements spread over the listing: a query must return the
  /// element for each (`CGRectIntersectsRect`), which random rects almost never test.
  static func touchingRects(_ all: [Element]) -> [Rect] {
    let step = max(1, all.count / 25)
    return stride(from: 0, to: all.count, by: step).flatMap { index -> [Rect] in
      let f = all[index].frame
      return [
        Rect(x: f.minX, y: f.maxY, width: max(f.width, 1), height: 20),
        Rect(x: f.maxX, y: f.minY, width: 20, height: max(f.height, 1)),
        Rect(x: f.minX, y: f.minY - 20, width: max(f.width, 1), height: 20),
        Rect(x: f.minX - 20, y: f.minY, width: 20, height: max(f.height, 1)),
        Rect(x: f.minX - 5, y: f.minY, width: f.width + 10, height: 0),
      ]
    }
  }

  /// A rect as `dump` takes it: X Y W H.
  static func words(_ r: Rect) -> String {
    "\(formatNumber(r.minX)) \(formatNumber(r.minY)) \(formatNumber(r.width)) \(formatNumber(r.height))"
  }

  static func sameMultiset(_ a: [Element], _ b: [Element]) -> Bool {
    a.count == b.count && Element.sortedForOutput(a) == Element.sortedForOutput(b)
  }

  /// How far apart two answers of a layout that moves with time may place an element once it
  /// rests: Box2D, under UIKit Dynamics, lets a cell sleep up to about half a point from its
  /// anchor (a zero-length joint pulls no more within its 0.5-point slop).
  static let restingTolerance = 1.0

  /// The same elements with the same attributes, each frame of the same size and its origin
  /// within `restingTolerance` of the other's: what a layout that moves with time answers at
  /// rest.
  static func sameAtRest(_ a: [Element], _ b: [Element]) -> Bool {
    guard a.count == b.count else { return false }
    for (x, y) in zip(Element.sortedForOutput(a), Element.sortedForOutput(b)) {
      guard x.frame.size == y.frame.size, abs(x.frame.minX - y.frame.minX) <= restingTolerance,
        abs(x.frame.minY - y.frame.minY) <= restingTolerance
      else { return false }
      var moved = x
      moved.frame = y.frame
      guard moved == y else { return false }
    }
    return true
  }

  /// The first element (in output order) the two answers disagree on, and how: `cell 0.3 has
  /// frame (0, 0, 50x50) before the scroll, frame (1, 0, 50x50) after it`, or `cell 0.5 is there
  /// only before the scroll` (the names carry their prepositions).
  static func firstDifference(_ a: [Element], _ b: [Element], _ aName: String, _ bName: String) -> String {
    struct Key: Hashable {
      var category: ElementCategory
      var kind: String?
      var indexPath: IndexPath
    }
    func key(_ e: Element) -> Key { Key(category: e.category, kind: e.kind, indexPath: e.indexPath) }
    let inB = Dictionary(b.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
    let inA = Dictionary(a.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
    for e in Element.sortedForOutput(a) {
      guard let other = inB[key(e)] else { return "\(e.label) is there only \(aName)" }
      if other != e { return "\(e.label) has \(describe(e)) \(aName), \(describe(other)) \(bName)" }
    }
    for e in Element.sortedForOutput(b) where inA[key(e)] == nil { return "\(e.label) is there only \(bName)" }
    return "an element is listed twice in one of them"
  }

  /// The attributes that tell elements apart: the frame, and the rest when not the defaults.
  static func describe(_ e: Element) -> String {
    var parts = ["frame \(frame(e))"]
    if e.zIndex != 0 { parts.append("zIndex \(e.zIndex)") }
    if e.alpha != 1 { parts.append("alpha \(formatNumber(e.alpha))") }
    if e.isHidden { parts.append("hidden") }
    if e.transform != .identity {
      let t = e.transform
      parts.append("transform [\([t.a, t.b, t.c, t.d, t.tx, t.ty].map(formatNumber).joined(separator: ", "))]")
    }
    if e.depth != .identity {
      parts.append("transform3D [\(e.transform3D.entries.map(formatNumber).joined(separator: ", "))]")
    }
    for c in e.custom { parts.append("\(c.key) \(formatNumber(c.value))") }
    return parts.joined(separator: ", ")
  }

  static func frame(_ e: Element) -> String {
    "(\(formatNumber(e.frame.minX)), \(formatNumber(e.frame.minY)), \(e.frame.size.formatted))"
  }

  /// At most five names, then how many more.
  static func list(_ names: [String]) -> String {
    names.count <= 5
      ? names.joined(separator: ", ") : names.prefix(5).joined(separator: ", ") + " and \(names.count - 5) more"
  }
}
