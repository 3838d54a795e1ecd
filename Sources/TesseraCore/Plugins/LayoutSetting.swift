/// A layout and the value of each of its options.
public struct LayoutSetting {
  package init(layoutClass: LayoutClass, values: [OptionSpec.Value]) {
    self.layoutClass = layoutClass
    self.values = values
  }

  public var layoutClass: LayoutClass
  public var values: [OptionSpec.Value]
}
