import CCrypto

/// SHA-256 of the bytes fed to it, by the system's libcrypto (OpenSSL's EVP interface): an
/// import's fingerprint, without a copy of a cryptography library built with tally.
final class SHA256Hasher {
  private let context: OpaquePointer?

  init() {
    context = EVP_MD_CTX_new()
    EVP_DigestInit_ex(context, EVP_sha256(), nil)
  }

  deinit {
    EVP_MD_CTX_free(context)
  }

  /// Adds `bytes` to what is hashed.
  func update(_ bytes: UnsafeRawBufferPointer) {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
    EVP_DigestUpdate(context, base, bytes.count)
  }

  /// The digest of what was fed so far, in lowercase hexadecimal; feeding may go on.
  var hexDigest: String {
    // Finished on a copy, so that this one can take more.
    let copy = EVP_MD_CTX_new()
    defer { EVP_MD_CTX_free(copy) }
    EVP_MD_CTX_copy_ex(copy, context)
    var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
    var length: UInt32 = 0
    EVP_DigestFinal_ex(copy, &digest, &length)
    return digest.prefix(Int(length)).map { byte in
      let hex = String(byte, radix: 16)
      return byte < 16 ? "0" + hex : hex
    }.joined()
  }
}
