import Testing

@testable import PropertyList

// Fixtures under Fixtures/plists/binary/: each `NAME.bplist` is `plutil -convert binary1` of
// `NAME.xml` (the toolchain's plutil, on Linux), except duplicate-keys.bplist and
// shared-objects.bplist, which `make-handwritten.py` writes because plutil collapses duplicate keys
// and never shares objects. Hostile inputs are built in this file with `BPlistWriter`.

@Suite struct BinaryPlistReaderTests {
    // MARK: Fixtures

    @Test func readsEveryTypeFromTheFixture() throws {
        let document = try PropertyListReader().read(contentsOf: fixture("binary/all-types.bplist"))
        #expect(document.format == .binary)
        #expect(document.warnings.isEmpty)
        let root = document.root
        #expect(root.kind == .dictionary)
        #expect(root.count == 21)
        #expect(root["string"]?.string == "Hello, world")
        #expect(root["emptyString"]?.string == "")
        #expect(
            root["longString"]?.string
                == "A string longer than fifteen characters needs a length integer after its marker.")
        #expect(root["unicodeString"]?.string == "héllo ☃ 日本語 😀")
        #expect(root["integer"]?.integer == .signed(42))
        #expect(root["negativeInteger"]?.integer == .signed(-42))
        #expect(root["bigInteger"]?.integer == .unsigned(UInt64.max))
        #expect(root["real"]?.real == 3.25)
        #expect(root["negativeReal"]?.real == -0.1)
        #expect(root["true"]?.boolean == true)
        #expect(root["false"]?.boolean == false)
        #expect(root["date"]?.date?.iso8601 == "2024-02-29T12:34:56Z")
        #expect(root["referenceDate"]?.date == PlistDate(secondsSinceReferenceDate: 0))
        #expect(root["oldDate"]?.date?.iso8601 == "1900-01-01T00:00:00Z")
        #expect(root["data"]?.data == [0xDE, 0xAD, 0xBE, 0xEF])
        #expect(root["emptyData"]?.data == [])
        #expect(root["longData"]?.data == Array(0..<32))
        let array = try #require(root["array"])
        #expect(array.kind == .array)
        #expect(array.elements.map(\.kind) == [.string, .integer, .boolean])
        #expect(array.elements.first?.string == "one")
        #expect(root["emptyArray"]?.kind == .array)
        #expect(root["emptyArray"]?.count == 0)
        #expect(root["emptyDictionary"]?.kind == .dictionary)
        #expect(root["emptyDictionary"]?.entries.isEmpty == true)
        let bottom = try #require(root["dictionary"]?["nested"]?["deeper"]?.elements.first)
        #expect(bottom.string == "bottom")
        #expect(bottom.location.keyPath.description == "dictionary.nested.deeper[0]")
        // Scalar accessors answer nil for other kinds.
        #expect(root["string"]?.integer == nil)
        #expect(root["integer"]?.string == nil)
        #expect(root["array"]?.entries.isEmpty == true)
    }

    @Test func readsIntegerBoundaries() throws {
        let document = try PropertyListReader().read(contentsOf: fixture("binary/integers.bplist"))
        let expected: [PlistInteger] = [
            .signed(0), .signed(1), .signed(127), .signed(128), .signed(255), .signed(256), .signed(65535),
            .signed(65536), .signed(2_147_483_647), .signed(2_147_483_648), .signed(4_294_967_295),
            .signed(4_294_967_296), .signed(Int64.max), .unsigned(9_223_372_036_854_775_808),
            .unsigned(UInt64.max), .signed(-1), .signed(-128), .signed(-32768), .signed(-2_147_483_648),
            .signed(Int64.min),
        ]
        #expect(document.root.elements.map(\.integer) == expected)
        #expect(document.warnings.isEmpty)
    }

    @Test func readsUnicodeStringsAndKeys() throws {
        let root = try PropertyListReader().read(contentsOf: fixture("binary/unicode.bplist")).root
        #expect(root["ascii"]?.string == "plain")
        #expect(root["latin"]?.string == "café crème")
        #expect(root["cjk"]?.string == "日本語のテキスト")
        #expect(root["emoji"]?.string == "👩‍💻🚀")
        #expect(root["combining"]?.string == "e\u{301}")
        #expect(root["rightToLeft"]?.string == "עברית العربية")
        #expect(root["zeroWidth"]?.string == "a\u{200B}b")
        #expect(root["clé"]?.string == "a non-ASCII key")
        #expect(root["long"]?.string?.hasPrefix("Ünïcödé text longer") == true)
        #expect(root["with.dots"]?.location.keyPath.description == "[\"with.dots\"]")
        // Keys are string nodes flagged as keys; values are not.
        let entry = try #require(root.entries.first { $0.key.text == "clé" })
        #expect(entry.key.isKey)
        #expect(entry.key.kind == .string)
        #expect(!entry.value.isKey)
    }

    @Test func locatesValuesByObjectIndexAndByteOffset() throws {
        let path = fixture("binary/info.bplist")
        let bytes = try FileInput.readAll(path: path, limit: 1 << 20)
        let root = try PropertyListReader().read(bytes, file: path).root
        let jpeg = try #require(root["CFBundleDocumentTypes"]?.elements[1]["LSItemContentTypes"]?.elements[1])
        #expect(jpeg.string == "public.jpeg")
        let location = jpeg.location
        #expect(location.file == path)
        #expect(location.line == nil)
        #expect(location.keyPath.description == "CFBundleDocumentTypes[1].LSItemContentTypes[1]")
        let objectIndex = try #require(location.objectIndex)
        let byteOffset = try #require(location.byteOffset)
        // The offset table agrees, and the object there is an 11-character ASCII string.
        #expect(offsetTableEntry(bytes, objectIndex) == byteOffset)
        #expect(bytes[byteOffset] == 0x5B)
        #expect(location.binaryPosition == "object \(objectIndex) at byte \(byteOffset)")
        // The top object is where the trailer says.
        #expect(root.location.objectIndex == Int(bigEndian(bytes.suffix(16).prefix(8))))
        #expect(jpeg.line == nil)
    }

    @Test(arguments: ["all-types", "integers", "unicode", "info", "duplicate-keys"])
    func binaryTwinMatchesXMLTwin(name: String) throws {
        // Needs the XML reader (XMLPlistReader.swift), written separately.
        let xml = try PropertyListReader().read(contentsOf: fixture("binary/\(name).xml"))
        let binary = try PropertyListReader().read(contentsOf: fixture("binary/\(name).bplist"))
        #expect(xml.format == .xml)
        #expect(binary.format == .binary)
        expectSameValue(xml.root, binary.root, path: name)
        #expect(xml.warnings.map(\.kind.duplicateKeyName) == binary.warnings.map(\.kind.duplicateKeyName))
    }

    @Test func duplicateKeysStayAndTheLastWins() throws {
        let document = try PropertyListReader().read(contentsOf: fixture("binary/duplicate-keys.bplist"))
        let root = document.root
        #expect(root.entries.map(\.key.text) == ["CFBundleName", "CFBundleVersion", "CFBundleName"])
        #expect(root["CFBundleName"]?.string == "Second")
        #expect(document.warnings.map(\.kind) == [.duplicateKey("CFBundleName", firstLine: nil)])
        #expect(document.warnings.first?.location.objectIndex == 3)
        #expect(document.warnings.first?.location.line == nil)
    }

    /// A scalar object referenced from several places is one object in the file, and a node per
    /// use: each use has its own key path (a finding lands where the rule reached the value).
    @Test func sharedScalarsGetANodePerUse() throws {
        let document = try PropertyListReader().read(contentsOf: fixture("binary/shared-objects.bplist"))
        let root = document.root
        #expect(root["name"]?.string == "name")
        #expect(root["name"]?.isKey == false)
        let list = try #require(root["list"]).elements
        #expect(list.map(\.text) == ["shared", "shared", "name"])
        #expect(list[0].index != list[1].index)
        #expect(list.map(\.location.objectIndex) == [4, 4, root["name"]?.location.objectIndex])
        #expect(list.map(\.keyPath.description) == ["list[0]", "list[1]", "list[2]"])
        #expect(root["name"]?.keyPath.description == "name")
        // Dictionary, two keys, "name" as a value, the array, "shared", and the second uses of
        // "shared" and "name".
        #expect(document.valueCount == 8)
    }

    // MARK: Every object type, built byte by byte

    @Test func readsEveryScalarEncoding() throws {
        var writer = BPlistWriter()
        let values: [[UInt8]] = [
            [0x08], [0x09],
            [0x10, 0xFF], [0x11, 0xFF, 0xFE], [0x12, 0xFF, 0xFF, 0xFF, 0xFF],
            [0x13, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFE],
            BPlistWriter.real32(1.5), BPlistWriter.real64(-2.25), BPlistWriter.date(86400.5),
            BPlistWriter.data([1, 2, 3]), BPlistWriter.ascii("hi"),
            BPlistWriter.utf16([0x0041, 0x00E9, 0x20AC, 0xD83D, 0xDE00]),
            [0x80, 0x2A], [0x81, 0x01, 0x00], [0x8F] + [UInt8](repeating: 0, count: 15) + [0x07],
        ]
        writer.add(.array(Array(1...values.count)))
        for value in values { writer.add(.raw(value)) }
        let document = try BinaryPlistReader(file: "test.bplist", depthLimit: 200).read(writer.bytes())
        let elements = document.root.elements
        try #require(elements.count == values.count)
        #expect(elements[0].boolean == false)
        #expect(elements[1].boolean == true)
        // 1, 2 and 4 bytes are unsigned; 8 bytes are signed.
        #expect(elements[2].integer == .signed(255))
        #expect(elements[3].integer == .signed(65534))
        #expect(elements[4].integer == .signed(4_294_967_295))
        #expect(elements[5].integer == .signed(-2))
        #expect(elements[6].real == 1.5)
        #expect(elements[7].real == -2.25)
        #expect(elements[8].date?.secondsSinceReferenceDate == 86400.5)
        #expect(elements[9].data == [1, 2, 3])
        #expect(elements[10].string == "hi")
        #expect(elements[11].string == "Aé€😀")
        #expect(elements[12].uid == 42)
        #expect(elements[13].uid == 256)
        #expect(elements[14].uid == 7)
        #expect(
            elements.map(\.kind) == [
                .boolean, .boolean, .integer, .integer, .integer, .integer, .real, .real, .date, .data, .string,
                .string, .uid, .uid, .uid,
            ])
        for (index, element) in elements.enumerated() {
            #expect(element.location.objectIndex == index + 1)
            #expect(element.location.keyPath.description == "[\(index)]")
        }
    }

    @Test func decodesUTF16LikeTheStandardLibrary() throws {
        var units: [UInt16] = []
        for scalar in stride(from: 0x20, to: 0x10FFFF, by: 997) where !(0xD800..<0xE000).contains(scalar) {
            units.append(contentsOf: Unicode.Scalar(UInt32(scalar)).map { Array(String($0).utf16) } ?? [])
        }
        var writer = BPlistWriter()
        writer.add(.raw(BPlistWriter.utf16(units)))
        let document = try BinaryPlistReader(file: "test.bplist", depthLimit: 200).read(writer.bytes())
        #expect(document.root.string == String(decoding: units, as: UTF16.self))
    }

    /// A UTF-16 string is stored as UTF-8, so `mayContain` finds ASCII text in it.
    @Test func mayContainSeesUTF16StringsAsText() throws {
        var writer = BPlistWriter()
        writer.add(.raw(BPlistWriter.utf16(Array("é$(X)".utf16))))
        let document = try BinaryPlistReader(file: "test.bplist", depthLimit: 200).read(writer.bytes())
        #expect(document.mayContain("$(X)"))
        #expect(!document.mayContain("${"))
    }

    @Test func readsLongCountsAnd24BitOffsetsAndReferences() throws {
        var writer = BPlistWriter()
        writer.referenceSize = 3
        writer.offsetSize = 3
        let text = String(repeating: "abcdefghij", count: 30)
        writer.add(.dictionary(keys: [1, 2], values: [3, 4]))
        writer.add(.raw(BPlistWriter.ascii("text")))
        writer.add(.raw(BPlistWriter.ascii("numbers")))
        writer.add(.raw(BPlistWriter.ascii(text)))
        writer.add(.array(Array(repeating: 5, count: 20)))
        writer.add(.raw([0x10, 0x07]))
        let document = try BinaryPlistReader(file: "test.bplist", depthLimit: 200).read(writer.bytes())
        #expect(document.root["text"]?.string == text)
        let numbers = try #require(document.root["numbers"]).elements
        #expect(numbers.count == 20)
        #expect(numbers.allSatisfy { $0.integer == .signed(7) && $0.location.objectIndex == 5 })
        #expect(numbers.map(\.keyPath.description) == (0..<20).map { "numbers[\($0)]" })
    }

    @Test func sixteenByteIntegers() throws {
        let cases: [(high: UInt64, low: UInt64, value: PlistInteger, warns: Bool)] = [
            (0, UInt64.max, .unsigned(UInt64.max), false),
            (0, 5, .signed(5), false),
            (UInt64.max, UInt64(bitPattern: -5), .signed(-5), false),
            (UInt64.max, UInt64(bitPattern: Int64.min), .signed(Int64.min), false),
            // Too large for 64 bits: the low bits, with a warning.
            (1, 5, .signed(5), true),
            (1, UInt64.max, .unsigned(UInt64.max), true),
            (UInt64.max, 5, .signed(5), true),
        ]
        for (high, low, value, warns) in cases {
            var writer = BPlistWriter()
            writer.add(.array([1]))
            writer.add(.raw([0x14] + BPlistWriter.bigEndian(high, size: 8) + BPlistWriter.bigEndian(low, size: 8)))
            let document = try BinaryPlistReader(file: "test.bplist", depthLimit: 200).read(writer.bytes())
            #expect(document.root.elements.first?.integer == value, "high \(high) low \(low)")
            if warns {
                #expect(document.warnings.map(\.kind) == [.integerTruncated], "high \(high) low \(low)")
                #expect(document.warnings.first?.location.objectIndex == 1)
                #expect(document.warnings.first?.location.keyPath.description == "[0]")
            } else {
                #expect(document.warnings.isEmpty, "high \(high) low \(low)")
            }
        }
    }

    @Test func aDateBeyondTheYearsXMLCanWriteIsReadWithAWarning() throws {
        // 9999-12-31T23:59:59Z is the last second XML can write; one second later is year 10000.
        let last = PlistDate.parse(Array("9999-12-31T23:59:59Z".utf8))?.secondsSinceReferenceDate ?? 0
        let first = PlistDate.parse(Array("0000-01-01T00:00:00Z".utf8))?.secondsSinceReferenceDate ?? 0
        let cases: [(seconds: Double, warns: Bool)] = [
            (last, false), (last + 1, true), (first, false), (first - 1, true), (1e15, true), (0, false),
        ]
        for (seconds, warns) in cases {
            var writer = BPlistWriter()
            writer.add(.array([1]))
            writer.add(.raw(BPlistWriter.date(seconds)))
            let document = try BinaryPlistReader(file: "test.bplist", depthLimit: 200).read(writer.bytes())
            #expect(document.root.elements.first?.date?.secondsSinceReferenceDate == seconds)
            if warns {
                #expect(document.warnings.map(\.kind) == [.dateOutOfRange(seconds)], "\(seconds)")
                #expect(document.warnings.first?.location.objectIndex == 1)
                #expect(document.warnings.first?.message.contains("outside the years 0000 to 9999") == true)
            } else {
                #expect(document.warnings.isEmpty, "\(seconds)")
            }
        }
        #expect(
            PropertyListWarning(.dateOutOfRange(1e15), at: SourceLocation(file: "x")).message
                == "date is outside the years 0000 to 9999 (1000000000000000 seconds from 2001-01-01), which an XML plist cannot write"
        )
    }

    @Test func aStringUsedAsKeyAndValueMakesTwoNodes() throws {
        var writer = BPlistWriter()
        writer.add(.dictionary(keys: [1, 2], values: [1, 1]))
        writer.add(.raw(BPlistWriter.ascii("same")))
        writer.add(.raw(BPlistWriter.ascii("other")))
        let document = try BinaryPlistReader(file: "test.bplist", depthLimit: 200).read(writer.bytes())
        let entries = document.root.entries
        #expect(entries.map(\.key.isKey) == [true, true])
        #expect(entries.map(\.value.isKey) == [false, false])
        #expect(entries.map(\.value.text) == ["same", "same"])
        #expect(entries.map(\.value.keyPath.description) == ["same", "other"])
        #expect(entries[0].key.index != entries[0].value.index)
        #expect(document.root["other"]?.string == "same")
    }

    @Test func aDAGOfSixtyFourLevelsDecodesInLinearWork() throws {
        // Each array holds its child twice: 2^64 leaves if expanded, 65 objects as written.
        var writer = BPlistWriter()
        for level in 0..<64 { writer.add(.array([level + 1, level + 1])) }
        writer.add(.raw([0x10, 0x01]))
        let bytes = writer.bytes()
        var work = BinaryReadWork()
        let document = try BinaryPlistReader(file: "test.bplist", depthLimit: 200).read(bytes, work: &work)
        // Each object decoded once, each reference read once: the work is the file's size.
        #expect(work == BinaryReadWork(offsetsChecked: 65, objectsDecoded: 65, referencesFollowed: 128))
        // Shared arrays are one node each; the integer both innermost uses share is a node per use.
        #expect(document.valueCount == 66)
        var value = document.root
        for level in 0..<64 {
            let elements = value.elements
            try #require(elements.count == 2)
            #expect((elements[0].index == elements[1].index) == (level < 63))
            value = elements[1]
        }
        #expect(value.integer == .signed(1))
        #expect(value.location.objectIndex == 64)
    }

    @Test func nestingUpToTheLimitReads() throws {
        var writer = BPlistWriter()
        for level in 0..<200 { writer.add(.array([level + 1])) }
        writer.add(.raw([0x09]))
        let document = try BinaryPlistReader(file: "test.bplist", depthLimit: 200).read(writer.bytes())
        var value = document.root
        while let first = value.elements.first { value = first }
        #expect(value.boolean == true)
    }

    // MARK: Hostile input: errors

    @Test func refusesAFileTooShortForATrailer() throws {
        let error = try #require(binaryError(Array("bplist00".utf8)))
        #expect(error.problem == .truncated("8 bytes is too short for the header, an object and the 32-byte trailer"))
        #expect(error.location.objectIndex == nil)
    }

    @Test func refusesEveryTruncationOfARealFile() throws {
        let bytes = try FileInput.readAll(path: fixture("binary/all-types.bplist"), limit: 1 << 20)
        for length in 0..<bytes.count {
            #expect(binaryError(Array(bytes[0..<length])) != nil, "cut at \(length)")
        }
    }

    @Test func refusesTrailerFieldSizes() throws {
        var writer = BPlistWriter()
        writer.add(.raw([0x09]))
        let size = writer.bytes().count
        let cases: [(adjust: (inout BPlistWriter.Trailer) -> Void, problem: PropertyListProblem, field: Int)] = [
            ({ $0.offsetSize = 0 }, .invalidTrailer("offset size is 0, not 1 to 8 bytes"), 6),
            ({ $0.offsetSize = 9 }, .invalidTrailer("offset size is 9, not 1 to 8 bytes"), 6),
            ({ $0.referenceSize = 0 }, .invalidTrailer("object reference size is 0, not 1 to 8 bytes"), 7),
            ({ $0.referenceSize = 9 }, .invalidTrailer("object reference size is 9, not 1 to 8 bytes"), 7),
            ({ $0.objectCount = 0 }, .invalidTrailer("the file declares no objects"), 8),
            ({ $0.topObject = 1 }, .invalidTrailer("top object 1 is not below the object count 1"), 16),
            (
                { $0.topObject = UInt64.max },
                .invalidTrailer("top object 18446744073709551615 is not below the object count 1"), 16
            ),
            (
                { $0.offsetTableStart = 8 },
                .invalidTrailer("offset table starts at byte 8, leaving no room for objects after the header"), 24
            ),
            (
                { $0.offsetTableStart = 0 },
                .invalidTrailer("offset table starts at byte 0, leaving no room for objects after the header"), 24
            ),
            (
                { $0.offsetTableStart = 100 },
                .invalidTrailer(
                    "an offset table of 1 2-byte entries from byte 100 does not end before the trailer at byte 11"), 8
            ),
        ]
        for (adjust, problem, field) in cases {
            let error = try #require(binaryError(writer.bytes(adjust)))
            #expect(error.problem == problem)
            #expect(error.location.byteOffset == size - 32 + field)
            #expect(error.location.objectIndex == nil)
        }
    }

    @Test func refusesAHugeObjectCountBeforeReadingTheOffsetTable() throws {
        var writer = BPlistWriter()
        writer.add(.raw([0x09]))
        var work = BinaryReadWork()
        /// The problem `bytes` is refused for; `work` gets what the read did.
        func refusal(_ bytes: [UInt8]) -> PropertyListProblem? {
            do {
                _ = try BinaryPlistReader(file: "test.bplist", depthLimit: 200).read(bytes, work: &work)
                return nil
            } catch {
                return error.problem
            }
        }
        let tooLong = "does not end before the trailer at byte 11"
        // 2^63 one-byte offsets: no overflow, but far past the trailer.
        let small = writer.bytes { trailer in
            trailer.objectCount = 1 << 63
            trailer.offsetSize = 1
        }
        #expect(
            refusal(small)
                == .invalidTrailer("an offset table of 9223372036854775808 1-byte entries from byte 9 \(tooLong)"))
        // 2^63 eight-byte offsets: the table size overflows 64 bits.
        let wide = writer.bytes { trailer in
            trailer.objectCount = 1 << 63
            trailer.offsetSize = 8
        }
        #expect(
            refusal(wide)
                == .invalidTrailer("an offset table of 9223372036854775808 8-byte entries from byte 9 \(tooLong)"))
        // The table's start plus its size overflows.
        let far = writer.bytes { trailer in
            trailer.objectCount = UInt64.max
            trailer.offsetTableStart = UInt64.max
        }
        #expect(
            refusal(far)
                == .invalidTrailer(
                    "an offset table of 18446744073709551615 2-byte entries from byte 18446744073709551615 \(tooLong)"))
        // The trailer alone refused them: not one entry of the table was read, nothing decoded.
        #expect(work == BinaryReadWork())
    }

    @Test func refusesOffsetsOutsideTheObjectArea() throws {
        var writer = BPlistWriter()
        writer.add(.array([1]))
        writer.add(.raw([0x09]))
        // Past the object area (into the offset table), inside the header, and an unused object.
        writer.offsetOverrides = [1: 11]
        var error = try #require(binaryError(writer.bytes()))
        #expect(error.problem == .invalidObjectOffset(object: 1, offset: 11))
        #expect(error.location.objectIndex == 1)
        #expect(error.location.byteOffset == 13)
        writer.offsetOverrides = [1: 7]
        error = try #require(binaryError(writer.bytes()))
        #expect(error.problem == .invalidObjectOffset(object: 1, offset: 7))
        writer.add(.raw([0x08]))
        writer.offsetOverrides = [2: 0xFFFF]
        error = try #require(binaryError(writer.bytes()))
        #expect(error.problem == .invalidObjectOffset(object: 2, offset: 0xFFFF))
        #expect(error.location.objectIndex == 2)
    }

    @Test func refusesLengthsPastTheEnd() throws {
        let cases: [(object: [UInt8], problem: PropertyListProblem)] = [
            ([0x44, 0x01, 0x02], .invalidObject("data needs 4 bytes, but only 2 are left before the offset table")),
            (
                [0x4F, 0x10, 0xFF, 0x00],
                .invalidObject("data of length 255 does not fit in the 1 bytes left before the offset table")
            ),
            (
                [0x5F, 0x13] + BPlistWriter.bigEndian(1 << 62, size: 8),
                .invalidObject(
                    "ASCII string of length 4611686018427387904 "
                        + "does not fit in the 0 bytes left before the offset table"
                )
            ),
            (
                [0x63, 0x00, 0x41, 0x00, 0x42],
                .invalidObject("UTF-16 string needs 6 bytes, but only 4 are left before the offset table")
            ),
            ([0x13, 0x00, 0x00], .invalidObject("integer needs 8 bytes, but only 2 are left before the offset table")),
            ([0x23, 0x00], .invalidObject("real needs 8 bytes, but only 1 are left before the offset table")),
            ([0x33], .invalidObject("date needs 8 bytes, but only 0 are left before the offset table")),
            ([0x83, 0x01], .invalidObject("UID needs 4 bytes, but only 1 are left before the offset table")),
            ([0xA3, 0x00, 0x00], .invalidObject("array needs 3 bytes, but only 2 are left before the offset table")),
            ([0xD1, 0x00], .invalidObject("dictionary needs 2 bytes, but only 1 are left before the offset table")),
            (
                [0x5F],
                .invalidObject("length of ASCII string needs 1 bytes, but only 0 are left before the offset table")
            ),
            (
                [0x5F, 0x11, 0x00],
                .invalidObject("length of ASCII string needs 2 bytes, but only 1 are left before the offset table")
            ),
            ([0x5F, 0x41, 0x00], .invalidObject("length of ASCII string has marker 0x41, not a 1- to 8-byte integer")),
            (
                [0xAF, 0x14] + [UInt8](repeating: 0, count: 16),
                .invalidObject("length of array has marker 0x14, not a 1- to 8-byte integer")
            ),
        ]
        for (object, problem) in cases {
            var writer = BPlistWriter()
            writer.add(.raw(object))
            let error = try #require(binaryError(writer.bytes()))
            #expect(error.problem == problem)
            #expect(error.location.objectIndex == 0)
            #expect(error.location.byteOffset == 8)
        }
    }

    @Test func refusesReferencesToMissingObjects() throws {
        var writer = BPlistWriter()
        writer.add(.array([1, 5]))
        writer.add(.raw([0x09]))
        let error = try #require(binaryError(writer.bytes()))
        #expect(error.problem == .invalidObjectReference(5, count: 2))
        #expect(error.location.objectIndex == 0)
        #expect(error.location.keyPath.description == "[1]")
    }

    @Test func refusesAnArrayThatContainsItself() throws {
        var writer = BPlistWriter()
        writer.add(.array([0]))
        let error = try #require(binaryError(writer.bytes()))
        #expect(error.problem == .referenceCycle(object: 0))
        #expect(error.location.objectIndex == 0)
        #expect(error.location.byteOffset == 8)
    }

    @Test func refusesTwoArraysThatContainEachOther() throws {
        var writer = BPlistWriter()
        writer.add(.array([1]))
        writer.add(.array([0]))
        let error = try #require(binaryError(writer.bytes()))
        #expect(error.problem == .referenceCycle(object: 0))
        #expect(error.location.objectIndex == 0)
        #expect(error.location.keyPath.description == "[0][0]")
    }

    @Test func refusesACycleThroughADictionary() throws {
        var writer = BPlistWriter()
        writer.add(.dictionary(keys: [1], values: [2]))
        writer.add(.raw(BPlistWriter.ascii("loop")))
        writer.add(.array([3, 2]))
        writer.add(.raw([0x09]))
        let error = try #require(binaryError(writer.bytes()))
        #expect(error.problem == .referenceCycle(object: 2))
        #expect(error.location.objectIndex == 2)
        #expect(error.location.keyPath.description == "loop[1]")
    }

    @Test func refusesNestingBeyondTheLimit() throws {
        var writer = BPlistWriter()
        for level in 0..<201 { writer.add(.array([level + 1])) }
        writer.add(.raw([0x09]))
        let error = try #require(binaryError(writer.bytes()))
        #expect(error.problem == .nestingTooDeep(limit: 200))
        #expect(error.location.objectIndex == 200)
        #expect(error.location.keyPath.components.count == 200)
        // The limit is the reader's.
        let shallow = try #require(binaryError(writer.bytes(), depthLimit: 3))
        #expect(shallow.problem == .nestingTooDeep(limit: 3))
        #expect(shallow.location.objectIndex == 3)
    }

    @Test(
        arguments: [0x01, 0x0E, 0x15, 0x20, 0x21, 0x24, 0x30, 0x34, 0x70, 0x7F, 0x90, 0xB0, 0xE0, 0xF0, 0xFF] as [UInt8]
    )
    func refusesUnknownMarkers(marker: UInt8) throws {
        var writer = BPlistWriter()
        writer.add(.array([1]))
        writer.add(.raw([marker] + [UInt8](repeating: 0, count: 16)))
        let error = try #require(binaryError(writer.bytes()))
        #expect(error.problem == .unknownObjectMarker(marker))
        #expect(error.location.objectIndex == 1)
    }

    @Test func refusesKeysThatAreNotStrings() throws {
        let cases: [(key: BPlistWriter.Object, kind: String)] = [
            (.raw([0x10, 0x01]), "an integer"), (.raw([0x09]), "a boolean"), (.raw(BPlistWriter.real64(1)), "a real"),
            (.raw(BPlistWriter.date(0)), "a date"), (.raw(BPlistWriter.data([1])), "data"),
            (.raw([0x80, 0x01]), "a UID"),
            (.array([]), "an array"), (.dictionary(keys: [], values: []), "a dictionary"), (.set([]), "a set"),
            (.raw([0x00]), "null"),
        ]
        for (key, kind) in cases {
            var writer = BPlistWriter()
            writer.add(.dictionary(keys: [1, 2], values: [1, 1]))
            writer.add(.raw(BPlistWriter.ascii("fine")))
            writer.add(key)
            let error = try #require(binaryError(writer.bytes()))
            #expect(error.problem == .nonStringKey(kind))
            #expect(error.location.objectIndex == 2)
        }
    }

    @Test func refusesNullFillAndSetObjects() throws {
        let cases: [(object: BPlistWriter.Object, problem: PropertyListProblem)] = [
            (.raw([0x00]), .invalidObject("null objects are not supported: property lists have no null value")),
            (.raw([0x0F]), .invalidObject("fill byte 0x0F is padding, not a value")),
            (
                .set([1]),
                .invalidObject("set objects are not supported: property lists hold arrays and dictionaries, not sets")
            ),
        ]
        for (object, problem) in cases {
            // As the top object and as an element.
            var top = BPlistWriter()
            top.add(object)
            top.add(.raw([0x09]))
            let topError = try #require(binaryError(top.bytes()))
            #expect(topError.problem == problem)
            #expect(topError.location.objectIndex == 0)
            var inner = BPlistWriter()
            inner.add(.array([1, 2]))
            inner.add(.raw([0x09]))
            inner.add(object)
            let innerError = try #require(binaryError(inner.bytes()))
            #expect(innerError.problem == problem)
            #expect(innerError.location.objectIndex == 2)
            #expect(innerError.location.keyPath.description == "[1]")
        }
    }

    @Test func refusesMalformedScalars() throws {
        let cases: [(object: [UInt8], problem: PropertyListProblem)] = [
            (BPlistWriter.date(.nan), .invalidObject("date is not a number")),
            (BPlistWriter.date(.infinity), .invalidObject("date is infinite")),
            (BPlistWriter.utf16([0xD800, 0x0041]), .invalidObject("UTF-16 string holds a lone surrogate 0xD800")),
            (BPlistWriter.utf16([0x0041, 0xDC00]), .invalidObject("UTF-16 string holds a lone surrogate 0xDC00")),
            (BPlistWriter.utf16([0x0041, 0xDBFF]), .invalidObject("UTF-16 string holds a lone surrogate 0xDBFF")),
            ([0x52, 0x41, 0xE9], .invalidObject("ASCII string holds byte 0xE9, which is not ASCII")),
            (
                [0x8F, 0x01] + [UInt8](repeating: 0, count: 15),
                .invalidObject("UID of 16 bytes does not fit in 64 bits")
            ),
        ]
        for (object, problem) in cases {
            var writer = BPlistWriter()
            writer.add(.dictionary(keys: [1], values: [2]))
            writer.add(.raw(BPlistWriter.ascii("key")))
            writer.add(.raw(object))
            let error = try #require(binaryError(writer.bytes()))
            #expect(error.problem == problem)
            #expect(error.location.objectIndex == 2)
            #expect(error.location.keyPath.description == "key")
        }
    }

    @Test func errorsNameTheKeyPathToTheBadObject() throws {
        var writer = BPlistWriter()
        writer.add(.dictionary(keys: [1], values: [2]))  // 0: { "outer": … }
        writer.add(.raw(BPlistWriter.ascii("outer")))  // 1
        writer.add(.array([3, 4]))  // 2: [ true, { "inner": NaN } ]
        writer.add(.raw([0x09]))  // 3
        writer.add(.dictionary(keys: [5], values: [6]))  // 4
        writer.add(.raw(BPlistWriter.ascii("inner key")))  // 5
        writer.add(.raw(BPlistWriter.date(.nan)))  // 6
        let error = try #require(binaryError(writer.bytes()))
        #expect(error.problem == .invalidObject("date is not a number"))
        #expect(error.location.objectIndex == 6)
        #expect(error.location.keyPath.description == "outer[1][\"inner key\"]")
        #expect(error.description.hasPrefix("test.bplist: error: date is not a number (object 6 at byte "))
    }

    @Test func refusesAWrongMagic() throws {
        var writer = BPlistWriter()
        writer.add(.raw([0x09]))
        var bytes = writer.bytes()
        bytes[7] = UInt8(ascii: "1")
        #expect(binaryError(bytes)?.problem == .unknownFormat)
    }

    @Test func survivesSingleByteMutationsOfARealFile() throws {
        // Every mutation either reads or fails with an error; none may crash or hang.
        let original = try FileInput.readAll(path: fixture("binary/info.bplist"), limit: 1 << 20)
        var random = SplitMix64(seed: 0x5EED)
        for _ in 0..<3000 {
            var bytes = original
            for _ in 0..<(1 + Int(random.next() % 3)) {
                bytes[Int(random.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: random.next())
            }
            _ = binaryError(bytes)
        }
    }
}

