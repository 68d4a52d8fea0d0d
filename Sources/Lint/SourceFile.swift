import PropertyList

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading and writing whole files with POSIX calls (no Foundation: it costs start-up time);
/// reading is PropertyList's `FileInput`.
enum SourceFile {
    /// The bytes of `path`, or nil when it cannot be read (or is standard input).
    static func read(_ path: String) -> [UInt8]? {
        guard path != "-" else { return nil }
        return try? FileInput.readAll(path: path, limit: .max)
    }

    /// Writes `bytes` to `path` through a temporary file in the same folder, renamed over it.
    /// Returns false when anything fails (the original is then untouched).
    static func write(_ bytes: [UInt8], to path: String) -> Bool {
        writeFailure(bytes, to: path) == nil
    }

    /// Writes `bytes` to `path` through a temporary file renamed into place; nil when written,
    /// else the system's reason (`no such file or folder` for a missing folder).
    static func writeFailure(_ bytes: [UInt8], to path: String) -> String? {
        func reason(_ code: Int32) -> String {
            if code == ENOENT { return "no such file or folder" }
            let text = String(cString: strerror(code))
            return (text.first?.lowercased() ?? "") + text.dropFirst()
        }
        let temporary = path + ".utiscope-fix"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { return reason(errno) }
        var offset = 0
        var failure: Int32 = 0
        let ok = bytes.withUnsafeBytes { buffer -> Bool in
            while offset < buffer.count {
                let written = systemWrite(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return false
                }
                offset += written
            }
            return true
        }
        close(descriptor)
        guard ok else {
            unlink(temporary)
            return reason(failure)
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            return reason(code)
        }
        return nil
    }
}

#if canImport(Glibc)
    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    private let systemWrite = Darwin.write
#endif

/// Columns as readers report them count characters (Unicode scalars), not bytes: a column's byte
/// offset within one line of UTF-8.
enum CharacterColumn {
    /// The byte offset of 1-based `column` on the line starting at `lineStart`, or nil when the
    /// line ends first.
    static func offset(of column: Int, lineStart: Int, in bytes: [UInt8]) -> Int? {
        var index = lineStart
        var characters = 1
        while index < bytes.count {
            if bytes[index] & 0xC0 != 0x80 {
                if characters == column { return index }
                if bytes[index] == UInt8(ascii: "\n") { return nil }
                characters += 1
            }
            index += 1
        }
        return nil
    }
}
