import TesseraKit

/// The shape `gen tree` builds: levels of nodes, each naming its parent in the level before.
/// Either every level full (`depth` levels at `fanout` children a node) or exactly `nodes`
/// nodes, levels filled parent by parent until that many are made.
package struct TreeShape {
  package var depth: Int
  package var fanout: Int
  /// Exactly this many nodes; nil: as many as the depth and fanout make.
  package var nodes: Int?

  package static let mostLevels = 64
  package static let mostNodes = 1_000_000

  /// Full levels: refused before anything is made when they could exceed the item limit.
  package init(depth: Int, fanout: Int) throws(HostError) {
    guard depth <= Self.mostLevels else { throw HostError("gen tree: depth must be at most \(Self.mostLevels)") }
    guard fanout <= Limits.treeFanout else {
      throw HostError("gen tree: fanout must be at most \(Limits.treeFanout), got \(fanout)")
    }
    // The most nodes the shape can have (every node at full fanout).
    var most = 0
    var level = 1
    for _ in 0..<depth {
      most += level
      if most > Self.mostNodes {
        throw HostError(
          "gen tree: depth=\(depth) fanout=\(fanout) can make more than \(Self.mostNodes) nodes, the most allowed; lower depth or fanout"
        )
      }
      level = max(1, level * max(1, fanout))
    }
    self.depth = depth
    self.fanout = fanout
  }

  /// Exactly `nodes` nodes, every node but the last level's at full fanout; refused when the
  /// fanout needs more than 64 levels to make them.
  package init(nodes: Int, fanout: Int) throws(HostError) {
    guard nodes <= Self.mostNodes else {
      throw HostError("gen tree: nodes must be at most \(Self.mostNodes), got \(nodes)")
    }
    guard fanout <= Limits.treeFanout else {
      throw HostError("gen tree: fanout must be at most \(Limits.treeFanout), got \(fanout)")
    }
    var levels = 0
    var made = 0
    var level = 1
    while made < nodes {
      levels += 1
      guard levels <= Self.mostLevels else {
        throw HostError(
          "gen tree: nodes=\(nodes) with fanout=\(fanout) needs more than \(Self.mostLevels) levels; raise fanout")
      }
      made += level
      level = level.multipliedReportingOverflow(by: fanout).partialValue
      if level > nodes || level <= 0 { level = nodes }
    }
    self.depth = levels
    self.fanout = fanout
    self.nodes = nodes
  }

  /// The fanout that makes about eight levels of `nodes` nodes (at least 2).
  package static func fanout(forNodes nodes: Int) -> Int {
    var fanout = 2
    while fanout < Limits.treeFanout {
      var made = 0
      var level = 1
      for _ in 0..<7 where made < nodes {
        made += level
        level *= fanout
      }
      if made >= nodes / 2 { break }
      fanout += 1
    }
    return fanout
  }

  /// The nodes, level by level. With a generator nodes get random sizes and, unless the node
  /// count is fixed, random fanouts (0…fanout, at least one child for the root).
  package func make(rng: inout SplitMix64?) -> Dataset {
    let types = ["normal", "important", "critical"]
    var dataset = Dataset()
    var next = 0
    var previous: [String] = []
    for level in 0..<depth {
      guard next < nodes ?? Int.max else { break }
      var section = DatasetSection(id: "level\(level)")
      let parents = level == 0 ? [""] : previous
      parentLoop: for (p, parent) in parents.enumerated() {
        let children: Int
        if level == 0 {
          children = 1
        } else if rng != nil, nodes == nil {
          children = rng!.int(in: (level == 1 && p == 0 ? 1 : 0)...max(1, fanout))
        } else {
          children = fanout
        }
        for _ in 0..<children {
          if let nodes, next >= nodes { break parentLoop }

          let size = rng.map { _ in Size(width: Double(rng!.int(in: 60...160)), height: Double(rng!.int(in: 30...70))) }
          section.items.append(DatasetItem(id: "n\(next)", size: size))
          let item = section.items.count - 1
          section.items.setProperty("label", .string("n\(next)"), at: item)
          section.items.setProperty("type", .string(types[next % 3]), at: item)
          if level > 0 { section.items.setProperty("parent", .string(parent), at: item) }
          next += 1
        }
      }
      previous = Array(section.items.ids)
      dataset.sections.append(section)
    }
    return dataset
  }
}
