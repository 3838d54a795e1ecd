public import Foundation
import TesseraKit

/// A type a layout's setting can have, to become a Tessera option (`UIKitLayout.option`): how a
/// person types it and how it is read from the host's typed value. Int, CGFloat, Double, Bool,
/// CGSize, UIEdgeInsets, String and `UICollectionView.ScrollDirection` are; so is every
/// `enum: String, CaseIterable` (a choice of its raw values).
public protocol UIKitOptionValue: SendableMetatype {
  /// What the option takes, written as a person types it (`WxH`, `top,left,bottom,right`).
  static var optionKind: UIKitOptionKind { get }
  /// The value as a person types it: the option's default in listings.
  var optionText: String { get }
  /// The value of a checked option; nil when the option has another type.
  init?(option: UIKitOptionInput)
}

/// The kinds of option a setting can be.
public enum UIKitOptionKind: Sendable, Equatable {
  case integer, number, bool, size, insets, string
  case choice([String])
}

/// A checked option value, as the host hands it over (in range, of the declared kind).
public struct UIKitOptionInput: Sendable {
  let value: OptionValue
}

extension Int: UIKitOptionValue {
  public static var optionKind: UIKitOptionKind { .integer }
  public var optionText: String { String(self) }
  public init?(option: UIKitOptionInput) {
    guard case .integer(let v) = option.value else { return nil }
    self = v
  }
}

extension Double: UIKitOptionValue {
  public static var optionKind: UIKitOptionKind { .number }
  public var optionText: String { formatOptionNumber(self) }
  public init?(option: UIKitOptionInput) {
    switch option.value {
    case .number(let v): self = v
    case .integer(let v): self = Double(v)
    default: return nil
    }
  }
}

extension CGFloat: UIKitOptionValue {
  public static var optionKind: UIKitOptionKind { .number }
  public var optionText: String { formatOptionNumber(Double(self)) }
  public init?(option: UIKitOptionInput) {
    guard let v = Double(option: option) else { return nil }
    self = CGFloat(v)
  }
}

extension Bool: UIKitOptionValue {
  public static var optionKind: UIKitOptionKind { .bool }
  public var optionText: String { self ? "true" : "false" }
  public init?(option: UIKitOptionInput) {
    guard case .bool(let v) = option.value else { return nil }
    self = v
  }
}

extension String: UIKitOptionValue {
  public static var optionKind: UIKitOptionKind { .string }
  public var optionText: String { self }
  public init?(option: UIKitOptionInput) {
    guard case .string(let v) = option.value else { return nil }
    self = v
  }
}

extension CGSize: UIKitOptionValue {
  public static var optionKind: UIKitOptionKind { .size }
  public var optionText: String { "\(width.optionText)x\(height.optionText)" }
  public init?(option: UIKitOptionInput) {
    guard case .size(let s) = option.value else { return nil }
    self.init(width: s.width, height: s.height)
  }
}

extension UIEdgeInsets: UIKitOptionValue {
  public static var optionKind: UIKitOptionKind { .insets }
  public var optionText: String { [top, left, bottom, right].map(\.optionText).joined(separator: ",") }
  public init?(option: UIKitOptionInput) {
    guard case .insets(let i) = option.value else { return nil }
    self.init(top: i.top, left: i.left, bottom: i.bottom, right: i.right)
  }
}

extension UICollectionView.ScrollDirection: UIKitOptionValue {
  public static var optionKind: UIKitOptionKind { .choice(["vertical", "horizontal"]) }
  public var optionText: String { self == .vertical ? "vertical" : "horizontal" }
  public init?(option: UIKitOptionInput) {
    guard case .choice(let word) = option.value else { return nil }
    self = word == "horizontal" ? .horizontal : .vertical
  }
}

extension UICollectionViewFlowLayout.SectionInsetReference: UIKitOptionValue {
  public static var optionKind: UIKitOptionKind { .choice(["fromContentInset", "fromSafeArea", "fromLayoutMargins"]) }
  public var optionText: String { optionWord }
  public init?(option: UIKitOptionInput) {
    guard case .choice(let word) = option.value else { return nil }
    switch word {
    case "fromContentInset": self = .fromContentInset
    case "fromSafeArea": self = .fromSafeArea
    case "fromLayoutMargins": self = .fromLayoutMargins
    default: return nil
    }
  }
}

extension UIKitOptionValue where Self: RawRepresentable & CaseIterable, RawValue == String {
  public static var optionKind: UIKitOptionKind { .choice(allCases.map(\.rawValue)) }
  public var optionText: String { rawValue }
  public init?(option: UIKitOptionInput) {
    guard case .choice(let word) = option.value else { return nil }
    self.init(rawValue: word)
  }
}

extension UIKitOptionKind {
  var kit: OptionDescription.ValueType {
    switch self {
    case .integer: .integer
    case .number: .number
    case .bool: .bool
    case .size: .size
    case .insets: .insets
    case .string: .string
    case .choice(let words): .choice(words)
    }
  }
}

/// Numbers as a person types them: 10, not 10.0.
func formatOptionNumber(_ value: Double) -> String {
  value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
}
