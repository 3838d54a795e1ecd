import Foundation

/// The bytes an animator's motion is saved as (`UIDynamicAnimator.savedMotion`): numbers as
/// their exact bit patterns, little-endian, so a restore is exact to the last bit.
struct MotionBytesWriter {
  private(set) var bytes: [UInt8] = []

  mutating func u8(_ value: UInt8) { bytes.append(value) }

  mutating func u32(_ value: UInt32) {
    for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
  }

  mutating func u64(_ value: UInt64) {
    for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
  }

  mutating func double(_ value: Double) { u64(value.bitPattern) }

  mutating func point(_ value: CGPoint) {
    double(Double(value.x))
    double(Double(value.y))
  }

  mutating func bool(_ value: Bool) { u8(value ? 1 : 0) }

  mutating func string(_ value: String) {
    let utf8 = Array(value.utf8)
    u32(UInt32(truncatingIfNeeded: utf8.count))
    bytes += utf8
  }
}

/// Reads what `MotionBytesWriter` wrote. The bytes come from a file: every read is checked
/// against what is left, and every count against the bytes it would need, before anything is
/// allocated.
struct MotionBytesReader {
  struct Failure: Error {
    let message: String
  }

  private let bytes: [UInt8]
  private var offset = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  var isAtEnd: Bool { offset == bytes.count }

  private mutating func take(_ count: Int) throws(Failure) -> ArraySlice<UInt8> {
    guard count <= bytes.count - offset else {
      throw Failure(message: "the motion ends early, at byte \(bytes.count) of at least \(offset + count)")
    }
    defer { offset += count }
    return bytes[offset..<offset + count]
  }

  mutating func u8() throws(Failure) -> UInt8 { try take(1).first! }

  mutating func u32() throws(Failure) -> UInt32 {
    try take(4).reversed().reduce(0) { $0 << 8 | UInt32($1) }
  }

  mutating func u64() throws(Failure) -> UInt64 {
    try take(8).reversed().reduce(0) { $0 << 8 | UInt64($1) }
  }

  /// A finite number (a NaN or an infinity is not motion any animator saved).
  mutating func double() throws(Failure) -> Double {
    let at = offset
    let value = Double(bitPattern: try u64())
    guard value.isFinite else { throw Failure(message: "byte \(at): \(value) is not a finite number") }
    return value
  }

  mutating func point() throws(Failure) -> CGPoint { CGPoint(x: try double(), y: try double()) }

  mutating func bool() throws(Failure) -> Bool {
    let at = offset
    switch try u8() {
    case 0: return false
    case 1: return true
    case let other: throw Failure(message: "byte \(at): \(other) is not a Boolean")
    }
  }

  /// A count of things each at least `unit` bytes long: no more than the bytes left can hold.
  mutating func count(each unit: Int) throws(Failure) -> Int {
    let at = offset
    let count = Int(try u32())
    guard count <= (bytes.count - offset) / max(unit, 1) else {
      throw Failure(
        message: "byte \(at): \(count) entries of \(unit) bytes do not fit in the \(bytes.count - offset) left")
    }
    return count
  }

  mutating func string() throws(Failure) -> String {
    let count = try self.count(each: 1)
    let at = offset
    guard let text = String(validating: try take(count), as: UTF8.self) else {
      throw Failure(message: "byte \(at): the text is not UTF-8")
    }
    return text
  }
}
