import Support

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads property lists in any format, detected from the bytes.
public struct PropertyListReader: Sendable {
    /// The largest input read unless raised: 64 MiB.
    public static let defaultSizeLimit = 64 << 20
    /// How deep values may nest in every format: 128 levels is legitimate, 200 is the limit.
    public static let defaultDepthLimit = 200

    /// Inputs larger than this many bytes are refused.
    public var sizeLimit: Int
    /// Values nested deeper than this are refused.
    public var depthLimit: Int
    /// XML documents of at least this many bytes are parsed in two parts on two cores when they
    /// can be cut safely (the result is always that of a whole read); `Int.max` never splits.
    public var xmlSplitThreshold = XMLPlistReader.defaultSplitThreshold
    /// Whether XML is read by the package's own scan first, libxml2 reading what it leaves
    /// (``XMLNativeScan``); off, libxml2 reads everything. The result is the same either way:
    /// tests and fuzzing turn it off to check that.
    @_spi(Testing) public var xmlNativeScan = true

    /// A reader with the given limits.
    public init(
        sizeLimit: Int = PropertyListReader.defaultSizeLimit, depthLimit: Int = PropertyListReader.defaultDepthLimit
    ) {
        self.sizeLimit = sizeLimit
        self.depthLimit = depthLimit
    }

    /// Parses `bytes`, naming `file` in locations.
    public func read(_ bytes: [UInt8], file: String) throws(PropertyListError) -> PropertyListDocument {
        guard bytes.count <= sizeLimit else {
            throw PropertyListError(.inputTooLarge(size: bytes.count, limit: sizeLimit), at: SourceLocation(file: file))
        }
        return try read(bytes, file: file, format: PropertyListReader.detectFormat(bytes, file: file))
    }

    /// Parses `bytes` as `format`, without looking at what the bytes say they are (fuzzing, and
    /// callers that know the format already).
    public func read(_ bytes: [UInt8], file: String, format: PropertyListFormat) throws(PropertyListError)
        -> PropertyListDocument
    {
        guard bytes.count <= sizeLimit else {
            throw PropertyListError(.inputTooLarge(size: bytes.count, limit: sizeLimit), at: SourceLocation(file: file))
        }
        switch format {
        case .xml:
            var reader = XMLPlistReader(file: file, depthLimit: depthLimit)
            reader.splitThreshold = xmlSplitThreshold
            reader.nativeScan = xmlNativeScan
            return try reader.read(bytes)
        case .binary:
            return try BinaryPlistReader(file: file, depthLimit: depthLimit).read(bytes)
        case .openStep:
            return try OpenStepPlistReader(file: file, depthLimit: depthLimit).read(bytes)
        }
    }

    /// Parses XML `bytes` in two parts, one after the other on this thread, as a large document
    /// is parsed on two cores; nil when the document offers no cut (``XMLSplit``) or a part does
    /// not read; `natively` reads the parts with ``XMLNativeScan`` rather than libxml2. For
    /// fuzzing and tests: a result must equal the whole read's.
    @_spi(Testing) public func readXMLInTwoParts(_ bytes: [UInt8], file: String, natively: Bool = false)
        -> PropertyListDocument?
    {
        XMLPlistReader(file: file, depthLimit: depthLimit).readInTwoParts(
            bytes, concurrently: false, natively: natively)
    }

    /// Reads and parses the file at `path` (`-` for standard input), refusing files over the limit
    /// before reading them.
    public func read(contentsOf path: String) throws(PropertyListError) -> PropertyListDocument {
        let bytes = try FileInput.readAll(path: path, limit: sizeLimit)
        return try read(bytes, file: path)
    }

    /// Reads the property list at `path`; `-` is `standardInput` when given (a caller's stand-in
    /// for the process's standard input, as in tests), else the process's standard input.
    public func read(_ path: String, standardInput: [UInt8]?) throws(PropertyListError) -> PropertyListDocument {
        if path == "-", let standardInput { return try read(standardInput, file: "-") }
        return try read(contentsOf: path)
    }

