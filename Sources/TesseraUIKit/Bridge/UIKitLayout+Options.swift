public import Foundation

extension UIKitLayout {
  /// An `Int` setting as an integer option, within `range` when given.
  public func option(
    _ name: String, _ keyPath: ReferenceWritableKeyPath<Layout, Int>, range: ClosedRange<Int>? = nil,
    doc: String = ""
  ) -> Self {
    adding(
      .binding(
        name, keyPath, type: .integer, doc: doc, range: range.map { Double($0.lowerBound)...Double($0.upperBound) },
        format: { String($0) },
        convert: {
          if case .integer(let v) = $0 { return v }
          return nil
        }))
  }

  /// A `CGFloat` setting as a number option.
  public func option(
    _ name: String, _ keyPath: ReferenceWritableKeyPath<Layout, CGFloat>, range: ClosedRange<Double>? = nil,
    doc: String = ""
  ) -> Self {
    adding(
      .binding(
        name, keyPath, type: .number, doc: doc, range: range, format: { formatOptionNumber(Double($0)) },
        convert: { value in
          switch value {
          case .number(let v): CGFloat(v)
          case .integer(let v): CGFloat(v)
          default: nil
          }
        }))
  }

  /// A `Bool` setting.
  public func option(_ name: String, _ keyPath: ReferenceWritableKeyPath<Layout, Bool>, doc: String = "") -> Self {
    adding(
      .binding(
        name, keyPath, type: .bool, doc: doc, range: nil, format: { $0 ? "true" : "false" },
        convert: {
          if case .bool(let v) = $0 { return v }
          return nil
        }))
  }

  /// A `CGSize` setting, typed `WxH`.
  public func option(
    _ name: String, _ keyPath: ReferenceWritableKeyPath<Layout, CGSize>, range: ClosedRange<Double>? = nil,
    doc: String = ""
  ) -> Self {
    adding(
      .binding(
        name, keyPath, type: .size, doc: doc, range: range,
        format: { "\(formatOptionNumber(Double($0.width)))x\(formatOptionNumber(Double($0.height)))" },
        convert: {
          if case .size(let s) = $0 { return CGSize(width: s.width, height: s.height) }
          return nil
        }))
  }

  /// A `UIEdgeInsets` setting, typed `top,left,bottom,right`.
  public func option(
    _ name: String, _ keyPath: ReferenceWritableKeyPath<Layout, UIEdgeInsets>, range: ClosedRange<Double>? = nil,
    doc: String = ""
  ) -> Self {
    adding(
      .binding(
        name, keyPath, type: .insets, doc: doc, range: range,
        format: { i in [i.top, i.left, i.bottom, i.right].map { formatOptionNumber(Double($0)) }.joined(separator: ",")
        },
        convert: {
          if case .insets(let i) = $0 {
            return UIEdgeInsets(top: i.top, left: i.left, bottom: i.bottom, right: i.right)
          }
          return nil
        }))
  }

  /// A `String` setting.
  public func option(_ name: String, _ keyPath: ReferenceWritableKeyPath<Layout, String>, doc: String = "") -> Self {
    adding(
      .binding(
        name, keyPath, type: .string, doc: doc, range: nil, format: { $0 },
        convert: {
          if case .string(let v) = $0 { return v }
          return nil
        }))
  }

  /// An enumeration setting whose cases are words (`enum Style: String, CaseIterable`), as a
  /// choice of those words.
  public func option<Choice: RawRepresentable & CaseIterable & Sendable>(
    _ name: String, _ keyPath: ReferenceWritableKeyPath<Layout, Choice>, doc: String = ""
  ) -> Self where Choice.RawValue == String {
    adding(
      .binding(
        name, keyPath, type: .choice(Choice.allCases.map(\.rawValue)), doc: doc, range: nil, format: { $0.rawValue },
        convert: {
          if case .choice(let word) = $0 { return Choice(rawValue: word) }
          return nil
        }))
  }

  /// A scroll direction setting, a choice of `vertical` and `horizontal`.
  public func option(
    _ name: String, _ keyPath: ReferenceWritableKeyPath<Layout, UICollectionView.ScrollDirection>, doc: String = ""
  ) -> Self {
    adding(
      .binding(
        name, keyPath, type: .choice(["vertical", "horizontal"]), doc: doc, range: nil,
        format: { $0 == .vertical ? "vertical" : "horizontal" },
        convert: {
          if case .choice(let word) = $0 { return word == "horizontal" ? .horizontal : .vertical }
          return nil
        }))
  }

  private func adding(_ binding: UIKitOptionBinding) -> Self {
    var copy = self
    copy.bindings.removeAll { $0.name == binding.name }
    copy.bindings.append(binding)
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
        "minimumInteritemSpacing", \.minimumInteritemSpacing, range: 0...1e9, doc: "least space between items of a line"
      )
      .option("sectionInset", \.sectionInset, doc: "top,left,bottom,right around each section's items")
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
