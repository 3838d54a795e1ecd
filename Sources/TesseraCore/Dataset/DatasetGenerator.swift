import TesseraKit

/// `gen KIND N [key=value ...]`: deterministic datasets for trying layouts and for benchmarks.
public struct DatasetGenerator: Sendable {
  public var kind: String
  public var summary: String
  /// Its `key=value` parameters (`gen KIND N key=value ...`).
  public var parameters: OptionSchema
  /// False when the shape decides the count (`gen tree depth=3 fanout=2`).
  public var takesCount: Bool
  package let make: @Sendable (Int, OptionValues) throws(HostError) -> Dataset

  package init(
    kind: String, summary: String, parameters: [OptionSpec], takesCount: Bool = true,
    make: @escaping @Sendable (Int, OptionValues) throws(HostError) -> Dataset
  ) {
    self.kind = kind
    self.summary = summary
    self.parameters = OptionSchema("gen \(kind)", parameters)
    self.takesCount = takesCount
    self.make = make
  }

  public static let all: [DatasetGenerator] = [grid, random, tree, photos, blocks, events, labels, bars]

  /// N photos with the aspect ratios cameras and phones produce (4:3, 3:2, 16:9, square, and
  /// their portrait forms), long side 600–2000.
  public static let photos = DatasetGenerator(
    kind: "photos", summary: "N photos with realistic aspect ratios (seed=K, default 1)",
    parameters: common + [seed]
  ) { count, arguments throws(HostError) in
    var rng = SplitMix64(seed: arguments.seed("seed") ?? 1)
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

  /// N items for the quilt: a `blocks` span each, mostly 1×1, some 2×1, 1×2, 2×2 and 3×1; or, with
  /// `min=` or `max=`, whole spans drawn evenly between them (`gen blocks 1000 min=120x80
  /// max=300x140`: the quilt with 1-point blocks, as RFQuiltLayout's users wanted it).
  public static let blocks = DatasetGenerator(
    kind: "blocks",
    summary:
      "N items with quilt spans (blocks [w, h], mostly 1x1, or whole spans between min= and max=; seed=K, default 1)",
    parameters: common + [
      seed,
      OptionSpec("min", .size, range: 1...Double(Limits.quiltSpan), doc: "smallest span, in blocks (default 1x1)"),
      OptionSpec("max", .size, range: 1...Double(Limits.quiltSpan), doc: "largest span, in blocks (default min=)"),
    ]
  ) { count, arguments throws(HostError) in
    var rng = SplitMix64(seed: arguments.seed("seed") ?? 1)
    let low = arguments.size("min")
    let high = arguments.size("max")
    guard low != nil || high != nil else {
      let spans: [[Double]] = [
        [1, 1], [1, 1], [1, 1], [1, 1], [1, 1], [1, 1], [2, 1], [1, 2], [2, 2], [3, 1],
      ]
      return try build(count, arguments, property: "blocks", { _ in .numbers(spans[rng.int(in: 0...spans.count - 1)]) })
      { _ in (nil, nil) }
    }
    let (a, b) = (low ?? Size(width: 1, height: 1), high ?? low ?? Size(width: 1, height: 1))
    // Within 1...quiltSpan (the schema's range), so the roundings convert exactly.
    guard a.width.rounded(.up) <= b.width.rounded(.down), a.height.rounded(.up) <= b.height.rounded(.down) else {
      throw HostError(
        "min=\(a.formatted) and max=\(b.formatted) hold no whole span: gen blocks makes whole spans, min no larger than max"
      )
    }
    let widths = Int(a.width.rounded(.up))...Int(b.width.rounded(.down))
    let heights = Int(a.height.rounded(.up))...Int(b.height.rounded(.down))
    return try build(
      count, arguments, property: "blocks",
      { _ in
        .numbers([Double(rng.int(in: widths)), Double(rng.int(in: heights))])
      }
    ) { _ in (nil, nil) }
  }

  public static func named(_ kind: String) -> DatasetGenerator? {
    all.first { $0.kind == kind }
  }

  package static let common: [OptionSpec] = [
    OptionSpec(
      "sections", .integer, default: "1", range: 0...Double(Limits.generatedSections), placeholder: "S",
      doc: "spread the items over S sections"),
    OptionSpec("header", .size, range: 0...Limits.coordinate, doc: "give every section a header of this size"),
    OptionSpec("footer", .size, range: 0...Limits.coordinate, doc: "give every section a footer of this size"),
  ]
  package static let seed = OptionSpec("seed", .seed, default: "1", placeholder: "K", doc: "random seed")

  /// N items without sizes (the layout's default size applies) or all of one size.
  public static let grid = DatasetGenerator(
    kind: "grid", summary: "N items of one size (size=WxH, default: none, so the layout's item size applies)",
    parameters: common + [OptionSpec("size", .size, range: 0...Limits.coordinate, doc: "every item's size")]
  ) { count, arguments throws(HostError) in
    let size = arguments.size("size")
    return try build(count, arguments) { _ in (size, nil) }
  }

  /// N items of random whole-number sizes between min and max, reproducible with seed=.
  public static let random = DatasetGenerator(
    kind: "random", summary: "N items of random whole sizes between min= and max= (seed=K, default 1)",
    parameters: common + [
      seed,
      OptionSpec("min", .size, default: "20x20", range: 0...Limits.generatedSide, doc: "smallest size"),
      OptionSpec("max", .size, default: "200x120", range: 0...Limits.generatedSide, doc: "largest size"),
    ]
  ) { count, arguments throws(HostError) in
    var rng = SplitMix64(seed: arguments.seed("seed") ?? 1)
    let low = arguments.size("min") ?? Size(width: 20, height: 20)
    let high = arguments.size("max") ?? Size(width: 200, height: 120)
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
      OptionSpec(
        "depth", .integer, range: 1...Double.greatestFiniteMagnitude, placeholder: "D",
        doc: "levels, one section each (default 3)"),
      OptionSpec(
        "fanout", .integer, range: 0...Double(Limits.treeFanout), placeholder: "F",
        doc: "children per node, at most with seed= (default 2)"),
      OptionSpec(
        "nodes", .integer, range: 1...Double.greatestFiniteMagnitude, placeholder: "N",
        doc: "exactly N nodes, levels filled in order (instead of depth)"),
      OptionSpec("seed", .seed, placeholder: "K", doc: "random fanouts and node sizes"),
    ], takesCount: false
  ) { _, arguments throws(HostError) in
    var rng = arguments.seed("seed").map { SplitMix64(seed: $0) }
    let shape: TreeShape
    if let nodes = arguments.integer("nodes") {
      guard !arguments.has("depth") else { throw HostError("gen tree: give depth= or nodes=, not both") }
      let fanout = arguments.integer("fanout") ?? TreeShape.fanout(forNodes: nodes)
      guard fanout >= 1 else {
        throw HostError("invalid value '0' for fanout: with nodes=, every node has at least 1 child")
      }
      shape = try TreeShape(nodes: nodes, fanout: fanout)
    } else {
      shape = try TreeShape(depth: arguments.integer("depth") ?? 3, fanout: arguments.integer("fanout") ?? 2)
    }
    return shape.make(rng: &rng)
  }

  /// A dataset of `count` items from `key=value` parameters (checked against `parameters`).
  public func generate(count: Int, parameters pairs: [(key: String, value: String)]) throws(HostError) -> Dataset {
    let arguments = try parameters.parse(pairs)
    guard count >= 0, count <= Limits.generatedItems else {
      throw HostError("gen \(kind): N must be from 0 to \(Limits.generatedItems), got \(count)")
    }
    try Limits.checkMemory(items: count, for: "gen \(kind) \(count)")
    return try make(count, arguments)
  }

  /// `generate` with parameters by name (in name order).
  public func generate(count: Int, arguments: [String: String]) throws(HostError) -> Dataset {
    try generate(count: count, parameters: arguments.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
  }

  package static func build(
    _ count: Int, _ arguments: OptionValues, property key: String? = nil,
    _ property: ((Int) -> PropertyValue)? = nil,
    _ item: (Int) -> (Size?, Size?)
  ) throws(HostError) -> Dataset {
    let sections = arguments.integer("sections") ?? 1
    guard sections > 0 || count == 0 else { throw HostError("sections=0 cannot hold \(count) items") }
    let header = arguments.size("header")
    let footer = arguments.size("footer")
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
}
