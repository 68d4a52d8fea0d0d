#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The name of an entry that `readdir` returned, read without going past the entry. `d_name` is
/// declared as a fixed array (1,024 bytes on Darwin, 256 on glibc) while a record holds only as
/// much of it as the name needs (`d_reclen`), so copying the field whole can read past the end of
/// readdir's buffer. The name is read through a pointer to the field instead, bounded by the length
/// the system gives (`d_namlen` on Darwin) or the terminating NUL. The one home of this for every
/// directory walk in the package.
package enum DirectoryEntryName {
    /// Calls `body` with the bytes of `entry`'s name, without the terminating NUL.
    package static func withBytes<Result>(
        of entry: UnsafeMutablePointer<dirent>, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        #if canImport(Darwin)
            let count: Int? = Int(entry.pointee.d_namlen)
        #else
            let count: Int? = nil
        #endif
        // The field's address from its offset: no access to the field as a value, which may copy
        // the whole declared array.
        let raw = UnsafeRawPointer(entry) + nameOffset
        let length = count ?? strlen(raw.assumingMemoryBound(to: CChar.self))
        return body(UnsafeBufferPointer(start: raw.assumingMemoryBound(to: UInt8.self), count: length))
    }

    /// Where `d_name` starts in a `dirent`.
    private static let nameOffset: Int = {
        guard let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name) else {
            preconditionFailure("d_name is a stored field of dirent")
        }
        return offset
    }()

    /// `entry`'s name as a string; bytes that are not UTF-8 are replaced, as `String(decoding:as:)`
    /// replaces them.
    package static func string(of entry: UnsafeMutablePointer<dirent>) -> String {
        withBytes(of: entry) { String(decoding: $0, as: UTF8.self) }
    }
}
