import TesseraKit

extension BatchRule {
  /// One pure function per check, named as its case.
  package enum Check {}
}

/// Checks 1–7: the batch as typed against the sections and items before the update.
extension BatchRule.Check {
  static let ip = BatchRule.ip

  /// 1. A reload is a delete too: deleting and reloading one place is refused.
  static func deleteAndReloadTheSame(_ batch: TypedBatch) throws(HostError) {
    for reload in batch.reloads where batch.typedDeletePaths.contains(reload.path) {
      throw HostError("attempt to delete and reload the same index path (\(ip(reload.path)))")
    }
    for s in batch.sectionReloads where batch.typedSectionDeletes.contains(s) {
      throw HostError("attempt to delete and reload the same section (\(s))")
    }
  }

  /// 2.
  static func deletedSectionExists(_ batch: TypedBatch) throws(HostError) {
    for s in batch.sectionDeleteLike where s >= batch.sectionsBefore {
      throw HostError(
        "attempt to delete section \(s), but there are only \(batch.sectionsBefore) sections before the update")
    }
  }

  /// 3.
  static func deleteAndMoveSection(_ batch: TypedBatch) throws(HostError) {
    for move in batch.sectionMoves where batch.goneSections.contains(move.from) {
      throw HostError("attempt to perform a delete and a move from the same section (\(move.from))")
    }
  }

  /// 4. A reload's delete counts like any other, and so does a repeated delete, staggered, that
  /// reaches a move's source.
  static func deleteAndMoveItem(_ batch: TypedBatch) throws(HostError) {
    let deletedOrReloaded = Set(IndexShift.staggered(batch.typedDeletes, around: batch.typedReloadPaths))
      .union(batch.typedReloadPaths)
    for move in batch.moves where deletedOrReloaded.contains(move.from) {
      throw HostError("attempt to perform a delete and a move from the same index path (\(ip(move.from)))")
    }
  }

  /// 5.
  static func moveFromDeletedSection(_ batch: TypedBatch) throws(HostError) {
    for move in batch.moves where batch.goneSections.contains(move.from.section) {
      throw HostError("cannot move an item from a deleted section (\(move.from.section))")
    }
  }

  /// 6, 7: each delete and reload outside deleted sections names an item that exists.
  static func deletedItemExists(_ batch: TypedBatch) throws(HostError) {
    for path in batch.deleteLike {
      guard path.section < batch.sectionsBefore else {
        throw HostError(
          "attempt to delete item \(path.item) from section \(path.section), but there are only \(batch.sectionsBefore) sections before the update"
        )
      }
      guard path.item < batch.itemsBefore[path.section] else {
        throw HostError(
          "attempt to delete item \(path.item) from section \(path.section) which only contains \(batch.itemsBefore[path.section]) items before the update"
        )
      }
    }
  }
}
