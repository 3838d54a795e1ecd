import TesseraKit

/// UIKit's checks of a batch update (docs/uikit-behaviour.md, "performBatchUpdates", checks 1–22),
/// one case each, in UIKit's order: the order of the cases is the contract. `BatchValidator` runs
/// them one after the other and the first that fails is the error, in UIKit's words. Where several
/// operations break a check, the first in UIKit's sorted order is named (`TypedBatch`).
package enum BatchRule: CaseIterable, Sendable {
  case deleteAndReloadTheSame
  case deletedSectionExists
  case deleteAndMoveSection
  case deleteAndMoveItem
  case moveFromDeletedSection
  case deletedItemExists
  case insertedSectionFits
  case insertAndMoveSection
  case insertAndMoveItem
  case moveIntoInsertedSection
  case insertedItemFits
  case movedSectionExists
  case moveSourceExists
  case moveDestinationExists
  case moveFromOnePlace
  case moveToOnePlace
  case sectionCountAdds
  case itemCountsAdd

  /// The numbers of UIKit's checks this case makes (some make two texts of one test).
  package var checks: ClosedRange<Int> {
    switch self {
    case .deleteAndReloadTheSame: 1...1
    case .deletedSectionExists: 2...2
    case .deleteAndMoveSection: 3...3
    case .deleteAndMoveItem: 4...4
    case .moveFromDeletedSection: 5...5
    case .deletedItemExists: 6...7
    case .insertedSectionFits: 8...8
    case .insertAndMoveSection: 9...9
    case .insertAndMoveItem: 10...10
    case .moveIntoInsertedSection: 11...11
    case .insertedItemFits: 12...13
    case .movedSectionExists: 14...14
    case .moveSourceExists: 15...16
    case .moveDestinationExists: 17...18
    case .moveFromOnePlace: 19...19
    case .moveToOnePlace: 20...20
    case .sectionCountAdds: 21...21
    case .itemCountsAdd: 22...22
    }
  }

  /// What a check reads. The checks on the batch as typed come first: what the update leaves
  /// is worked out only once they pass, since it indexes the sections they keep in range.
  package enum Stage {
    case typed((TypedBatch) throws(HostError) -> Void)
    case afterUpdate((BatchAfterUpdate) throws(HostError) -> Void)
  }

  package var stage: Stage {
    switch self {
    case .deleteAndReloadTheSame: .typed(Check.deleteAndReloadTheSame)
    case .deletedSectionExists: .typed(Check.deletedSectionExists)
    case .deleteAndMoveSection: .typed(Check.deleteAndMoveSection)
    case .deleteAndMoveItem: .typed(Check.deleteAndMoveItem)
    case .moveFromDeletedSection: .typed(Check.moveFromDeletedSection)
    case .deletedItemExists: .typed(Check.deletedItemExists)
    case .insertedSectionFits: .afterUpdate(Check.insertedSectionFits)
    case .insertAndMoveSection: .afterUpdate(Check.insertAndMoveSection)
    case .insertAndMoveItem: .afterUpdate(Check.insertAndMoveItem)
    case .moveIntoInsertedSection: .afterUpdate(Check.moveIntoInsertedSection)
    case .insertedItemFits: .afterUpdate(Check.insertedItemFits)
    case .movedSectionExists: .afterUpdate(Check.movedSectionExists)
    case .moveSourceExists: .afterUpdate(Check.moveSourceExists)
    case .moveDestinationExists: .afterUpdate(Check.moveDestinationExists)
    case .moveFromOnePlace: .afterUpdate(Check.moveFromOnePlace)
    case .moveToOnePlace: .afterUpdate(Check.moveToOnePlace)
    case .sectionCountAdds: .afterUpdate(Check.sectionCountAdds)
    case .itemCountsAdd: .afterUpdate(Check.itemCountsAdd)
    }
  }

  /// UIKit prints an index path as an NSIndexPath description.
  package static func ip(_ path: IndexPath) -> String { "{length = 2, path = \(path.section) - \(path.item)}" }
}
