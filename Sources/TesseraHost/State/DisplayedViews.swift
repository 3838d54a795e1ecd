import TesseraKit

/// The views on screen as a collection view's delegate hears of them (`events on`): what entered
/// the visible bounds since the last command gets `willDisplay`, what left them
/// `didEndDisplaying` (docs/uikit-behaviour.md, "Display events"). A view is known by what it
/// shows, not by where: a cell by its item's id, a supplementary or decoration view by its kind,
/// its section's id and its item index, so a batch that moves a cell on screen reports nothing.
struct DisplayedViews {
  struct Key: Hashable {
    var category: ElementCategory
    var kind: String?
    var identity: String
  }

  /// The views on screen after the last command, each with its element then (for its index
  /// path) and, for a cell, its id.
  var views: [Key: (element: Element, id: String?)] = [:]
}

/// One delegate call: `willDisplay` or `didEndDisplaying`, for a cell, supplementary or
/// decoration view (UIKit sends the supplementary calls for decoration views too).
public struct DisplayEvent: Sendable {
  public enum Call: String, Sendable {
    case willDisplay, didEndDisplaying
  }

  public var call: Call
  public var category: ElementCategory
  public var kind: String?
  public var indexPath: IndexPath
  /// A cell's dataset id.
  public var id: String?
}
