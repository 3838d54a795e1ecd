import TesseraKit

/// Checks 8–22: what the batch leaves against the counts after the update.
extension BatchRule.Check {
  /// 8. Inserted sections, and the sections reloads insert again, fit the sections after.
  static func insertedSectionFits(_ after: BatchAfterUpdate) throws(HostError) {
    for s in after.batch.sectionInserts.map(\.section) + after.reloadedSections.map(\.to) where s >= after.sectionsAfter
    {
      throw HostError(
        "attempt to insert section \(s) but there are only \(after.sectionsAfter) sections after the update")
    }
  }

  /// 9.
  static func insertAndMoveSection(_ after: BatchAfterUpdate) throws(HostError) {
    for move in after.batch.sectionMoves where after.newSections.contains(move.to) {
      throw HostError("attempt to perform an insert and a move to the same section (\(move.to))")
    }
  }

  /// 10. A reload's insert counts like any other.
  static func insertAndMoveItem(_ after: BatchAfterUpdate) throws(HostError) {
    let insertLike = Set(after.inserts.map(\.path) + after.reloads.map(\.after))
    for move in after.batch.moves where insertLike.contains(move.to) {
      throw HostError("attempt to perform an insert and a move to the same index path (\(ip(move.to)))")
    }
  }

  /// 11.
  static func moveIntoInsertedSection(_ after: BatchAfterUpdate) throws(HostError) {
    for move in after.batch.moves where after.newSections.contains(move.to.section) {
      throw HostError("cannot move an item into a newly inserted section (\(move.to.section))")
    }
  }

  /// 12, 13: each insert and reload outside inserted sections lands on an item that exists.
  static func insertedItemFits(_ after: BatchAfterUpdate) throws(HostError) {
    for path in (after.keptInserts.map(\.path) + after.reloads.map(\.after)).sorted() {
      guard path.section < after.sectionsAfter else {
        throw HostError(
          "attempt to insert item \(path.item) into section \(path.section), but there are only \(after.sectionsAfter) sections after the update"
        )
      }
      guard path.item < after.itemsAfter[path.section] else {
        throw HostError(
          "attempt to insert item \(path.item) into section \(path.section), but there are only \(after.itemsAfter[path.section]) items in section \(path.section) after the update"
        )
      }
    }
  }

  /// 14.
  static func movedSectionExists(_ after: BatchAfterUpdate) throws(HostError) {
    for move in after.batch.sectionMoves {
      guard move.from < after.batch.sectionsBefore else {
        throw HostError(
          "attempt to move section \(move.from), but there are only \(after.batch.sectionsBefore) sections before the update"
        )
      }
      guard move.to < after.sectionsAfter else {
        throw HostError(
          "attempt to move section \(move.from) to section \(move.to), but there are only \(after.sectionsAfter) sections after the update"
        )
      }
    }
  }

  /// 15, 16.
  static func moveSourceExists(_ after: BatchAfterUpdate) throws(HostError) {
    let before = after.batch
    for move in before.moves {
      guard move.from.section < before.sectionsBefore else {
        throw HostError(
          "attempt to move index path (\(ip(move.from))) from a section that does not exist - there are only \(before.sectionsBefore) sections before the update"
        )
      }
      guard move.from.item < before.itemsBefore[move.from.section] else {
        throw HostError(
          "attempt to move index path (\(ip(move.from))) that does not exist - there are only \(before.itemsBefore[move.from.section]) items in section \(move.from.section) before the update"
        )
      }
    }
  }

  /// 17, 18.
  static func moveDestinationExists(_ after: BatchAfterUpdate) throws(HostError) {
    for move in after.batch.moves {
      guard move.to.section < after.sectionsAfter else {
        throw HostError(
          "attempt to move index path (\(ip(move.from))) to index path (\(ip(move.to))) in section that does not exist - there are only \(after.sectionsAfter) sections after the update"
        )
      }
      guard move.to.item < after.itemsAfter[move.to.section] else {
        throw HostError(
          "attempt to move index path (\(ip(move.from))) to index path (\(ip(move.to))) that does not exist - there are only \(after.itemsAfter[move.to.section]) items in section \(move.to.section) after the update"
        )
      }
    }
  }

