import Algorithms

/// The layout along the scroll axis as a sequence of bands (a section's head, its lines, its
/// tail), kept so that changing one band's length costs O(block + blocks), not a pass over every
/// band after it — what lets a million-item flow absorb a self-sizing cell's new height in
/// about a microsecond.
///
/// Bands are grouped in blocks of 256. Each block keeps the offset of every band within it and
/// its total; block starts are summed on demand. Every sum is recomputed in one fixed order
/// (never adjusted by a delta, as a Fenwick tree would), so an incrementally updated layout is
/// bit-for-bit the one a fresh prepare gives.
struct BandLengths {
  static let blockSize = 256

  private(set) var lengths: [Double] = []
  /// Start of each band within its block.
  private(set) var offsets: [Double] = []
  private(set) var blockTotals: [Double] = []
  private(set) var blockStarts: [Double] = []
  /// blockStarts is valid for blocks before this one.
  private var validBlocks = 0
  /// Where the first band starts: the room `sectionInsetReference` keeps before the first
  /// section along the scroll axis (0 otherwise).
  private(set) var origin = 0.0

  mutating func setOrigin(_ v: Double) {
    guard v != origin else { return }
    origin = v
    validBlocks = 0
  }

  var count: Int { lengths.count }
  /// How many bands are shorter than nothing (a negative section inset larger than its header):
  /// while any are, positions do not grow with the band and `firstBand(reaching:)` cannot
  /// binary-search them.
  private(set) var negativeCount = 0
  var isMonotone: Bool { negativeCount == 0 }

  /// Keeps the first `count` bands.
  mutating func truncate(to count: Int) {
    guard count < lengths.count else { return }
    negativeCount -= lengths[count...].count { $0 < 0 }
    lengths.removeSubrange(count...)
    offsets.removeSubrange(count...)
    let blocks = (count + Self.blockSize - 1) / Self.blockSize
    blockTotals.removeSubrange(blocks...)
    blockStarts.removeSubrange(min(blocks, blockStarts.count)...)
    if count % Self.blockSize != 0 { recomputeBlock(blocks - 1) }
    validBlocks = min(validBlocks, max(0, blocks - 1))
  }

  mutating func reserveCapacity(_ n: Int) {
    lengths.reserveCapacity(n)
    offsets.reserveCapacity(n)
  }

  @inline(__always) mutating func append(_ length: Double) {
    let index = lengths.count
    if index % Self.blockSize == 0 {
      offsets.append(0)
      blockTotals.append(length)
      validBlocks = min(validBlocks, blockTotals.count - 1)
    } else {
      let offset = offsets[index - 1] + lengths[index - 1]
      offsets.append(offset)
      blockTotals[blockTotals.count - 1] = offset + length
    }
    if length < 0 { negativeCount += 1 }
    lengths.append(length)
  }

  /// Changes one band's length (its block is summed again; later block starts on refresh).
  mutating func set(_ band: Int, to length: Double) {
    guard lengths[band] != length else { return }
    negativeCount += (length < 0 ? 1 : 0) - (lengths[band] < 0 ? 1 : 0)
    lengths[band] = length
    let block = band / Self.blockSize
    recomputeBlock(block)
    validBlocks = min(validBlocks, block + 1)
  }

  /// Replaces bands `range` with `new` (any count) and sums every block from the first changed
  /// one again.
  mutating func replaceAndResum(_ range: Range<Int>, with new: [Double]) {
    negativeCount += new.count { $0 < 0 } - lengths[range].count { $0 < 0 }
    lengths.replaceSubrange(range, with: new)
    let count = lengths.count
    if offsets.count < count {
      offsets.append(contentsOf: repeatElement(0, count: count - offsets.count))
    } else if offsets.count > count {
      offsets.removeSubrange(count...)
    }
    let blocks = (count + Self.blockSize - 1) / Self.blockSize
    if blockTotals.count < blocks {
      blockTotals.append(contentsOf: repeatElement(0, count: blocks - blockTotals.count))
    } else if blockTotals.count > blocks {
      blockTotals.removeSubrange(blocks...)
    }
    if blockStarts.count > blocks { blockStarts.removeSubrange(blocks...) }
    let firstBlock = range.lowerBound / Self.blockSize
    for block in firstBlock..<blocks { recomputeBlock(block) }
    validBlocks = min(validBlocks, firstBlock)
  }

  private mutating func recomputeBlock(_ block: Int) {
    let first = block * Self.blockSize
    let end = min(lengths.count, first + Self.blockSize)
    var offset = 0.0
    for band in first..<end {
      offsets[band] = offset
      offset += lengths[band]
    }
    blockTotals[block] = offset
  }

  /// Brings block starts up to date; call after changes, before reading positions.
  mutating func refresh() {
    if blockStarts.count > blockTotals.count { blockStarts.removeSubrange(blockTotals.count...) }
    var start = validBlocks == 0 ? origin : blockStarts[validBlocks - 1] + blockTotals[validBlocks - 1]
    for block in validBlocks..<blockTotals.count {
      if block < blockStarts.count { blockStarts[block] = start } else { blockStarts.append(start) }
      start += blockTotals[block]
    }
    validBlocks = blockTotals.count
  }

  /// Where `band` starts along the scroll axis (after `refresh`).
  @inline(__always) func start(of band: Int) -> Double {
    blockStarts[band / Self.blockSize] + offsets[band]
  }

  var total: Double {
    guard let last = blockTotals.indices.last else { return origin }
    return blockStarts[last] + blockTotals[last]
  }

  /// The first band that ends at or after `v` (== count when none does); 0 while some band is
  /// negative (`isMonotone` false): then a search must look at every band.
  func firstBand(reaching v: Double) -> Int {
    guard isMonotone else { return 0 }
    let block = blockTotals.indices.partitioningIndex { blockStarts[$0] + blockTotals[$0] >= v }
    guard block < blockTotals.count else { return lengths.count }
    let blockStart = blockStarts[block]
    let first = block * Self.blockSize
    return (first..<min(lengths.count, first + Self.blockSize)).partitioningIndex {
      blockStart + offsets[$0] + lengths[$0] >= v
    }
  }
}
