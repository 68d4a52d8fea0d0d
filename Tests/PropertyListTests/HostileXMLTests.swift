import Foundation
import PropertyList
import TestScratch
import Testing

/// Inputs written to attack an XML reader. Each is refused with a clear error naming where the
/// problem is; none is expanded, fetched or echoed.
@Suite struct HostileXMLTests {
    static let billionLaughs = """
        <?xml version="1.0"?>
        <!DOCTYPE plist [
          <!ENTITY lol "lol">
          <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
          <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
          <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
          <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
        ]>
        <plist><string>&lol9;</string></plist>
        """

    @Test func billionLaughsIsRefusedAtTheDoctype() {
        let error = readError(Self.billionLaughs)
        #expect(error?.problem == .internalSubsetRefused)
        #expect(error?.location.line == 2)
    }

    @Test func quadraticBlowupIsRefused() {
        let big = String(repeating: "x", count: 100_000)
        let references = String(repeating: "&big;", count: 10_000)
        let text =
            "<?xml version=\"1.0\"?>\n<!DOCTYPE plist [<!ENTITY big \"\(big)\">]>\n<plist><string>\(references)</string></plist>"
        let error = readError(text)
        #expect(error?.problem == .internalSubsetRefused)
        #expect(error?.location.line == 2)
    }

    @Test func entitiesInAttributeValuesAreRefused() {
        let declared =
            "<?xml version=\"1.0\"?>\n<!DOCTYPE plist [<!ENTITY v \"1.0\">]>\n<plist version=\"&v;\"><true/></plist>"
        #expect(readError(declared)?.problem == .internalSubsetRefused)
        let undeclared = readError("<plist version=\"&v;\"><true/></plist>")
        #expect(undeclared?.problem == .entityReferenceRefused("v"))
        #expect(position(undeclared?.location) == "1:17")
    }

    @Test func externalEntitiesAndDTDsAreNeverLoaded() throws {
        // A local file that would define the entity if it were read.
        let directory = try Scratch.folder("dtd")
        let dtd = directory.appendingPathComponent("evil.dtd")
        try Data("<!ENTITY secret \"SECRET-FROM-DISK\">".utf8).write(to: dtd)
        for systemID in [dtd.path, "file://\(dtd.path)", "http://127.0.0.1:9/evil.dtd"] {
            let text =
                "<?xml version=\"1.0\"?>\n<!DOCTYPE plist SYSTEM \"\(systemID)\">\n<plist><string>&secret;</string></plist>"
            let error = readError(text)
            #expect(error != nil, "\(systemID)")
            #expect(error?.description.contains("SECRET-FROM-DISK") == false)
        }
        // An external parameter entity in an internal subset is refused with the subset.
        let parameter = "<?xml version=\"1.0\"?>\n<!DOCTYPE plist [<!ENTITY % p SYSTEM \"\(dtd.path)\"> %p;]>\n<plist/>"
        #expect(readError(parameter)?.problem == .internalSubsetRefused)
    }

