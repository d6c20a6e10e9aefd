/// Text and numbers as they go into SVG and HTML: escaped, and coordinates short.
enum SVGText {
  /// `text` with `&`, `<`, `>`, `"` and `'` escaped, for content and attribute values alike.
  static func escape(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default: result.append(character)
      }
    }
    return result
  }

  /// A coordinate to a tenth of a pixel, without trailing zeros: `12`, `12.5`, `-3.2`.
  static func number(_ value: Double) -> String {
    // Coordinates lie within a few thousand pixels; anything beyond is clamped, not trapped.
    guard value.isFinite else { return "0" }
    let tenths = Int((min(max(value, -1e9), 1e9) * 10).rounded())
    let whole = tenths / 10
    let fraction = abs(tenths % 10)
    let sign = tenths < 0 && whole == 0 ? "-" : ""
    return fraction == 0 ? "\(sign)\(whole)" : "\(sign)\(whole).\(fraction)"
  }
}