  /// 19. Items first, then sections; the first earlier move from the same place is named.
  static func moveFromOnePlace(_ after: BatchAfterUpdate) throws(HostError) {
    var movedFrom: [IndexPath: IndexPath] = [:]
    for move in after.batch.moves {
      if let otherTo = movedFrom[move.from] {
        throw HostError(
          "attempt to move item at index path \(ip(move.from)) to both \(ip(otherTo)) and \(ip(move.to))")
      }
      movedFrom[move.from] = move.to
    }
    var sectionMovedFrom: [Int: Int] = [:]
    for move in after.batch.sectionMoves {
      if let otherTo = sectionMovedFrom[move.from] {
        throw HostError("attempt to move section \(move.from) to both section \(otherTo) and section \(move.to)")
      }
      sectionMovedFrom[move.from] = move.to
    }
  }

  /// 20.
  static func moveToOnePlace(_ after: BatchAfterUpdate) throws(HostError) {
    var movedTo: [IndexPath: IndexPath] = [:]
    for move in after.batch.moves {
      if let otherFrom = movedTo[move.to] {
        throw HostError(
          "attempt to move both item at index path \(ip(otherFrom)) and \(ip(move.from)) to \(ip(move.to))")
      }
      movedTo[move.to] = move.from
    }
    var sectionMovedTo: [Int: Int] = [:]
    for move in after.batch.sectionMoves {
      if let otherFrom = sectionMovedTo[move.to] {
        throw HostError("attempt to move both section \(otherFrom) and section \(move.from) to section \(move.to)")
      }
      sectionMovedTo[move.to] = move.from
    }
  }

  /// 21.
  static func sectionCountAdds(_ after: BatchAfterUpdate) throws(HostError) {
    let inserted = after.batch.sectionInserts.count + after.reloadedSections.count
    let deleted = after.batch.sectionDeletes.count + after.reloadedSections.count
    let before = after.batch.sectionsBefore
    if after.sectionsAfter != before + inserted - deleted {
      throw HostError(
        "Invalid update: invalid number of sections.  The number of sections contained in the collection view after the update (\(after.sectionsAfter)) must be equal to the number of sections contained in the collection view before the update (\(before)), plus or minus the number of sections inserted or deleted (\(inserted) inserted, \(deleted) deleted)."
      )
    }
  }

  /// 22. Every section that existed before adds up.
  static func itemCountsAdd(_ after: BatchAfterUpdate) throws(HostError) {
    for a in 0..<after.sectionsAfter {
      guard a < after.sectionSlots.count, case .existing(let b) = after.sectionSlots[a] else { continue }
      let inserted = after.insertedInto[a, default: 0] + after.reloadedInto[a, default: 0]
      let deleted = after.deletedFrom[b, default: 0] + after.reloadedFrom[b, default: 0]
      let movedIn = after.movedInto[a, default: 0]
      let movedOut = after.movedOutOf[b, default: 0]
      let itemsBefore = after.batch.itemsBefore[b]
      if after.itemsAfter[a] != itemsBefore + inserted - deleted + movedIn - movedOut {
        throw HostError(
          "Invalid update: invalid number of items in section \(a).  The number of items contained in an existing section after the update (\(after.itemsAfter[a])) must be equal to the number of items contained in that section before the update (\(itemsBefore)), plus or minus the number of items inserted or deleted from that section (\(inserted) inserted, \(deleted) deleted) and plus or minus the number of items moved into or out of that section (\(movedIn) moved in, \(movedOut) moved out)."
        )
      }
    }
  }
}
