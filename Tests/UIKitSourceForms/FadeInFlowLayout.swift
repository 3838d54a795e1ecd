import UIKit

/// A context that can say "everything" by a flag of its own, overriding UIKit's property.
public class FadeInInvalidationContext: UICollectionViewFlowLayoutInvalidationContext {
  public var forceEverything = false

  public override var invalidateEverything: Bool {
    return forceEverything || super.invalidateEverything
  }
}

/// A flow whose inserted cells slide in from 30 points below, in the form of Apple's column-flow
/// sample: `super`'s appearing attributes, adjusted; the items' count from the data source, with
/// the optional-method call written without its `?`.
public class FadeInFlowLayout: UICollectionViewFlowLayout {
  public private(set) var sectionsSeen = 0

  public override class var invalidationContextClass: AnyClass { return FadeInInvalidationContext.self }

  public override func prepare() {
    super.prepare()
    if let collectionView = collectionView {
      sectionsSeen = collectionView.dataSource?.numberOfSections(in: collectionView) ?? 0
    }
  }

  public override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath)
    -> UICollectionViewLayoutAttributes?
  {
    guard let attributes = super.initialLayoutAttributesForAppearingItem(at: itemIndexPath) else { return nil }
    attributes.frame = attributes.frame.offsetBy(dx: 0, dy: 30)
    return attributes
  }

  public override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
    return newBounds.size != collectionView?.bounds.size
  }

  public override func invalidationContext(forBoundsChange newBounds: CGRect)
    -> UICollectionViewLayoutInvalidationContext
  {
    let context = super.invalidationContext(forBoundsChange: newBounds) as! FadeInInvalidationContext
    context.forceEverything = true
    return context
  }
}