// MARK: - Support

/// The error reading `bytes` as a binary plist gives, or nil when it reads.
private func binaryError(_ bytes: [UInt8], depthLimit: Int = 200) -> PropertyListError? {
    do {
        _ = try BinaryPlistReader(file: "test.bplist", depthLimit: depthLimit).read(bytes)
        return nil
    } catch {
        return error
    }
}

/// The offset-table entry for `object`, read straight from the trailer.
private func offsetTableEntry(_ bytes: [UInt8], _ object: Int) -> Int {
    let trailer = bytes.count - 32
    let offsetSize = Int(bytes[trailer + 6])
    let tableStart = Int(bigEndian(bytes[(trailer + 24)...]))
    let entry = tableStart + object * offsetSize
    return Int(bigEndian(bytes[entry..<(entry + offsetSize)]))
}

private func bigEndian(_ bytes: some Collection<UInt8>) -> UInt64 {
    bytes.reduce(0) { $0 << 8 | UInt64($1) }
}

/// Checks that two documents hold the same values; dictionaries compare by key, as plutil on Linux
/// writes keys in hash order. Duplicate keys compare in document order.
private func expectSameValue(
    _ xml: PlistValue, _ binary: PlistValue, path: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    guard xml.kind == binary.kind else {
        Issue.record("\(path): \(xml.kind) in XML, \(binary.kind) in binary", sourceLocation: sourceLocation)
        return
    }
    switch xml.kind {
    case .dictionary:
        let xmlEntries = sortedEntries(xml)
        let binaryEntries = sortedEntries(binary)
        #expect(xmlEntries.map(\.key.text) == binaryEntries.map(\.key.text), "\(path)", sourceLocation: sourceLocation)
        for (left, right) in zip(xmlEntries, binaryEntries) {
            expectSameValue(left.value, right.value, path: "\(path).\(left.key.text)", sourceLocation: sourceLocation)
        }
    case .array:
        #expect(xml.count == binary.count, "\(path)", sourceLocation: sourceLocation)
        for (index, (left, right)) in zip(xml.elements, binary.elements).enumerated() {
            expectSameValue(left, right, path: "\(path)[\(index)]", sourceLocation: sourceLocation)
        }
    case .string: #expect(xml.string == binary.string, "\(path)", sourceLocation: sourceLocation)
    case .integer: #expect(xml.integer == binary.integer, "\(path)", sourceLocation: sourceLocation)
    case .real: #expect(xml.real == binary.real, "\(path)", sourceLocation: sourceLocation)
    case .boolean: #expect(xml.boolean == binary.boolean, "\(path)", sourceLocation: sourceLocation)
    case .date: #expect(xml.date == binary.date, "\(path)", sourceLocation: sourceLocation)
    case .data: #expect(xml.data == binary.data, "\(path)", sourceLocation: sourceLocation)
    case .uid: #expect(xml.uid == binary.uid, "\(path)", sourceLocation: sourceLocation)
    }
}

