import TesseraCore
import Testing

/// Numbers in commands are decimal, as a person types them: what `Double` also reads —
/// hexadecimal, words — is refused.
@Suite struct NumberParsingTests {
  @Test(arguments: [("12", 12.0), ("-0.5", -0.5), (".5", 0.5), ("5.", 5.0), ("1e3", 1000.0), ("2E-2", 0.02)])
  func decimalNumbersAreRead(text: String, value: Double) {
    #expect(parseNumber(text) == value)
  }

  @Test(arguments: ["0x10", "0x1p3", "inf", "-infinity", "nan", "+1", "1e999", "", " 1", "1_000", "١٢"])
  func anythingElseIsRefused(text: String) {
    #expect(parseNumber(text) == nil)
  }
}
