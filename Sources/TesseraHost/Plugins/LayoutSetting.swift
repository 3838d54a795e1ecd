/// A layout and the value of each of its options.
public struct LayoutSetting {
  public var layoutClass: LayoutClass
  public var values: [OptionSpec.Value]
}