    /// The format of `bytes`, from the bytes alone: `bplist` is binary; text whose first
    /// non-blank character opens an XML tag is XML; other text is OpenStep.
    public static func detectFormat(_ bytes: [UInt8], file: String = "-") throws(PropertyListError)
        -> PropertyListFormat
    {
        let location = SourceLocation(file: file, line: 1, column: 1)
        if bytes.starts(with: Array("bplist".utf8)) {
            if bytes.starts(with: Array("bplist00".utf8)) { return .binary }
            throw PropertyListError(.unknownFormat, at: SourceLocation(file: file, byteOffset: 0))
        }
        // Text: look at the first meaningful characters, in UTF-8 or (after a BOM) UTF-16.
        let text = TextPrefix(bytes)
        guard let first = text.firstNonBlank else {
            throw PropertyListError(.emptyInput, at: SourceLocation(file: file))
        }
        if first.character == UInt8(ascii: "<") {
            // `<?xml`, `<!DOCTYPE`, `<!--`, `<plist>`, `<dict>`: XML. `<0fbd 12>`: OpenStep data.
            if let next = first.next,
                next == UInt8(ascii: "?") || next == UInt8(ascii: "!")
                    || (next | 0x20 >= UInt8(ascii: "a") && next | 0x20 <= UInt8(ascii: "z") && !text.isHexData)
            {
                return .xml
            }
            return .openStep
        }
        // NUL bytes mean binary junk, unless the text opens like OpenStep (a dictionary, an
        // array, a string or data), where the reader places each NUL it meets.
        let opensLikeOpenStep = [UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "\""), UInt8(ascii: "'")]
            .contains(first.character)
        if !text.isUTF16 && !opensLikeOpenStep && bytes.prefix(4096).contains(0) {
            throw PropertyListError(.unknownFormat, at: location)
        }
        return .openStep
    }
}

/// The first characters of a text file, enough to tell XML from OpenStep.
struct TextPrefix {
    /// ASCII-range characters of the first 256 code units (others as 0x80).
    var characters: [UInt8] = []
    var isUTF16 = false

    init(_ bytes: [UInt8]) {
        var start = 0
        var bigEndian = false
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            start = 3
        } else if bytes.starts(with: [0xFE, 0xFF]) {
            isUTF16 = true
            bigEndian = true
            start = 2
        } else if bytes.starts(with: [0xFF, 0xFE]) {
            isUTF16 = true
            start = 2
        } else if bytes.count >= 4, bytes[0] == 0, bytes[1] != 0, bytes[2] == 0 {
            isUTF16 = true
            bigEndian = true
        } else if bytes.count >= 4, bytes[0] != 0, bytes[1] == 0, bytes[3] == 0 {
            isUTF16 = true
        }
        if isUTF16 {
            var position = start
            while position + 1 < bytes.count && characters.count < 256 {
                let unit =
                    bigEndian
                    ? UInt16(bytes[position]) << 8 | UInt16(bytes[position + 1])
                    : UInt16(bytes[position + 1]) << 8 | UInt16(bytes[position])
                characters.append(unit < 0x80 ? UInt8(unit) : 0x80)
                position += 2
            }
        } else {
            characters = bytes[start..<min(bytes.count, start + 256)].map { $0 < 0x80 ? $0 : 0x80 }
        }
    }

    /// The first character that is not whitespace, and the one after it.
    var firstNonBlank: (character: UInt8, next: UInt8?)? {
        guard let index = characters.firstIndex(where: { !ScalarParsing.isSpace($0) }) else { return nil }
        return (characters[index], index + 1 < characters.count ? characters[index + 1] : nil)
    }

    /// Whether the text starts with `<` followed by hexadecimal digits, blanks and `>`.
    var isHexData: Bool {
        guard let open = characters.firstIndex(where: { !ScalarParsing.isSpace($0) }) else { return false }
        for character in characters[(open + 1)...] {
            if character == UInt8(ascii: ">") { return true }
            let lower = character | 0x20
            let isHex = (character >= 0x30 && character <= 0x39) || (lower >= 0x61 && lower <= 0x66)
            if !isHex && !ScalarParsing.isSpace(character) { return false }
        }
        return false
    }
}

/// Reading whole files with POSIX calls: clear errors, and the size checked before reading.
public enum FileInput {
    /// The bytes of the file at `path` (`-` for standard input), read into one allocation; a
    /// file that cannot be read, a directory, or one over `limit` bytes throws, saying why.
    public static func readAll(path: String, limit: Int) throws(PropertyListError) -> [UInt8] {
        let location = SourceLocation(file: path)
        let descriptor: Int32 = path == "-" ? 0 : open(path, O_RDONLY)
        guard descriptor >= 0 else {
            let failure = errno
            throw PropertyListError(.unreadable(failure == ENOENT ? noSuchFile : reason(failure)), at: location)
        }
        defer { if path != "-" { close(descriptor) } }
        return try readAll(descriptor: descriptor, location: location, limit: limit)
    }

    /// What every command says of a path that does not exist.
    public static let noSuchFile = "no such file or folder"

    /// The system's reason for `error`, lower-case first as messages are written.
    static func reason(_ error: Int32) -> String {
        let text = String(cString: strerror(error))
        guard let first = text.first else { return text }
        return first.lowercased() + text.dropFirst()
    }

