#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension String {
    /// Calls `body` with the string's UTF-8 bytes: its own contiguous storage when it has some
    /// (native and small strings: nearly always), a copy otherwise (a bridged string). A loop over
    /// a buffer costs a fraction of what the `utf8` view's iterator costs per byte, and the package
    /// scans every identifier, tag and message it handles.
    @inlinable
    public func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        return try Array(utf8).withUnsafeBufferPointer(body)
    }
}

extension [UInt8] {
    /// Appends a literal's UTF-8 bytes as one copy (a string literal's `.utf8` view would be
    /// appended through the generic sequence path).
    public mutating func append(literal: StaticString) {
        literal.withUTF8Buffer { append(contentsOf: $0) }
    }

    /// Appends `value` in decimal digits, written in place (no `String` made: reports write a
    /// line, a column or an index for nearly every finding).
    public mutating func appendDecimal(_ value: Int) {
        if value < 0 { append(UInt8(ascii: "-")) }
        var remaining = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // room for UInt.max's 20 digits
        Swift.withUnsafeMutableBytes(of: &digits) { buffer in
            var position = buffer.count
            repeat {
                position -= 1
                buffer[position] = UInt8(ascii: "0") + UInt8(remaining % 10)
                remaining /= 10
            } while remaining > 0
            append(contentsOf: buffer[position...])
        }
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether these bytes are `other`'s, compared with `memcmp` (the generic `elementsEqual`
    /// goes through the collections' iterators).
    public func matches(_ other: UnsafeBufferPointer<UInt8>) -> Bool {
        guard count == other.count else { return false }
        guard let base = baseAddress, let otherBase = other.baseAddress else { return true }  // both empty
        return memcmp(base, otherBase, count) == 0
    }

    /// Whether these bytes spell `text`.
    public func matches(_ text: StaticString) -> Bool {
        matches(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}