private func sortedEntries(_ value: PlistValue) -> [(key: PlistValue, value: PlistValue)] {
    value.entries.enumerated()
        .sorted { ($0.element.key.text, $0.offset) < ($1.element.key.text, $1.offset) }
        .map(\.element)
}

extension PropertyListWarning.Kind {
    /// The key of a duplicate-key warning (the XML and binary forms differ only in the line).
    fileprivate var duplicateKeyName: String? {
        if case .duplicateKey(let key, _) = self { return key }
        return nil
    }
}

/// A deterministic generator, so a failing mutation can be replayed.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

/// Writes binary plists object by object, including ones no real writer would produce.
private struct BPlistWriter {
    /// One object: bytes as they are, or a container whose references are written at `bytes()`.
    enum Object {
        case raw([UInt8])
        case array([Int])
        case set([Int])
        case dictionary(keys: [Int], values: [Int])
    }

    /// The trailer's fields, which a test may change before they are written.
    struct Trailer {
        var offsetSize: UInt8
        var referenceSize: UInt8
        var objectCount: UInt64
        var topObject: UInt64
        var offsetTableStart: UInt64
    }

    var objects: [Object] = []
    var referenceSize = 1
    var offsetSize = 2
    var topObject = 0
    /// Offset-table entries written instead of the real ones.
    var offsetOverrides: [Int: UInt64] = [:]

