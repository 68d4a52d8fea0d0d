import Foundation
import Testing

@testable import PropertyList

/// Large XML plists are parsed in two parts on two cores and joined: the joined document must be
/// the whole read's, value for value (kind, content, line, column, key path), with the same
/// warnings and comments; and whenever the cut cannot be trusted, the whole read runs instead.
@Suite struct SplitReadTests {
    /// A plist whose middle is a long array of declarations, with what a joined read could get
    /// wrong: multi-byte text (columns), entities, comments on both sides, nested containers,
    /// every scalar kind, duplicate keys within the second part and across the cut, keys after
    /// the array, and an empty key.
    static func document(items: Int = 240, itemsKey: String = "UTExportedTypeDeclarations", tail: String = "")
        -> String
    {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <!-- a comment before the root -->
            <plist version="1.0">
            <dict>
            \t<key>CFBundleIdentifier</key>
            \t<string>com.example.grüße</string>
            \t<key>LSMinimumSystemVersion</key>
            \t<string>first</string>
            \t<key>\(itemsKey)</key>
            \t<array>

            """
        for index in 0..<items {
            let duplicate = index % 97 == 50 ? "\t\t\t<key>UTTypeIdentifier</key>\n\t\t\t<string>again</string>\n" : ""
            text += """
                \t\t<!-- item \(index) -->
                \t\t<dict>
                \t\t\t<key>UTTypeIdentifier</key>
                \t\t\t<string>com.example.type-\(index) &amp; 日本語 \(index)</string>
                \t\t\t<key>UTTypeConformsTo</key>
                \t\t\t<array><string>public.data</string><string>public.content</string></array>
                \t\t\t<key>Number</key><integer>\(index * 7 - 300)</integer>
                \t\t\t<key>Ratio</key><real>\(Double(index) / 8)</real>
                \t\t\t<key>Flag</key>\(index % 2 == 0 ? "<true/>" : "<false/>")
                \t\t\t<key>When</key><date>2024-01-0\(index % 9 + 1)T10:00:00Z</date>
                \t\t\t<key>Bytes</key><data>AAEC\(index % 2 == 0 ? "Aw==" : "")</data>
                \t\t\t<key></key><string/>
                \(duplicate)\t\t</dict>

                """
        }
        text += """
            \t</array>
            \t<key>LSMinimumSystemVersion</key>
            \t<string>second, after the cut</string>
            \t<key>CFBundleName</key>
            \t<string>Ünïcödé</string>
            \(tail)</dict>
            </plist>
            <!-- a comment after the root -->

            """
        return text
    }

    /// Every value of `document` in document order: key path, kind, key or not, line:column and
    /// content, one line each.
    static func values(_ document: PropertyListDocument) -> [String] {
        var lines: [String] = []
        func visit(_ value: PlistValue) {
            let place =
                "\(value.keyPath) \(value.kind) \(value.isKey) \(value.line ?? -1):\(value.location.column ?? -1)"
            switch value.kind {
            case .dictionary:
                lines.append("\(place) \(value.count)")
                for (key, item) in value.entries {
                    visit(key)
                    visit(item)
                }
            case .array:
                lines.append("\(place) \(value.count)")
                value.elements.forEach(visit)
            default:
                let scalars: [Any?] = [value.string, value.integer, value.real, value.boolean, value.date, value.data]
                lines.append("\(place) \(scalars.map { String(describing: $0) })")
            }
        }
        visit(document.root)
        return lines
    }

    static func wholeRead(_ text: String, depthLimit: Int = 200) throws(PropertyListError) -> PropertyListDocument {
        var reader = XMLPlistReader(file: "big.plist", depthLimit: depthLimit)
        reader.splitThreshold = .max
        reader.nativeScan = false
        return try reader.read(Array(text.utf8))
    }

    static func splitRead(_ text: String, depthLimit: Int = 200) -> PropertyListDocument? {
        XMLPlistReader(file: "big.plist", depthLimit: depthLimit).readInTwoParts(Array(text.utf8), concurrently: false)
    }

    static func expectSame(_ split: PropertyListDocument, _ whole: PropertyListDocument) {
        #expect(split.valueCount == whole.valueCount)
        let splitValues = values(split)
        let wholeValues = values(whole)
        #expect(splitValues.count == wholeValues.count)
        for (left, right) in zip(splitValues, wholeValues) where left != right {
            Issue.record("split read gives \(left), whole read \(right)")
            break
        }
        #expect(split.warnings == whole.warnings)
        #expect(split.comments(containing: "") == whole.comments(containing: ""))
        #expect(split.root.kind == whole.root.kind)
    }

    /// A comment of many lines, longer than what libxml2 keeps of its input while it reads in
    /// parts, is placed at its `<!--` in both reads (found by the fuzzer: the split read put it
    /// where it ended).
    @Test func aLongCommentIsPlacedAtItsStartInBothReads() throws {
        let long = (1...60).map { "     line \($0) of a comment that goes on and on, with </key> and <string> inside" }
        let text = Self.document().replacingOccurrences(
            of: "<!-- a comment before the root -->", with: "<!--\n" + long.joined(separator: "\n") + " -->")
        let whole = try Self.wholeRead(text)
        let comment = try #require(whole.comments(containing: "line 60").first)
        #expect(comment.line == 3 && comment.column == 1)
        for natively in [false, true] {
            let split = try #require(
                XMLPlistReader(file: "big.plist", depthLimit: 200).readInTwoParts(
                    Array(text.utf8), concurrently: false, natively: natively))
            Self.expectSame(split, whole)
        }
    }

    @Test func joinedReadEqualsWholeRead() throws {
        let text = Self.document()
        let whole = try Self.wholeRead(text)
        let split = try #require(Self.splitRead(text))
        Self.expectSame(split, whole)
        // The document has what the comparison is meant to catch.
        #expect(whole.warnings.count == 3)  // two duplicates in items, one across the cut
        #expect(whole.warnings.contains { "\($0)".contains("LSMinimumSystemVersion") })
        #expect(whole.comments.count == 242)
        let cut = try #require(Array(text.utf8).withUnsafeBufferPointer { XMLSplit.find(in: $0, depthLimit: 200) })
        #expect(cut.open == [.plist, .dict, .array])
        #expect(cut.offset > text.utf8.count / 2)
    }

    @Test func joinedReadWithTheCutInANestedArray() throws {
        // The long array sits inside a dictionary inside the root array: the second part's
        // prefix opens an array, a dictionary with its stand-in key, and an array.
        var body = "<array>\n\t<string>first</string>\n\t<dict>\n\t\t<key>Items</key>\n\t\t<array>\n"
        for index in 0..<400 { body += "\t\t\t<string>item \(index) ✓</string>\n\t\t\t<array/>\n" }
        body +=
            "\t\t</array>\n\t\t<key>After</key>\n\t\t<integer>1</integer>\n\t</dict>\n\t<string>last</string>\n</array>"
        let text = xmlPlist(body)
        let cut = try #require(Array(text.utf8).withUnsafeBufferPointer { XMLSplit.find(in: $0, depthLimit: 200) })
        #expect(cut.open == [.plist, .array, .dict, .array])
        #expect(cut.standInKinds == [.array, .dictionary, .string, .array])
        Self.expectSame(try #require(Self.splitRead(text)), try Self.wholeRead(text))
    }

    @Test func joinedReadWithoutAPlistElement() throws {
        // No <plist> around the root: both reads warn once, about the root.
        var text = "<dict>\n<key>A</key>\n<array>\n"
        for index in 0..<500 { text += "<integer>\(index)</integer>\n" }
        text += "</array>\n<key>A</key>\n<true/>\n</dict>\n"
        let whole = try Self.wholeRead(text)
        #expect(whole.warnings.count == 2)
        Self.expectSame(try #require(Self.splitRead(text)), whole)
    }

    /// What libxml2 hands over in pieces that depend on how the input is fed, after the cut:
    /// text between elements (a run of 600 bytes, with entities), CDATA, an instruction, start
    /// tags that span lines after long lines.
    static let awkwardTail = """
        \t<key>Stray</key>
        \t<array>
        \t\t\(String(repeating: "stray &amp; text ", count: 40))
        \t\t<string><![CDATA[<not a tag>]]></string>
        \t\t<?instruction after the cut?>
        \(String(repeating: "\t\t<string>\(String(repeating: "long line ", count: 30))</string><dict\n\t\t><key>k</key><string\n\t\t>v</string></dict>\n", count: 40))\t</array>

        """

    @Test func awkwardInputAfterTheCutReadsAsWhole() throws {
        let text = Self.document(tail: Self.awkwardTail)
        let whole = try Self.wholeRead(text)
        #expect(whole.warnings.filter { "\($0)".contains("between elements is ignored") }.count == 1)
        Self.expectSame(try #require(Self.splitRead(text)), whole)
    }

    /// However libxml2 is fed, the whole read is the same: one warning per run of text between
    /// elements, and the columns of start tags that span lines counted from the line's start
    /// even once libxml2 has dropped it.
    @Test(arguments: [1, 7, 300, 4096] as [Int32])
    func wholeReadDoesNotDependOnChunks(_ chunkSize: Int32) throws {
        let text = Self.document(items: 60, tail: Self.awkwardTail)
        let whole = try Self.wholeRead(text)
        var reader = XMLPlistReader(file: "big.plist", depthLimit: 200)
        reader.splitThreshold = .max
        reader.nativeScan = false
        reader.chunkSize = chunkSize
        Self.expectSame(try reader.read(Array(text.utf8)), whole)
        // Each <dict that spans lines starts after 300 bytes of its line: libxml2 has dropped
        // the line's start by then in some of them (it keeps 80 bytes when it drops what it read).
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let dictLines = lines.indices.filter { lines[$0].hasSuffix("<dict") }
        let dicts = try #require(whole.root["Stray"]?.elements.filter { $0.kind == .dictionary })
        #expect(dicts.count == 40 && dictLines.count == 40)
        for (dict, line) in zip(dicts, dictLines) {
            #expect(dict.line == line + 1)
            #expect(dict.location.column == lines[line].count - 4)
        }
    }

    @Test func joinedReadAfterAByteOrderMark() throws {
        // libxml2 steps over a UTF-8 byte-order mark: offsets and columns still count the file's bytes.
        let text = "\u{FEFF}" + Self.document(tail: Self.awkwardTail)
        #expect(text.utf8.starts(with: [0xEF, 0xBB, 0xBF]))
        Self.expectSame(try #require(Self.splitRead(text)), try Self.wholeRead(text))
    }

    @Test func duplicateKeysAcrossTheCutAreFound() throws {
        let text = Self.document(tail: "\t<key>CFBundleIdentifier</key>\n\t<string>twice</string>\n")
        let split = try #require(Self.splitRead(text))
        #expect(split.warnings.contains { "\($0)".contains("CFBundleIdentifier") })
        Self.expectSame(split, try Self.wholeRead(text))
    }

    /// Inputs the scan does not follow: no cut, so the whole read runs (and reads them).
    @Test(arguments: [
        "carriage returns", "a CDATA section", "another encoding", "an instruction in the root", "an unknown element",
    ])
    func noCut(_ what: String) throws {
        let original = Self.document()
        let text: String
        switch what {
        case "carriage returns": text = original.replacingOccurrences(of: "\n", with: "\r\n")
        case "a CDATA section": text = original.replacingOccurrences(of: "first", with: "<![CDATA[first]]>")
        case "another encoding": text = original.replacingOccurrences(of: "UTF-8", with: "ISO-8859-1")
        case "an instruction in the root":
            text = original.replacingOccurrences(of: "<dict>\n", with: "<dict><?pi x?>\n")
        default: text = original.replacingOccurrences(of: "<real>", with: "<float>")
        }
        #expect(text != original, "\(what) changed nothing")
        let cut = Array(text.utf8).withUnsafeBufferPointer { XMLSplit.find(in: $0, depthLimit: 200) }
        #expect(cut == nil, "\(what)")
        #expect(Self.splitRead(text) == nil)
    }

    @Test func noCutWithoutAnArrayPastTheMiddle() {
        var text = "<plist><dict>\n"
        for index in 0..<500 { text += "<key>k\(index)</key><string>v</string>\n" }
        text += "</dict></plist>\n"
        #expect(Array(text.utf8).withUnsafeBufferPointer { XMLSplit.find(in: $0, depthLimit: 200) } == nil)
    }

    /// Malformed input anywhere: the split read gives up and the whole read reports the problem
    /// at its place, as it would have anyway.
    @Test func malformedSecondPartFallsBackToTheWholeRead() throws {
        let text = Self.document().replacingOccurrences(of: "<string>Ünïcödé</string>", with: "<string>Ünïcödé</strin>")
        #expect(Self.splitRead(text) == nil)
        var reader = XMLPlistReader(file: "big.plist", depthLimit: 200)
        reader.splitThreshold = 0
        let error = #expect(throws: PropertyListError.self) { try reader.read(Array(text.utf8)) }
        let wholeError = #expect(throws: PropertyListError.self) { try Self.wholeRead(text) }
        #expect(error == wholeError)
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("</strin>") }
        #expect(error?.location.line == line.map { $0 + 1 })
    }

    /// Markup libxml2 holds back before the cut, waiting for more input (a `&` waiting for the
    /// `;` of its reference), is no part of a first part that stops there: the split read gives
    /// up and the whole read reports the error (found by fuzzing).
    @Test(arguments: ["&&&", "&#65", "&name"])
    func heldBackMarkupBeforeTheCutFallsBack(_ markup: String) throws {
        // No `;` anywhere: libxml2 waits for one until the input ends.
        var text = "<plist version=\"1.0\">\n<array>\n\t<integer>0</integer>\n\(markup)\n"
        for index in 1..<400 { text += "\t<integer>\(index)</integer>\n" }
        text += "</array>\n</plist>\n"
        #expect(throws: PropertyListError.self) { try Self.wholeRead(text) }
        #expect(Array(text.utf8).withUnsafeBufferPointer { XMLSplit.find(in: $0, depthLimit: 200) } != nil)
        #expect(Self.splitRead(text) == nil)
    }

    @Test func depthLimitHoldsInTheSecondPart() throws {
        // Nesting that passes the limit only after the cut: both reads refuse it.
        let deep = String(repeating: "<array>", count: 5) + String(repeating: "</array>", count: 5)
        let text = Self.document(tail: "\t<key>Deep</key>\n\t\(deep)\n")
        #expect(throws: PropertyListError.self) { try Self.wholeRead(text, depthLimit: 5) }
        #expect(Self.splitRead(text, depthLimit: 5) == nil)
        Self.expectSame(try #require(Self.splitRead(text, depthLimit: 6)), try Self.wholeRead(text, depthLimit: 6))
    }

    /// The two parts on two threads, by libxml2 and natively: the first part waits for the scan
    /// (which a busy machine may delay past where the first part needs the cut), so the split
    /// read runs every time and is joined.
    @Test(arguments: [false, true])
    func concurrentReadEqualsWholeRead(natively: Bool) throws {
        let text = Self.document()
        let whole = try Self.wholeRead(text)
        var reader = XMLPlistReader(file: "big.plist", depthLimit: 200)
        reader.firstPartWaitsForCut = true
        let split = try #require(reader.readInTwoParts(Array(text.utf8), concurrently: true, natively: natively))
        Self.expectSame(split, whole)
    }

    /// Without waiting, the first part gives up when the scan is late: whichever happens, the
    /// reader's result is the whole read's.
    @Test func theReaderGivesTheWholeReadsResultWhateverTheTiming() throws {
        let text = Self.document()
        var reader = XMLPlistReader(file: "big.plist", depthLimit: 200)
        reader.splitThreshold = 0
        Self.expectSame(try reader.read(Array(text.utf8)), try Self.wholeRead(text))
    }

    @Test func handoffNeverWaits() throws {
        let text = Self.document()
        let cut = try #require(Array(text.utf8).withUnsafeBufferPointer { XMLSplit.find(in: $0, depthLimit: 200) })
        // The first part claims before the scan is done: the split is abandoned on both sides.
        let early = CutHandoff()
        #expect(early.claim() == nil)
        #expect(early.publish(cut) == false)
        // The scan is done first: the first part gets the cut.
        let late = CutHandoff()
        #expect(late.publish(cut))
        #expect(late.claim() == cut)
        // No cut: the first part stops at once.
        let none = CutHandoff()
        #expect(none.publish(nil) == false)
        #expect(none.givenUp)
        #expect(none.claim() == nil)
        // A part gives up: the other stops at its next look, and a late scan is not used.
        let failing = CutHandoff()
        #expect(!failing.givenUp)
        failing.abandon()
        #expect(failing.givenUp)
        #expect(failing.publish(cut) == false)
        #expect(failing.claim() == nil)
    }
}