    /// A UTF-16 document: the text's code units in the byte order asked for, after a byte-order
    /// mark when `mark`, with `extra` code units spliced in where `@` stands in `text`.
    static func utf16(_ text: String, extra: [UInt16] = [], bigEndian: Bool, mark: Bool = true) -> [UInt8] {
        var units: [UInt16] = mark ? [0xFEFF] : []
        for unit in text.utf16 {
            if unit == 0x40 { units += extra } else { units.append(unit) }
        }
        return units.flatMap { bigEndian ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    }

    static let utf16Plist =
        "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<plist version=\"1.0\"><string>ab@x</string></plist>\n"

    func errorReading(bytes: [UInt8]) -> PropertyListError? {
        do {
            _ = try parse(bytes: bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [true, false])
    func unpairedUTF16SurrogatesAreLocatedByLineAndCharacter(bigEndian: Bool) {
        let high = errorReading(bytes: Self.utf16(Self.utf16Plist, extra: [0xD800], bigEndian: bigEndian))
        #expect(high?.problem == .invalidEncoding("unpaired UTF-16 surrogate 0xD800"))
        #expect(position(high?.location) == "2:32")
        let low = errorReading(
            bytes: Self.utf16(Self.utf16Plist, extra: [0xD83D, 0xDE00, 0xDC00], bigEndian: bigEndian, mark: false))
        #expect(low?.problem == .invalidEncoding("unpaired UTF-16 surrogate 0xDC00"))
        // The emoji before it is one character.
        #expect(position(low?.location) == "2:33")
    }

    @Test func utf16EndingInTheMiddleOfACharacterIsRefused() {
        let bytes = Self.utf16(Self.utf16Plist, bigEndian: false).dropLast()
        #expect(
            errorReading(bytes: Array(bytes))?.problem
                == .invalidEncoding("UTF-16 text ends in the middle of a character"))
    }

    @Test func wellFormedUTF16WithASurrogatePairReads() throws {
        let document = try parse(bytes: Self.utf16(Self.utf16Plist, extra: [0xD83D, 0xDE00], bigEndian: true))
        #expect(document.root.string == "ab😀x")
    }

    @Test func textLibxml2CannotConvertIsAnEncodingErrorNotNoise() {
        // Shift_JIS with a byte pair that is not a character: libxml2 2.9–2.11 say so only on
        // their generic error channel, later releases through the error handler; utiscope
        // captures both instead of letting them reach standard error, and says where it cannot
        // tell (libxml2 converts ahead of the parser).
        let bytes =
            Array("<?xml version=\"1.0\" encoding=\"Shift_JIS\"?>\n<plist version=\"1.0\"><string>ab".utf8)
            + [0x81, 0x20, 0xFF, 0xFE] + Array("</string></plist>\n".utf8)
        let error = errorReading(bytes: bytes)
        #expect(error?.problem == .invalidEncoding("bytes that are not valid 'Shift_JIS' text"))
        #expect(position(error?.location) == "-:-")
    }

    @Test func xincludeIsAnUnknownElement() {
        let text = """
            <plist xmlns:xi="http://www.w3.org/2001/XInclude">
            <array><xi:include href="/etc/passwd" parse="text"/></array>
            </plist>
            """
        let error = readError(text)
        #expect(error?.problem == .unknownElement("include"))
        #expect(position(error?.location) == "2:8")
    }

    @Test(arguments: ["&#0;", "&#xFFFFFFFF;", "&#99999999999999999999;", "&#xD800;", "&#;", "&#x;"])
    func invalidCharacterReferencesAreRefused(reference: String) {
        let error = readError("<plist><string>a\(reference)b</string></plist>")
        guard case .xmlSyntax? = error?.problem else {
            Issue.record("expected an XML error for \(reference), got \(String(describing: error))")
            return
        }
        #expect(error?.location.line == 1)
    }

    @Test func truncatedAndEmptyInputs() {
        #expect(readError("")?.problem == .emptyInput)
        #expect(readError("   \n\t ")?.problem == .emptyInput)
        let full = xmlPlist("<dict><key>a</key><array><string>x</string></array></dict>")
        // Every prefix of a document is refused, never accepted as a partial result.
        for length in stride(from: 1, to: full.utf8.count - 1, by: 7) {
            let prefix = String(decoding: Array(full.utf8.prefix(length)), as: UTF8.self)
            if prefix.allSatisfy(\.isWhitespace) { continue }
            #expect(readError(prefix) != nil, "prefix of \(length) bytes was accepted")
        }
    }

    @Test func invalidUTF16IsRefused() {
        // A byte-order mark, then a lone high surrogate inside the string.
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in Array("<plist><string>".utf16) + [0xD800] + Array("</string></plist>".utf16) {
            bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        }
        #expect(throws: PropertyListError.self) { try parse(bytes: bytes) }
        // An odd number of bytes after the BOM.
        #expect(throws: PropertyListError.self) { try parse(bytes: [0xFF, 0xFE, 0x3C, 0x00, 0x70]) }
    }

    @Test func hugeIdentifiersAndControlCharactersAreEscapedInMessages() {
        let long = String(repeating: "a", count: 10_000)
        let error = readError("<plist><\(long)/></plist>")
        #expect(error?.problem == .unknownElement(long))
        let bidi = readError(xmlPlist("<dict><key>a\u{202E}b</key></dict>"))
        #expect(bidi?.problem == .keyWithoutValue("a\\u{202E}b"))
        #expect(bidi?.description.contains("\u{202E}") == false)
    }

    @Test func deepNestingInEveryContainerKind() {
        for open in ["<array>", "<dict><key>k</key>"] {
            let text = xmlPlist(String(repeating: open, count: 100_000))
            #expect(readError(text)?.problem == .nestingTooDeep(limit: 200), "\(open)")
        }
    }
}
