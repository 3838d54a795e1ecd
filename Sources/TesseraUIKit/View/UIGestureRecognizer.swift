public import Foundation

/// A gesture recognizer's state.
extension UIGestureRecognizer {
  public enum State: Int, Sendable {
    case possible, began, changed, ended, cancelled, failed
  }
}

/// The gesture recognizers a layout reads: the collection view's pan.
open class UIGestureRecognizer: NSObject {
  open var state: State { .possible }
  open var isEnabled = true
  open var numberOfTouches: Int { 0 }

  /// Where the touches are, in `view`'s coordinates.
  open func location(in view: UIView?) -> CGPoint { .zero }
}

/// The collection view's pan gesture: where the workbench's finger is (`drag`). Like UIKit's, it
/// answers the last touch's point after the finger lifts, fixed on screen (so in the collection
/// view's coordinates it moves with the content offset), and the screen's origin before any touch.
open class UIPanGestureRecognizer: UIGestureRecognizer {
  let source: DatasetSource

  init(source: DatasetSource) {
    self.source = source
  }

  open override var state: State { source.touch.isDown ? .changed : .possible }
  open override var numberOfTouches: Int { source.touch.isDown ? 1 : 0 }

  /// The touch in the collection view's coordinates (content coordinates) when `view` is the
  /// collection view; on the screen otherwise.
  open override func location(in view: UIView?) -> CGPoint {
    let location = source.touch.location
    guard view is UICollectionView else {
      let offset = source.bounds.origin
      return CGPoint(x: location.x - offset.x, y: location.y - offset.y)
    }
    return location
  }

  open func translation(in view: UIView?) -> CGPoint { .zero }
  open func velocity(in view: UIView?) -> CGPoint { .zero }
}
