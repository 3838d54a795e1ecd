extension UIKitLayout {
  /// The setting at `keyPath` as the option `name`: `.option("columns", \.columns, range:
  /// 1...12)` makes `layout NAME columns=3` work. Every number of a value must lie in `range`
  /// (the host refuses others); the default is the setting's value in a fresh layout.
  public func option<Value: UIKitOptionValue>(
    _ name: String, _ keyPath: ReferenceWritableKeyPath<Layout, Value>, range: ClosedRange<Double>? = nil,
    doc: String = ""
  ) -> Self {
    var copy = self
    copy.bindings.removeAll { $0.name == name }
    copy.bindings.append(.binding(name, keyPath, doc: doc, range: range))
    return copy
  }
}

extension UIKitLayout where Layout == UICollectionViewFlowLayout {
  /// The flow's settings, under the bundled flow's option names: every flow subclass takes them.
  static var flowBindings: [UIKitOptionBinding] {
    let flow = UIKitLayout("flow") { UICollectionViewFlowLayout() }
      .option(
        "scrollDirection", \.scrollDirection,
        doc: "vertical: lines run across, sections stack downwards; horizontal swaps the axes"
      )
      .option("itemSize", \.itemSize, range: 0...1e9, doc: "size of items the dataset gives no size")
      .option("minimumLineSpacing", \.minimumLineSpacing, range: 0...1e9, doc: "space between lines")
      .option(
        "minimumInteritemSpacing", \.minimumInteritemSpacing, range: 0...1e9,
        doc: "least space between items of a line"
      )
      .option("sectionInset", \.sectionInset, doc: "top,left,bottom,right around each section's items")
      .option(
        "sectionInsetReference", \.sectionInsetReference,
        doc:
          "what section insets are measured from: the adjusted content inset, or the safe area or layout margins where they reach further in"
      )
      .option(
        "headerReferenceSize", \.headerReferenceSize, range: 0...1e9,
        doc: "header size when the section gives none (height counts vertically, width horizontally)"
      )
      .option(
        "footerReferenceSize", \.footerReferenceSize, range: 0...1e9, doc: "footer size when the section gives none"
      )
      .option(
        "estimatedItemSize", \.estimatedItemSize, range: 0...1e9,
        doc: "non-zero: self-sizing cells start at their dataset estimate or this, then report their size"
      )
      .option(
        "sectionHeadersPinToVisibleBounds", \.sectionHeadersPinToVisibleBounds,
        doc: "a section's header stays at the top of the visible bounds while its section is on screen"
      )
      .option(
        "sectionFootersPinToVisibleBounds", \.sectionFootersPinToVisibleBounds,
        doc: "a section's footer stays at the bottom of the visible bounds while its section is on screen")
    return flow.bindings
  }
}
