import TesseraABI
import TesseraKit

extension Session {
  func invalidateCommand(_ args: [String]) throws(HostError) -> Reply {
    let layout = try currentLayout()
    guard let what = args.first else { throw HostError.usage("invalidate needs what to invalidate") }
    var request = InvalidationRequest()
    switch what {
    case "all":
      guard args.count == 1 else { throw HostError.usage("invalidate all takes nothing more") }
      request = .everything
    case "item":
      guard args.count == 2 else { throw HostError.usage("invalidate item takes an index path") }
      let path = try existingItem(args[1])
      request.items = [path]
    case "supplementary":
      guard args.count == 3 else { throw HostError.usage("invalidate supplementary takes a kind and an index path") }
      let kinds = layout.layoutClass.supplementaryKinds
      guard kinds.contains(args[1]) else {
        throw HostError(
          "layout \(layout.layoutClass.name) has no supplementary kind '\(args[1])' (kinds: \(kinds.isEmpty ? "none" : kinds.joined(separator: ", ")))"
        )
      }
      guard let path = parseIndexPath(args[2]), path.section >= 0, path.section < model.dataset.sections.count,
        path.item >= 0
      else {
        throw HostError("invalid index path '\(args[2])': expected S.I with an existing section")
      }
      request.supplementaries = [Element.Reference(kind: args[1], indexPath: path)]
    case "size":
      guard args.count == 3 else { throw HostError.usage("invalidate size takes an index path and a size") }
      let path = try existingItem(args[1])
      guard let size = parseSize(args[2]), size.width >= 0, size.height >= 0 else {
        throw HostError("invalid size '\(args[2])': expected WxH with finite numbers, neither negative")
      }
      try Limits.checkSize(size, "preferred size")
      return try preferredSizeCommand(size, at: path)
    default:
      throw HostError.usage("unknown invalidation '\(what)'")
    }
    return try changes(describedAs: "invalidated \(request.description)") { () throws(HostError) in
      layout.invalidate(request)
    }
  }

  func existingItem(_ text: String) throws(HostError) -> IndexPath {
    guard let path = parseIndexPath(text) else {
      throw HostError("invalid index path '\(text)': expected S.I (section.item), e.g. 0.3")
    }
    guard model.dataset.contains(path) else { throw HostError(model.dataset.describeMissing(path)) }
    return path
  }

  /// The cell at `path` reports a preferred size (self-sizing).
  func preferredSizeCommand(_ size: Size, at path: IndexPath) throws(HostError) -> Reply {
    let layout = try currentLayout()
    guard let original = try layout.item(at: path) else {
      throw HostError("layout '\(layout.layoutClass.name)' has no attributes for item \(path)")
    }
    guard let request = try layout.preferredSize(size, for: original) else {
      return Reply(
        text:
          "\(path) prefers \(size.formatted): layout \(layout.layoutClass.name) keeps \(original.frame.size.formatted) (no invalidation)",
        json: .object([("invalidated", .bool(false)), ("changed", .array([]))]))
    }
    let id = model.dataset.sections[path.section].items.ids[path.item]
    return try changes(describedAs: "\(path) prefers \(size.formatted): invalidated \(request.description)") {
      () throws(HostError) in
      layout.invalidate(request)
      layout.preferredLog.append((id, size))
    }
  }

  /// Runs an invalidation and the pass after it; reports the elements whose attributes changed
  /// and the content size before → after.
  func changes(describedAs summary: String, _ invalidate: () throws(HostError) -> Void) throws(HostError) -> Reply {
    let layout = try currentLayout()
    let before = try layout.allAttributes()
    let sizeBefore = try layout.contentSize()
    try atomically { () throws(HostError) in
      try invalidate()
      try layout.prepareIfNeeded()
    }
    let after = try layout.allAttributes()
    let sizeAfter = try layout.contentSize()
    var old: [String: Element] = [:]
    for e in before { old[e.label] = e }
    let changed = Element.sortedForOutput(after.filter { old[$0.label] != $0 })
    var lines = [summary]
    lines.append("content size \(sizeBefore.formatted) → \(sizeAfter.formatted)")
    lines.append(changed.isEmpty ? "changed: none" : "changed \(changed.count):\n" + AttributesOutput.table(changed))
    return Reply(
      text: lines.joined(separator: "\n"),
      json: .object([
        ("invalidated", .bool(true)),
        (
          "contentSize",
          .object([
            ("before", .array([.number(sizeBefore.width), .number(sizeBefore.height)])),
            ("after", .array([.number(sizeAfter.width), .number(sizeAfter.height)])),
          ])
        ),
        ("changed", .array(changed.map(AttributesOutput.json))),
      ]))
  }

  func traceCommand(_ args: [String]) throws(HostError) -> Reply {
    guard args.count == 1, args[0] == "on" || args[0] == "off" else { throw HostError.usage("trace takes on or off") }
    tracing = args[0] == "on"
    return .confirm("trace \(args[0])", "trace", .bool(tracing))
  }

  func statsCommand(_ args: [String]) throws(HostError) -> Reply {
    let layout = try currentLayout()
    if args == ["reset"] {
      layout.stats = PluginCallStats()
      return .confirm("stats reset", "stats", .string("reset"))
    }
    guard args.isEmpty else { throw HostError.usage("stats takes nothing or 'reset'") }
    var table = TextTable(["call", "count"])
    for call in PluginCall.allCases where layout.stats[call] > 0 { table.add([call.name, String(layout.stats[call])]) }
    table.add(["full prepares", String(layout.stats.fullPrepares)])
    return Reply(
      text: "layout \(layout.layoutClass.name)\n" + table.rendered,
      json: .object(
        PluginCall.allCases.filter { layout.stats[$0] > 0 }.map { ($0.name, .number(Double(layout.stats[$0]))) }
          + [("fullPrepares", .number(Double(layout.stats.fullPrepares)))]))
  }
}
