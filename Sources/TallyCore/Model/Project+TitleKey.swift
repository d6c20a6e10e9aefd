import Foundation

extension Project {
  /// What titles are compared by: trimmed, case folded and normalised, so "Mileage",
  /// " mileage" and "MILEAGE" are one title.
  public static func titleKey(_ title: String) -> String {
    title.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
      .lowercased()
  }
}
