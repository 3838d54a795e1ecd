import TesseraKit

/// Batches UIKit accepts but animates wrongly (docs/uikit-behaviour.md, "Accepted, but corrupt"),
/// found after every check passed; each case adds its warnings, in the order of the cases.
/// (Repeated deletes and reloads are noticed earlier, while the batch is typed: `TypedBatch`.)
package enum BatchHazard: CaseIterable, Sendable {
  /// Items inserted into, deleted from or moved within, into or out of a section that moves
  /// (IGListKit rewrites such a section move as a delete and an insert).
  case insertIntoMovingSection
  case deleteFromMovingSection
  case moveThroughMovingSection

  static let corrupt =
    "UIKit accepts this, but the update it animates is corrupt (delete and insert the section instead)"

  package func warnings(_ after: BatchAfterUpdate) -> [String] {
    let movedFrom = Dictionary(after.batch.sectionMoves.map { ($0.from, $0.to) }) { first, _ in first }
    let movedTo = Dictionary(after.batch.sectionMoves.map { ($0.to, $0) }) { first, _ in first }
    switch self {
    case .insertIntoMovingSection:
      return after.keptInserts.compactMap { insert in
        movedTo[insert.path.section].map { move in
          "insert \(insert.path) puts an item into section \(insert.path.section), which moves (move-section \(move.from) \(move.to)): \(Self.corrupt)"
        }
      }
    case .deleteFromMovingSection:
      return after.batch.deletes.reversed().compactMap { path in
        movedFrom[path.section].map { to in
          "delete \(path) takes an item out of section \(path.section), which moves (move-section \(path.section) \(to)): \(Self.corrupt)"
        }
      }
    case .moveThroughMovingSection:
      return after.batch.moves.compactMap { move in
        if let to = movedFrom[move.from.section] {
          return
            "move \(move.from) \(move.to) takes an item out of section \(move.from.section), which moves (move-section \(move.from.section) \(to)): \(Self.corrupt)"
        }
        return movedTo[move.to.section].map { section in
          "move \(move.from) \(move.to) puts an item into section \(move.to.section), which moves (move-section \(section.from) \(section.to)): \(Self.corrupt)"
        }
      }
    }
  }
}
