import TesseraABI
import TesseraKit

extension Session {
  /// Moves the bounds; the layout is invalidated only when it says the change requires it
  /// (UIKit's shouldInvalidateLayoutForBoundsChange).
  func changeBounds(to newBounds: Rect) throws(HostError) {
    try atomically { () throws(HostError) in
      let layout = self.layout
      let invalidates = layout?.shouldInvalidate(forBoundsChange: newBounds) ?? false
      model.bounds = newBounds
      if let layout, invalidates {
        try layout.invalidate(flags: UInt32(TESSERA_INVALIDATE_BOUNDS))
        try layout.prepareIfNeeded()
      }
      try settleVisibleCells()
    }
  }

  func viewportCommand(_ args: [String]) throws(HostError) -> Reply {
    let size = model.bounds.size
    if args.isEmpty {
      return .confirm("viewport \(size.formatted)", "viewport", .array([.number(size.width), .number(size.height)]))
    }
    guard args.count == 1 else { throw HostError.usage("viewport takes one size") }
    guard let new = parseSize(args[0]) else {
      throw HostError("invalid size '\(args[0])': expected WxH with finite numbers, e.g. 390x844")
    }
    guard new.width > 0, new.height > 0 else {
      throw HostError("invalid viewport \(new.formatted): width and height must be greater than 0")
    }
    try Limits.checkSize(new, "viewport")
    try changeBounds(to: Rect(origin: model.bounds.origin, size: new))
    return .confirm("viewport \(new.formatted)", "viewport", .array([.number(new.width), .number(new.height)]))
  }

  func scrollCommand(_ args: [String]) throws(HostError) -> Reply {
    guard args.count == 2 else { throw HostError.usage("scroll takes the content offset X and Y") }
    guard let x = parseNumber(args[0]), let y = parseNumber(args[1]) else {
      throw HostError("invalid offset '\(args[0]) \(args[1])': expected two finite numbers, e.g. scroll 0 600")
    }
    try Limits.checkCoordinate(x, "scroll offset x")
    try Limits.checkCoordinate(y, "scroll offset y")
    try changeBounds(to: Rect(origin: Point(x: x, y: y), size: model.bounds.size))
    return .confirm(
      "offset \(formatNumber(x)) \(formatNumber(y))", "offset", .array([.number(x), .number(y)]))
  }

  func visibleCommand(_ args: [String]) throws(HostError) -> Reply {
    let all = args == ["--all"]
    guard args.isEmpty || all else {
      throw HostError.usage("visible takes no arguments but --all (see 'dump X Y W H' for a rect)")
    }
    return AttributesOutput.listing(
      try currentLayout().attributes(in: model.bounds), format: format, all: all, command: "visible")
  }

  func dumpCommand(_ words: [String]) throws(HostError) -> Reply {
    let layout = try currentLayout()
    let all = words.last == "--all"
    let args = all ? Array(words.dropLast()) : words
    func listing(_ elements: [Element]) -> Reply {
      AttributesOutput.listing(elements, format: format, all: all, command: "dump")
    }
    if args.isEmpty { return listing(try layout.allAttributes()) }
    guard args.count == 4 else { throw HostError.usage("dump takes no rect or a whole one") }
    let numbers = args.map(parseNumber)
    guard numbers.allSatisfy({ $0 != nil }) else {
      let bad = args[numbers.firstIndex { $0 == nil }!]
      throw HostError("invalid number '\(bad)' in rect: expected four finite numbers X Y W H")
    }
    let n = numbers.map { $0! }
    for (value, name) in zip(n, ["x", "y", "width", "height"]) { try Limits.checkCoordinate(value, "rect \(name)") }
    guard n[2] >= 0, n[3] >= 0 else {
      throw HostError(
        "invalid rect: width and height must not be negative, got \(formatNumber(n[2]))x\(formatNumber(n[3]))")
    }
    return listing(try layout.attributes(in: Rect(x: n[0], y: n[1], width: n[2], height: n[3])))
  }

  func itemCommand(_ args: [String]) throws(HostError) -> Reply {
    guard args.count == 1 else { throw HostError.usage("item takes one index path") }
    guard let path = parseIndexPath(args[0]) else {
      throw HostError("invalid index path '\(args[0])': expected S.I (section.item), e.g. 0.3")
    }
    guard model.dataset.contains(path) else { throw HostError(model.dataset.describeMissing(path)) }
    guard let element = try currentLayout().item(at: path) else {
      throw HostError("layout '\(try currentLayout().layoutClass.name)' has no attributes for item \(path)")
    }
    return AttributesOutput.reply([element])
  }

  func sizeCommand(_ args: [String]) throws(HostError) -> Reply {
    guard args.isEmpty else { throw HostError.usage("size takes no arguments") }
    let size = try currentLayout().contentSize()
    return .confirm(
      "contentSize \(size.formatted)", "contentSize", .array([.number(size.width), .number(size.height)]))
  }
}