    mutating func add(_ object: Object) {
        objects.append(object)
    }

    func bytes(_ adjust: (inout Trailer) -> Void = { _ in }) -> [UInt8] {
        var bytes = Array("bplist00".utf8)
        var offsets: [UInt64] = []
        for object in objects {
            offsets.append(UInt64(bytes.count))
            switch object {
            case .raw(let raw):
                bytes += raw
            case .array(let references):
                bytes += Self.header(0xA0, references.count) + references.flatMap(reference)
            case .set(let references):
                bytes += Self.header(0xC0, references.count) + references.flatMap(reference)
            case .dictionary(let keys, let values):
                bytes += Self.header(0xD0, keys.count) + keys.flatMap(reference) + values.flatMap(reference)
            }
        }
        var trailer = Trailer(
            offsetSize: UInt8(offsetSize), referenceSize: UInt8(referenceSize), objectCount: UInt64(objects.count),
            topObject: UInt64(topObject), offsetTableStart: UInt64(bytes.count))
        for (index, offset) in offsets.enumerated() {
            bytes += Self.bigEndian(offsetOverrides[index] ?? offset, size: offsetSize)
        }
        adjust(&trailer)
        bytes += [0, 0, 0, 0, 0, 0, trailer.offsetSize, trailer.referenceSize]
        bytes += Self.bigEndian(trailer.objectCount, size: 8) + Self.bigEndian(trailer.topObject, size: 8)
        bytes += Self.bigEndian(trailer.offsetTableStart, size: 8)
        return bytes
    }

