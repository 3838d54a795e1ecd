import TesseraHost
import Testing

/// One row per UIKit exception text (docs/uikit-behaviour.md, "performBatchUpdates"), in UIKit's
/// check order, on two sections of three items. Each refused batch must leave the data as it was.
@Suite struct BatchErrorTests {
  static func ip(_ s: Int, _ i: Int) -> String { "{length = 2, path = \(s) - \(i)}" }

  static let rows: [(batch: String, error: String)] = [
    ("delete 0.1; reload 0.1", "attempt to delete and reload the same index path (\(ip(0, 1)))"),
    ("delete-section 2", "attempt to delete section 2, but there are only 2 sections before the update"),
    ("delete-section 0; move-section 0 1", "attempt to perform a delete and a move from the same section (0)"),
    ("delete 0.1; move 0.1 1.0", "attempt to perform a delete and a move from the same index path (\(ip(0, 1)))"),
    ("delete-section 0; move 0.1 1.0", "cannot move an item from a deleted section (0)"),
    ("delete 3.0", "attempt to delete item 0 from section 3, but there are only 2 sections before the update"),
    ("delete 0.3", "attempt to delete item 3 from section 0 which only contains 3 items before the update"),
    ("insert-section 3", "attempt to insert section 3 but there are only 3 sections after the update"),
    ("insert-section 1; move-section 0 1", "attempt to perform an insert and a move to the same section (1)"),
    ("insert 1.0; move 0.0 1.0", "attempt to perform an insert and a move to the same index path (\(ip(1, 0)))"),
    ("insert-section 2; move 0.0 2.0", "cannot move an item into a newly inserted section (2)"),
    ("insert 2.0", "attempt to insert item 0 into section 2, but there are only 2 sections after the update"),
    ("insert 0.5", "attempt to insert item 5 into section 0, but there are only 4 items in section 0 after the update"),
    ("move-section 4 0", "attempt to move section 4, but there are only 2 sections before the update"),
    (
      "move 5.0 0.0",
      "attempt to move index path (\(ip(5, 0))) from a section that does not exist - there are only 2 sections before the update"
    ),
    (
      "move 0.7 0.0",
      "attempt to move index path (\(ip(0, 7))) that does not exist - there are only 3 items in section 0 before the update"
    ),
    (
      "move 0.0 2.0",
      "attempt to move index path (\(ip(0, 0))) to index path (\(ip(2, 0))) in section that does not exist - there are only 2 sections after the update"
    ),
    (
      "move 0.0 0.3",
      "attempt to move index path (\(ip(0, 0))) to index path (\(ip(0, 3))) that does not exist - there are only 3 items in section 0 after the update"
    ),
    (
      "move 0.0 0.1; move 0.0 0.2", "attempt to move item at index path \(ip(0, 0)) to both \(ip(0, 1)) and \(ip(0, 2))"
    ),
    ("move-section 0 1; move-section 0 0", "attempt to move section 0 to both section 0 and section 1"),
    (
      "move 0.0 0.2; move 0.1 0.2", "attempt to move both item at index path \(ip(0, 0)) and \(ip(0, 1)) to \(ip(0, 2))"
    ),
    ("move-section 0 1; move-section 1 1", "attempt to move both section 0 and section 1 to section 1"),
    (
      "delete-section 1; counts 3,3,3",
      "Invalid update: invalid number of sections.  The number of sections contained in the collection view after the update (3) must be equal to the number of sections contained in the collection view before the update (2), plus or minus the number of sections inserted or deleted (0 inserted, 1 deleted)."
    ),
    (
      "delete 0.0; counts 4,3",
      "Invalid update: invalid number of items in section 0.  The number of items contained in an existing section after the update (4) must be equal to the number of items contained in that section before the update (3), plus or minus the number of items inserted or deleted from that section (0 inserted, 1 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out)."
    ),
  ]

  /// Reloads split first, and offenders in UIKit's sorted order (deletes descending, inserts and
  /// moves ascending), whatever order they are typed in.
  static let secondPass: [(batch: String, error: String)] = [
    ("move 0.1 0.2; reload 0.1", "attempt to perform a delete and a move from the same index path (\(ip(0, 1)))"),
    ("reload 1.2; move 1.2 0.0", "attempt to perform a delete and a move from the same index path (\(ip(1, 2)))"),
    ("delete 0.5; delete 0.9", "attempt to delete item 9 from section 0 which only contains 3 items before the update"),
    ("delete 0.9; delete 0.5", "attempt to delete item 9 from section 0 which only contains 3 items before the update"),
    (
      "insert 0.9; insert 0.6",
      "attempt to insert item 6 into section 0, but there are only 5 items in section 0 after the update"
    ),
    ("delete 0.2; delete 0.2", "attempt to delete item 3 from section 0 which only contains 3 items before the update"),
  ]

  @Test(arguments: rows + secondPass)
  func refusedWithUIKitsText(batch: String, error: String) {
    let session = Support.session()
    _ = session.execute("gen grid 6 sections=2")
    let before = session.model.dataset
    #expect(session.execute("batch \(batch)") == "error: \(error)")
    #expect(session.model.dataset == before)
  }

  @Test func theFirstFailingCheckWins() {
    // Breaks rule 7 (delete out of range) and rule 18 (move destination out of range): 7 first.
    let session = Support.session()
    _ = session.execute("gen grid 6 sections=2")
    #expect(
      session.execute("batch move 0.0 0.9; delete 0.8")
        == "error: attempt to delete item 8 from section 0 which only contains 3 items before the update")
  }
}
