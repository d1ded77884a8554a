import SurveyFormats

/// The ZIP directory reader (`ZipArchive`): the end record, the central directory and each
/// member's local header, over arbitrary bytes. Whatever it accepts must lie inside the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = ZipArchive.looksLikeArchive(bytes)
    if let members = try? ZipArchive.entries(in: bytes) {
        for member in members {
            precondition(member.dataOffset + member.entry.compressedSize <= bytes.count, "a member past the end")
        }
    }
    // The end record read from a tail shorter than the file, as the file reader does.
    _ = try? ZipArchive.directoryLocation(tail: Array(bytes.suffix(64)), fileSize: bytes.count)
    return 0
}