    private func reference(_ object: Int) -> [UInt8] {
        Self.bigEndian(UInt64(object), size: referenceSize)
    }

    /// A marker with its count: in the low nibble, or as an integer object after 0xF.
    static func header(_ marker: UInt8, _ count: Int) -> [UInt8] {
        if count < 15 { return [marker | UInt8(count)] }
        if count < 256 { return [marker | 0x0F, 0x10, UInt8(count)] }
        return [marker | 0x0F, 0x11] + bigEndian(UInt64(count), size: 2)
    }

    static func bigEndian(_ value: UInt64, size: Int) -> [UInt8] {
        (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64(size - 1 - $0))) }
    }

    static func ascii(_ text: String) -> [UInt8] { header(0x50, text.utf8.count) + Array(text.utf8) }
    static func utf16(_ units: [UInt16]) -> [UInt8] {
        header(0x60, units.count) + units.flatMap { bigEndian(UInt64($0), size: 2) }
    }
    static func data(_ bytes: [UInt8]) -> [UInt8] { header(0x40, bytes.count) + bytes }
    static func real32(_ value: Float) -> [UInt8] { [0x22] + bigEndian(UInt64(value.bitPattern), size: 4) }
    static func real64(_ value: Double) -> [UInt8] { [0x23] + bigEndian(value.bitPattern, size: 8) }
    static func date(_ seconds: Double) -> [UInt8] { [0x33] + bigEndian(seconds.bitPattern, size: 8) }
}
