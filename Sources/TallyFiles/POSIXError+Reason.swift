public import Foundation

extension POSIXError {
  /// The error `errno` holds now.
  public static var current: POSIXError { POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }

  /// The system's words for the error, as `strerror` gives them: "Permission denied".
  public var reason: String { Self.reason(code.rawValue) }

  /// The system's words for the error number `number`.
  public static func reason(_ number: Int32) -> String {
    String(cString: strerror(number))
  }
}

extension Error {
  /// The system's words for a `POSIXError` ("No space left on device"), else the error's own.
  var reason: String {
    guard let error = self as? POSIXError else { return localizedDescription }
    return error.reason
  }
}
