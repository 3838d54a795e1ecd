import TesseraKit

/// `gen KIND N [key=value ...]`: deterministic datasets for trying layouts and for benchmarks.
public struct DatasetGenerator: Sendable {
  public struct Parameter: Sendable {
    public var name: String
    public var placeholder: String
    public var doc: String
  }

  public var kind: String
  public var summary: String
  public var parameters: [Parameter]
  /// False when the shape decides the count (`gen tree depth=3 fanout=2`).
  public var takesCount = true
  package let make: @Sendable (Int, [String: String]) throws(HostError) -> Dataset

  public static let all: [DatasetGenerator] = [grid, random, tree, photos, blocks, events]

  /// N photos with the aspect ratios cameras and phones produce (4:3, 3:2, 16:9, square, and
  /// their portrait forms), long side 600–2000.
  public static let photos = DatasetGenerator(
    kind: "photos", summary: "N photos with realistic aspect ratios (seed=K, default 1)",
    parameters: common + [Parameter(name: "seed", placeholder: "K", doc: "random seed (default 1)")]
  ) { count, arguments throws(HostError) in
    var rng = SplitMix64(seed: try wholeArgument("seed", arguments["seed"] ?? "1", minimum: 0))
    let ratios: [(Double, Double)] = [(4, 3), (3, 4), (3, 2), (2, 3), (16, 9), (9, 16), (1, 1), (4, 3), (3, 4)]
    return try build(count, arguments) { _ in
      let (a, b) = ratios[rng.int(in: 0...ratios.count - 1)]
      let long = Double(rng.int(in: 600...2000))
      let size =
        a >= b
        ? Size(width: long, height: (long * b / a).rounded()) : Size(width: (long * a / b).rounded(), height: long)
      return (size, nil)
    }
  }

  /// N items for the quilt: a `blocks` span each, mostly 1×1, some 2×1, 1×2, 2×2 and 3×1.
  public static let blocks = DatasetGenerator(
    kind: "blocks", summary: "N items with quilt spans (blocks [w, h], mostly 1x1; seed=K, default 1)",
    parameters: common + [Parameter(name: "seed", placeholder: "K", doc: "random seed (default 1)")]
  ) { count, arguments throws(HostError) in
    var rng = SplitMix64(seed: try wholeArgument("seed", arguments["seed"] ?? "1", minimum: 0))
    let spans: [[Double]] = [[1, 1], [1, 1], [1, 1], [1, 1], [1, 1], [1, 1], [2, 1], [1, 2], [2, 2], [3, 1]]
    return try build(count, arguments, property: "blocks", { _ in .numbers(spans[rng.int(in: 0...spans.count - 1)]) }) {
      _ in
      (nil, nil)
    }
  }

  public static func named(_ kind: String) -> DatasetGenerator? {
    all.first { $0.kind == kind }
  }

  package static let common: [Parameter] = [
    Parameter(name: "sections", placeholder: "S", doc: "spread the items over S sections (default 1)"),
    Parameter(name: "header", placeholder: "WxH", doc: "give every section a header of this size"),
    Parameter(name: "footer", placeholder: "WxH", doc: "give every section a footer of this size"),
  ]

  /// N items without sizes (the layout's default size applies) or all of one size.
  public static let grid = DatasetGenerator(
    kind: "grid", summary: "N items of one size (size=WxH, default: none, so the layout's item size applies)",
    parameters: common + [Parameter(name: "size", placeholder: "WxH", doc: "every item's size")]
  ) { count, arguments throws(HostError) in
    let size = try arguments["size"].map { (text) throws(HostError) in try sizeArgument("size", text) }
    return try build(count, arguments) { _ in (size, nil) }
  }

  /// N items of random whole-number sizes between min and max, reproducible with seed=.
  public static let random = DatasetGenerator(
    kind: "random", summary: "N items of random whole sizes between min= and max= (seed=K, default 1)",
    parameters: common + [
      Parameter(name: "seed", placeholder: "K", doc: "random seed (default 1)"),
      Parameter(name: "min", placeholder: "WxH", doc: "smallest size (default 20x20)"),
      Parameter(name: "max", placeholder: "WxH", doc: "largest size (default 200x120)"),
    ]
  ) { count, arguments throws(HostError) in
    var rng = SplitMix64(seed: try wholeArgument("seed", arguments["seed"] ?? "1", minimum: 0))
    let low = try sizeArgument("min", arguments["min"] ?? "20x20")
    let high = try sizeArgument("max", arguments["max"] ?? "200x120")
    guard low.width <= high.width, low.height <= high.height else {
      throw HostError("min=\(low.formatted) must not exceed max=\(high.formatted)")
    }
    guard high.width <= Limits.generatedSide, high.height <= Limits.generatedSide else {
      throw HostError(
        "max=\(high.formatted) is too large: gen makes sizes of at most \(formatNumber(Limits.generatedSide)) points a side"
      )
    }
    // Both are at most a million now, so the roundings convert exactly.
    guard low.width.rounded(.up) <= high.width.rounded(.down), low.height.rounded(.up) <= high.height.rounded(.down)
    else {
      throw HostError(
        "min=\(low.formatted) and max=\(high.formatted) hold no whole size: gen random makes whole sizes; widen the range"
      )
    }
    let widths = Int(low.width.rounded(.up))...Int(high.width.rounded(.down))
    let heights = Int(low.height.rounded(.up))...Int(high.height.rounded(.down))
    return try build(count, arguments) { _ in
      (Size(width: Double(rng.int(in: widths)), height: Double(rng.int(in: heights))), nil)
    }
  }

