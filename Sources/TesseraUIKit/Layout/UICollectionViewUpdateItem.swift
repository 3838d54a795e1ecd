public import Foundation

/// One operation of a batch update, as `prepare(forCollectionViewUpdates:)` receives it. A
/// section operation's index paths have `item == NSNotFound`.
open class UICollectionViewUpdateItem: NSObject {
  public enum Action: Int, Sendable {
    case insert = 0
    case delete = 1
    case reload = 2
    case move = 3
    case none = 4
  }

  /// Where the element was before the update (delete, reload, move); nil for inserts.
  public let indexPathBeforeUpdate: IndexPath?
  /// Where it is after the update (insert, reload, move); nil for deletes.
  public let indexPathAfterUpdate: IndexPath?
  public let updateAction: Action

  public init(action: Action, before: IndexPath?, after: IndexPath?) {
    updateAction = action
    indexPathBeforeUpdate = before
    indexPathAfterUpdate = after
  }

  open override var description: String {
    func path(_ p: IndexPath?) -> String {
      guard let p else { return "(null)" }
      return p.item == NSNotFound ? "section \(p.section)" : "\(p.section).\(p.item)"
    }
    return "<\(type(of: self)): \(updateAction) \(path(indexPathBeforeUpdate)) -> \(path(indexPathAfterUpdate))>"
  }
}
