/// Prometheus's text exposition format (version 0.0.4), as node_exporter's textfile collector
/// reads it: per metric `# HELP` and `# TYPE`, then one sample per line.
struct PrometheusText {
  /// One metric family: a name, what it means, its type and its samples.
  struct Family {
    var name: String
    var help: String
    var type = "gauge"
    var samples: [(labels: [(String, String)], value: Double)] = []
  }

  var families: [Family] = []

  /// The text: families in order, each sample's labels in order.
  var text: String {
    var text = ""
    for family in families where !family.samples.isEmpty {
      text += "# HELP \(family.name) \(Self.escapedHelp(family.help))\n"
      text += "# TYPE \(family.name) \(family.type)\n"
      for sample in family.samples {
        let labels = sample.labels.map { "\($0.0)=\"\(Self.escapedLabel($0.1))\"" }
        text += family.name + (labels.isEmpty ? "" : "{\(labels.joined(separator: ","))}")
        text += " \(Self.number(sample.value))\n"
      }
    }
    return text
  }

  /// A label value: backslash, double quote and line feed escaped, as the format says.
  static func escapedLabel(_ value: String) -> String {
    var escaped = ""
    for character in value.unicodeScalars {
      switch character {
      case "\\": escaped += "\\\\"
      case "\"": escaped += "\\\""
      case "\n": escaped += "\\n"
      default: escaped.unicodeScalars.append(character)
      }
    }
    return escaped
  }

  /// A help text: backslash and line feed escaped.
  static func escapedHelp(_ value: String) -> String {
    value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
  }

  /// A sample value as Go's `ParseFloat` reads it: `NaN`, `+Inf`, `-Inf` or a number.
  static func number(_ value: Double) -> String {
    if value.isNaN { return "NaN" }
    if value.isInfinite { return value > 0 ? "+Inf" : "-Inf" }
    return value.description
  }
}