  /// A tree for the schematic layout: one section per depth level, each node naming its parent
  /// in the previous level (`parent` prop), with a label and a type. Without a seed every node
  /// has `fanout` children and no size; with one, 0 to `fanout` children (at least one for the
  /// root) and random sizes. Depth and fanout decide the count (`gen tree depth=3 fanout=2`), or
  /// `nodes=N` asks for exactly N nodes: every node has `fanout` children, levels filled parent
  /// by parent until N are made, with a fanout (unless given) that makes about eight levels —
  /// what `tessera bench --dataset tree` measures.
  public static let tree = DatasetGenerator(
    kind: "tree",
    summary:
      "a tree, one section per level: depth=D (3) fanout=F (2), or nodes=N for exactly N nodes; seed=K for random shapes and sizes",
    parameters: [
      Parameter(name: "depth", placeholder: "D", doc: "levels, one section each (default 3)"),
      Parameter(name: "fanout", placeholder: "F", doc: "children per node, at most with seed= (default 2)"),
      Parameter(name: "nodes", placeholder: "N", doc: "exactly N nodes, levels filled in order (instead of depth)"),
      Parameter(name: "seed", placeholder: "K", doc: "random fanouts and node sizes"),
    ], takesCount: false
  ) { _, arguments throws(HostError) in
    var rng = try arguments["seed"].map { (text) throws(HostError) in
      SplitMix64(seed: try wholeArgument("seed", text, minimum: 0))
    }
    let shape: TreeShape
    if let nodesText = arguments["nodes"] {
      guard arguments["depth"] == nil else { throw HostError("gen tree: give depth= or nodes=, not both") }
      let nodes = Int(try wholeArgument("nodes", nodesText, minimum: 1))
      let fanout =
        try arguments["fanout"].map { (text) throws(HostError) in
          Int(try wholeArgument("fanout", text, minimum: 1))
        } ?? TreeShape.fanout(forNodes: nodes)
      shape = try TreeShape(nodes: nodes, fanout: fanout)
    } else {
      let depth = Int(try wholeArgument("depth", arguments["depth"] ?? "3", minimum: 1))
      let fanout = Int(try wholeArgument("fanout", arguments["fanout"] ?? "2", minimum: 0))
      shape = try TreeShape(depth: depth, fanout: fanout)
    }
    return shape.make(rng: &rng)
  }

  public func generate(count: Int, arguments: [String: String]) throws(HostError) -> Dataset {
    let allowed = Set(parameters.map(\.name))
    for key in arguments.keys.sorted() where !allowed.contains(key) {
      throw HostError(
        "gen \(kind) takes no '\(key)' (allowed: \(parameters.map(\.name).joined(separator: ", ")))")
    }
    guard count >= 0, count <= Limits.generatedItems else {
      throw HostError("gen \(kind): N must be from 0 to \(Limits.generatedItems), got \(count)")
    }
    try Limits.checkMemory(items: count, for: "gen \(kind) \(count)")
    return try make(count, arguments)
  }

  package static func build(
    _ count: Int, _ arguments: [String: String], property key: String? = nil,
    _ property: ((Int) -> PropertyValue)? = nil,
    _ item: (Int) -> (Size?, Size?)
  ) throws(HostError) -> Dataset {
    let sections = try Int(wholeArgument("sections", arguments["sections"] ?? "1", minimum: 0))
    guard sections > 0 || count == 0 else { throw HostError("sections=0 cannot hold \(count) items") }
    guard sections <= Limits.generatedSections else {
      throw HostError("invalid sections=\(sections): gen makes at most \(Limits.generatedSections) sections")
    }
    let header = try arguments["header"].map { (text) throws(HostError) in try sizeArgument("header", text) }
    let footer = try arguments["footer"].map { (text) throws(HostError) in try sizeArgument("footer", text) }
    var dataset = Dataset()
    dataset.sections.reserveCapacity(sections)
    var next = 0
    for s in 0..<sections {
      // Spread evenly; earlier sections take the remainder.
      let n = count / sections + (s < count % sections ? 1 : 0)
      var section = DatasetSection(id: "s\(s)", header: header, footer: footer)
      section.items.reserveCapacity(n)
      for _ in 0..<n {
        let (size, estimated) = item(next)
        section.items.append(DatasetItem(id: "i\(next)", size: size, estimated: estimated))
        if let key, let property { section.items.setProperty(key, property(next), at: section.items.count - 1) }
        next += 1
      }
      dataset.sections.append(section)
    }
    return dataset
  }

  package static func sizeArgument(_ name: String, _ text: String) throws(HostError) -> Size {
    guard let size = parseSize(text) else { throw HostError("invalid \(name)=\(text): expected WxH, e.g. 50x50") }
    guard size.width >= 0, size.height >= 0 else {
      throw HostError("invalid \(name)=\(text): sizes must not be negative")
    }
    return size
  }

  package static func wholeArgument(_ name: String, _ text: String, minimum: Int) throws(HostError) -> UInt64 {
    guard let n = Int(text), n >= minimum else {
      throw HostError("invalid \(name)=\(text): expected a whole number of at least \(minimum)")
    }
    return UInt64(n)  // n >= minimum >= 0
  }
}
