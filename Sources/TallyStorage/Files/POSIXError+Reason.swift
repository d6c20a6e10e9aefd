public import Foundation

extension POSIXError {
  /// The system's words for the error, as `strerror` gives them: "Permission denied".
  public var reason: String { Self.reason(code.rawValue) }

  /// The system's words for the error number `number`.
  public static func reason(_ number: Int32) -> String {
    String(cString: strerror(number))
  }
}
