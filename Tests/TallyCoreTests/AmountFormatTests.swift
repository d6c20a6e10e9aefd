import Foundation
import TallyCore
import Testing

/// Stored amounts are written so that they read back exactly; figures for people keep 15
/// significant digits.
@Suite struct AmountFormatTests {
  @Test(arguments: [
    (1.0 / 3.0, "0.3333333333333333", "0.333333333333333"),
    (999_999_999_999_999.9, "999999999999999.9", "1e+15"),
    (0.1, "0.1", "0.1"), (42.5, "42.5", "42.5"), (3, "3", "3"), (-0.0, "0", "0"),
    (1e-5, "1e-05", "1e-05"), (0.1 + 0.2, "0.30000000000000004", "0.3"),
    (-7.25, "-7.25", "-7.25"), (123_456_789.123_456_78, "123456789.12345678", "123456789.123457"),
  ])
  func writesTheShortestExactFormAndTheRoundedOne(amount: Double, exact: String, plain: String) {
    #expect(AmountFormat.exact(amount) == exact)
    #expect(AmountFormat.plain(amount) == plain)
  }

  /// The rounded form is `printf("%.15g")`'s, byte for byte, for amounts of every size: those
  /// drawn from their bits, and the sums and means of cents and readings a report shows.
  @Test func theRoundedFormIsPrintfs() {
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    func next() -> UInt64 {
      state ^= state >> 12
      state ^= state << 25
      state ^= state >> 27
      return state &* 0x2545_F491_4F6C_DD1D
    }
    func printf(_ amount: Double) -> String {
      var buffer = [CChar](repeating: 0, count: 64)
      _ = withVaList([amount]) { vsnprintf(&buffer, 64, "%.15g", $0) }
      return String(
        decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    var amounts: [Double] = [1e-4, 9.99999999999999e-5, 0.000123, 1e15 - 0.5, 1e14 + 0.25]
    for _ in 0..<30_000 {
      let bits = Double(bitPattern: next())
      if bits.isFinite { amounts.append(bits) }
      let cents = Double(Int64(bitPattern: next()) % 10_000_000_000) / 100
      amounts.append(cents)
      amounts.append(cents / Double(next() % 997 + 1))
      amounts.append(cents * 1e-6)
      // Amounts at the edge of rounding to 15 digits: 16 and 17 digits ending in 5 (a tie for
      // their shortest text, not always for the binary amount), and runs of nines that carry.
      let digits = String(next() % 900_000_000_000_000 + 100_000_000_000_000)
      let point = Int(next() % 19)
      for tail in ["5", "49", "51", "50000001", "4999999"] {
        amounts.append(Double("0.\(digits)\(tail)e\(point - 4)") ?? 0)
      }
      amounts.append(Double("9.99999999999999\(next() % 10)\(next() % 10)e\(point - 4)") ?? 0)
    }
    for amount in amounts where amount.isFinite && amount != amount.rounded() {
      #expect(AmountFormat.plain(amount) == printf(amount), "\(amount)")
    }
  }

  /// Every amount in the range, drawn from its bits, reads back from its exact form.
  @Test func everyAmountInTheRangeReadsBackExactly() throws {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    var checked = 0
    while checked < 20_000 {
      // xorshift64*: a bit pattern, kept when it is an amount tally may store.
      state ^= state >> 12
      state ^= state << 25
      state ^= state >> 27
      let amount = Double(bitPattern: state &* 0x2545_F491_4F6C_DD1D)
      guard amount.isFinite, abs(amount) < 1e15 else { continue }
      checked += 1
      let text = AmountFormat.exact(amount)
      let read = try AmountParser.parse(text)
      #expect(read == amount, "\(amount) was written \(text) and read as \(read)")
    }
  }

  @Test(arguments: ["1e-400", "0.0001e-500", "-1e-330", "1e-324"])
  func aLiteralThatWouldBeStoredAsZeroIsRefused(text: String) {
    #expect(
      throws: ParseError(value: text, reason: "too small: it is not 0, but would be stored as 0")
    ) {
      try AmountParser.parse(text)
    }
  }
}
