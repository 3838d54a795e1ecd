import TesseraCore
import TesseraKit
import Testing

@testable import TesseraHost

/// What `invalidate size` lists as changed: side by side when the elements keep their order,
/// otherwise the plain rule (every element after whose label's last element before differs) —
/// the two agree unless a layout lists one label twice.
@Suite struct InvalidationChangesTests {
  static func plainRule(_ before: [Element], _ after: [Element]) -> [Element] {
    if before.count == after.count,
      zip(before, after).allSatisfy({ $0.kind == $1.kind && $0.indexPath == $1.indexPath })
    {
      return zip(before, after).filter { $0 != $1 }.map(\.1)
    }
    var old: [String: Element] = [:]
    for e in before { old[e.label] = e }
    return after.filter { old[$0.label] != $0 }
  }

  @Test(arguments: UInt64(1)...300)
  func theChangedElementsAreThePlainRules(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    let kinds: [String?] = [nil, nil, "header", "cell"]
    let before = (0..<rng.int(in: 0...40)).map { k in
      Element(
        category: .cell, kind: kinds[rng.int(in: 0...3)],
        indexPath: IndexPath(0, rng.int(in: 0...(seed % 4 == 0 ? 8 : 60))),
        frame: Rect(x: Double(k), y: 0, width: 10, height: 10))
    }
    var after = before
    for _ in 0..<rng.int(in: 0...4) where !after.isEmpty {
      let i = rng.int(in: 0...after.count - 1)
      switch rng.int(in: 0...5) {
      case 0: after.remove(at: i)
      case 1: after.insert(after[i], at: rng.int(in: 0...after.count - 1))
      case 2: after.swapAt(i, rng.int(in: 0...after.count - 1))
      default: after[i].frame.origin.y += 1
      }
    }
    #expect(WorkbenchState.changed(from: before, to: after) == Self.plainRule(before, after), "seed \(seed)")
  }
}
