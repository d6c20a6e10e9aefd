import Foundation

extension Project {
  /// What titles are compared by: trimmed, case folded and normalised, so "Mileage",
  /// " mileage" and "MILEAGE" are one title.
  public static func titleKey(_ title: String) -> String {
    title.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
      .lowercased()
  }

  /// What group names are compared by, as titles are: "Household" and "household" are one
  /// group.
  public static func groupKey(_ group: String) -> String {
    titleKey(group)
  }

  /// Whether the project is in the group named `group`, ignoring case.
  public func isInGroup(_ group: String) -> Bool {
    self.group.map(Self.groupKey) == Self.groupKey(group)
  }
}
