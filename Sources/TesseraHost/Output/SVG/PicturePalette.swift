/// A colour as 8-bit channels, written `#rrggbb`.
struct RGB: Hashable, Sendable {
  var red, green, blue: Int

  init(_ hex: UInt32) {
    red = Int(hex >> 16 & 0xFF)
    green = Int(hex >> 8 & 0xFF)
    blue = Int(hex & 0xFF)
  }

  init(red: Int, green: Int, blue: Int) {
    (self.red, self.green, self.blue) = (red, green, blue)
  }

  var hex: String {
    "#"
      + [red, green, blue].map { channel in
        let digits = String(min(max(channel, 0), 255), radix: 16)
        return digits.count == 1 ? "0" + digits : digits
      }.joined()
  }

  /// This colour moved `fraction` of the way towards `other` (whole channels, rounded).
  func mixed(with other: RGB, _ fraction: Double) -> RGB {
    func mix(_ a: Int, _ b: Int) -> Int { Int((Double(a) + Double(b - a) * fraction).rounded()) }
    return RGB(red: mix(red, other.red), green: mix(green, other.green), blue: mix(blue, other.blue))
  }

  /// A lighter tint: towards white.
  func tint(_ fraction: Double) -> RGB { mixed(with: RGB(0xFFFFFF), fraction) }

  /// A darker shade: towards black.
  func shade(_ fraction: Double) -> RGB { mixed(with: RGB(0x000000), fraction) }
}

/// The fixed colours of every picture. Kinds take `kinds[index % count]`: cells index 0, a
/// layout's declared kinds 1, 2, … in declaration order. Red and violet are kept out of the kind
/// colours: red marks overlaps and differences, violet the viewport.
enum PicturePalette {
  static let kinds: [RGB] = [
    RGB(0x4E79A7),  // blue: cells
    RGB(0xF28E2B),  // orange
    RGB(0x59A14F),  // green
    RGB(0xB07AA1),  // mauve
    RGB(0x76B7B2),  // teal
    RGB(0xEDC948),  // yellow
    RGB(0xFF9DA7),  // pink
    RGB(0x9C755F),  // brown
    RGB(0x79706E),  // grey
  ]

  static func kind(_ index: Int) -> RGB { kinds[index % kinds.count] }

  static let background = RGB(0xF1F3F5)
  static let sheet = RGB(0xFFFFFF)
  static let sheetOutline = RGB(0xADB5BD)
  static let text = RGB(0x212529)
  static let caption = RGB(0x495057)
  static let viewport = RGB(0x7048E8)
  static let overlap = RGB(0xE03131)
  /// The parts of the viewport the screen covers (the safe area's insets).
  static let unsafeArea = RGB(0x868E96)
  /// A batch update's changes, outlined: inserted green, deleted red (dashed), moved orange,
  /// reloaded blue (dotted).
  static let inserted = RGB(0x2F9E44)
  static let deleted = RGB(0xC92A2A)
  static let moved = RGB(0xE8590C)
  static let reloaded = RGB(0x1971C2)
  static let expected = RGB(0x2B8A3E)
  static let actual = RGB(0xE03131)
  static let same = RGB(0xADB5BD)

  /// Density shades, lightest first.
  static let densityLight = RGB(0xDBE4FF)
  static let densityDark = RGB(0x1B2F73)
  static let densitySteps = 8

  static func density(_ level: Int) -> RGB {
    densityLight.mixed(with: densityDark, Double(level - 1) / Double(densitySteps - 1))
  }
}
