import Foundation
import TallyCore
import TallyImport

// A libFuzzer target for the CSV reader (of UTF-8 and, converted as it streams, of UTF-16 and
// Windows-1252), the date parser and the amount parser.
//
// Build and run (see .ci/run):
//   swift build --product tally-fuzz --scratch-path .build-fuzz \
//     -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -DFUZZING
//   .build-fuzz/x86_64-unknown-linux-gnu/debug/tally-fuzz Fuzz/corpus -max_total_time=30
//
// SwiftPM gives an executable's entry point the name `<module>_main`; libFuzzer brings its
// own `main`, so this one hands control to libFuzzer's driver. In an ordinary build (no
// libFuzzer to link) it only says how to build it.

/// Parsers made once: making one asks the zone about its transitions.
private let utcDates = TimestampParser(zone: .gmt)
private let berlinDates = TimestampParser(zone: TimeZone(identifier: "Europe/Berlin") ?? .gmt)

/// Feeds one input to every parser; any crash or sanitizer report is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  guard let data else { return 0 }
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  readAllRecords(bytes, delimiter: .comma, chunk: size % 7 + 1)
  if let semicolon = FieldDelimiter(argument: ";") {
    readAllRecords(bytes, delimiter: semicolon, chunk: .max)
  }
  readAllRecords(bytes, encoding: .utf16, chunk: size % 5 + 1)
  readAllRecords(bytes, encoding: .windows1252, chunk: .max)
  bytes.withUnsafeBufferPointer { buffer in
    _ = try? utcDates.parse(bytes: buffer)
    _ = try? berlinDates.parse(bytes: buffer)
    _ = try? AmountParser.parse(bytes: buffer)
    _ = try? AmountParser.parse(bytes: buffer, decimalComma: true)
  }
  return 0
}

/// Reads every record of `bytes` in `encoding`, converted as the import converts it.
private func readAllRecords(_ bytes: [UInt8], encoding: TextEncoding, chunk: Int) {
  var reader = CSVReader(
    source: TranscodingSource(
      base: MemorySource(bytes, chunk: chunk), encoding: encoding, bufferSize: 16),
    bufferSize: 16, maximumRecordLength: 1 << 16)
  while let record = try? reader.next() {
    _ = record.strings
  }
}

private func readAllRecords(_ bytes: [UInt8], delimiter: FieldDelimiter, chunk: Int) {
  var reader = CSVReader(
    source: MemorySource(bytes, chunk: chunk), delimiter: delimiter, bufferSize: 16)
  while let record = try? reader.next() {
    for index in 0..<record.count {
      _ = record.string(index)
    }
  }
}

#if FUZZING
@_silgen_name("LLVMFuzzerRunDriver")
private func runFuzzerDriver(
  _ argc: UnsafeMutablePointer<Int32>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

@main
enum TallyFuzz {
  static func main() {
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    exit(runFuzzerDriver(&argc, &argv, fuzzOneInput))
  }
}
#else
@main
enum TallyFuzz {
  static func main() {
    FileHandle.standardError.write(
      Data(
        "tally-fuzz needs libFuzzer: build it as .ci/run does (-sanitize=fuzzer -DFUZZING)\n".utf8))
    exit(2)
  }
}
#endif