    /// ``readAll(path:limit:)`` for an open descriptor, from where it is (standard input may be a
    /// file read partly already) to its end; errors are reported at `location`.
    static func readAll(descriptor: Int32, location: SourceLocation, limit: Int) throws(PropertyListError) -> [UInt8] {
        var info = stat()
        if fstat(descriptor, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFDIR {
                throw PropertyListError(.unreadable("it is a directory"), at: location)
            }
            if (info.st_mode & S_IFMT) == S_IFREG && Int(info.st_size) > limit {
                throw PropertyListError(.inputTooLarge(size: Int(info.st_size), limit: limit), at: location)
            }
        }
        var bytes: [UInt8] = []
        if (info.st_mode & S_IFMT) == S_IFREG && info.st_size > 0 {
            // A regular file is read straight into an array of its size (capped: a sparse file's
            // size is no promise of its bytes); the loop below then finds the end, or what a file
            // that grew meanwhile added.
            var failure: Int32 = 0
            bytes = [UInt8](unsafeUninitializedCapacity: min(Int(info.st_size), 1 << 27)) { buffer, count in
                (count, failure) = fillRegular(UnsafeMutableRawBufferPointer(buffer), from: descriptor)
            }
            if failure != 0 {
                throw PropertyListError(.unreadable(reason(failure)), at: location)
            }
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let (count, failure) = chunk.withUnsafeMutableBytes { fill($0, from: descriptor) }
            if failure != 0 {
                throw PropertyListError(.unreadable(reason(failure)), at: location)
            }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > limit {
                throw PropertyListError(.inputTooLarge(size: bytes.count, limit: limit), at: location)
            }
            if count < chunk.count { break }
        }
        return bytes
    }

    /// From this size up, a regular file is read in parts side by side: faulting in the pages of
    /// the array and copying the bytes into them take ~50 ms on one core for 50 MB.
    static let parallelReadThreshold = 8 << 20

    /// The size of each part of a parallel read. Parts, not halves: the cores take the next part
    /// as they come free, so a thread that starts late (a new process's first worker thread can
    /// wait for a core for milliseconds) leaves the others more parts rather than a whole half
    /// still to read at the end.
    static let parallelReadPart = 4 << 20

    /// ``fill(_:from:)`` for a regular file: a large one in parts on every core (`pread` from
    /// where the descriptor is: standard input may be a file read partly already), the descriptor
    /// then left just after what was read, as one read leaves it.
    private static func fillRegular(_ buffer: UnsafeMutableRawBufferPointer, from descriptor: Int32) -> (Int, Int32) {
        let start = buffer.count >= parallelReadThreshold && ParallelMap.width > 1 ? lseek(descriptor, 0, SEEK_CUR) : -1
        guard start >= 0 else { return fill(buffer, from: descriptor) }
        let target = SendableBuffer(buffer: buffer)
        let parts = stride(from: 0, to: buffer.count, by: parallelReadPart).map {
            $0..<min($0 + parallelReadPart, buffer.count)
        }
        let results = ParallelMap.map(parts) { range in
            let part = UnsafeMutableRawBufferPointer(rebasing: target.buffer[range])
            return fill(part, from: descriptor, at: Int(start) + range.lowerBound)
        }
        // A short part (the file shrank) ends the read there; the first failure comes first.
        var count = 0
        var failure: Int32 = 0
        for (range, result) in zip(parts, results) {
            count += result.0
            failure = result.1
            if failure != 0 || result.0 < range.count { break }
        }
        if lseek(descriptor, start + off_t(count), SEEK_SET) < 0 && failure == 0 { return (count, errno) }
        return (count, failure)
    }

    /// A buffer several threads fill, each its own parts.
    private struct SendableBuffer: @unchecked Sendable {
        let buffer: UnsafeMutableRawBufferPointer
    }

    /// Reads from `descriptor` until `buffer` is full or the input ends (retrying interrupted
    /// reads): how many bytes were read, and the `errno` of a failed read (0 when none failed).
    /// With `offset`, reads from there (`pread`), leaving the descriptor's position alone.
    private static func fill(_ buffer: UnsafeMutableRawBufferPointer, from descriptor: Int32, at offset: Int? = nil)
        -> (Int, Int32)
    {
        guard let base = buffer.baseAddress else { return (0, 0) }
        var count = 0
        while count < buffer.count {
            let got =
                if let offset {
                    pread(descriptor, base + count, buffer.count - count, off_t(offset + count))
                } else {
                    read(descriptor, base + count, buffer.count - count)
                }
            if got < 0 && errno == EINTR { continue }
            if got < 0 { return (count, errno) }
            if got == 0 { break }
            count += got
        }
        return (count, 0)
    }
}
