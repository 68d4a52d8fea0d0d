import CLibXML2
import Testing

@testable import PropertyList

/// libxml2's errors are taken by their numbers and worded by the reader: the same document gets
/// the same message and place whichever libxml2 release reads it and whichever channel the
/// error comes through. Nothing here pins libxml2's own wording.
@Suite struct LibXMLErrorTests {
    struct Row: CustomTestStringConvertible, Sendable {
        var domain: Int32
        var code: Int32
        var kind: LibXMLError.Kind
        var why: String
        var testDescription: String { "\(domain)/\(code): \(why)" }
    }

    /// How each error the reader tells apart is classified, with the release and channel it
    /// comes from there.
    static let table: [Row] = [
        Row(domain: 27, code: 6003, kind: .invalidText, why: "failed conversion on 2.9–2.11's generic channel"),
        Row(domain: 8, code: 1544, kind: .invalidText, why: "XML_IO_ENCODER after it, same channel"),
        Row(domain: 1, code: 81, kind: .invalidText, why: "failed conversion, 2.12's error handler"),
        Row(domain: 8, code: 81, kind: .invalidText, why: "failed conversion or malformed UTF-8, 2.13 on"),
        Row(domain: 1, code: 9, kind: .invalidCharacter, why: "malformed UTF-8 or a character XML refuses"),
        Row(domain: 1, code: 32, kind: .unsupportedEncoding, why: "declared encoding without a converter"),
        Row(domain: 1, code: 31, kind: .unsupportedEncoding, why: "unknown encoding"),
        Row(domain: 27, code: 6001, kind: .unsupportedEncoding, why: "XML_I18N_NO_HANDLER"),
        Row(domain: 1, code: 26, kind: .undeclaredEntity, why: "undeclared entity, an error"),
        Row(domain: 1, code: 27, kind: .undeclaredEntity, why: "undeclared entity, a warning in 2.13"),
        Row(domain: 1, code: 76, kind: .mismatchedEndTag, why: "end tag of another name"),
        Row(domain: 8, code: 1549, kind: .refusedLoad, why: "an I/O error: something to load"),
        Row(domain: 1, code: 1, kind: .libxml2Failure("libxml2 stopped with an internal error"), why: "internal"),
        Row(domain: 1, code: 2, kind: .libxml2Failure("libxml2 ran out of memory"), why: "no memory"),
        Row(domain: 1, code: 114, kind: .libxml2Failure("a libxml2 limit was reached"), why: "2.13's limit"),
        Row(
            domain: 1, code: 5, kind: .syntax("content after the root element"),
            why: "extra content (2.9 also raises it when the input ends early; the reader checks)"),
        Row(domain: 1, code: 73, kind: .syntax("tag without its '>'"), why: "'>' required"),
        Row(
            domain: 1, code: 68, kind: .syntax("'<' or '&' not followed by a name (write '&lt;' or '&amp;' in text)"),
            why: "a name required after '<' or '&'"),
        Row(domain: 3, code: 201, kind: .syntax("namespace prefix not declared"), why: "namespace domain"),
        Row(domain: 1, code: 9999, kind: .syntax("not well-formed XML (libxml2 error 9999)"), why: "a code to come"),
    ]

    @Test(arguments: table) func errorsAreClassifiedByDomainAndCode(_ row: Row) {
        #expect(LibXMLError(domain: row.domain, code: row.code).kind == row.kind)
    }

    @Test func theCodesAreThoseOfTheHeadersCompiledHere() {
        typealias Code = LibXMLError.Code
        // Every code the reader names that exists in every supported release (2.9–2.15).
        let pairs: [(Int32, xmlParserErrors)] = [
            (Code.internalError, XML_ERR_INTERNAL_ERROR), (Code.noMemory, XML_ERR_NO_MEMORY),
            (Code.documentEnd, XML_ERR_DOCUMENT_END), (Code.invalidCharacter, XML_ERR_INVALID_CHAR),
            (Code.undeclaredEntity, XML_ERR_UNDECLARED_ENTITY),
            (Code.undeclaredEntityWarning, XML_WAR_UNDECLARED_ENTITY),
            (Code.unknownEncoding, XML_ERR_UNKNOWN_ENCODING),
            (Code.unsupportedEncoding, XML_ERR_UNSUPPORTED_ENCODING),
            (Code.nameRequired, XML_ERR_NAME_REQUIRED), (Code.greaterThanRequired, XML_ERR_GT_REQUIRED),
            (Code.endTagRequired, XML_ERR_LTSLASH_REQUIRED), (Code.tagNameMismatch, XML_ERR_TAG_NAME_MISMATCH),
            (Code.tagNotFinished, XML_ERR_TAG_NOT_FINISHED), (Code.encodingName, XML_ERR_ENCODING_NAME),
            (Code.invalidEncoding, XML_ERR_INVALID_ENCODING), (Code.versionMissing, XML_ERR_VERSION_MISSING),
            (Code.unknownVersion, XML_ERR_UNKNOWN_VERSION), (Code.nameTooLong, XML_ERR_NAME_TOO_LONG),
            (Code.userStop, XML_ERR_USER_STOP), (Code.undefinedNamespace, XML_NS_ERR_UNDEFINED_NAMESPACE),
            (Code.ioEncoder, XML_IO_ENCODER), (Code.noHandler, XML_I18N_NO_HANDLER),
            (Code.conversionFailed, XML_I18N_CONV_FAILED),
        ]
        for (ours, theirs) in pairs {
            #expect(ours == Int32(theirs.rawValue), "\(ours)")
        }
        #expect(LibXMLError.Domain.parser == Int32(XML_FROM_PARSER.rawValue))
        #expect(LibXMLError.Domain.namespace == Int32(XML_FROM_NAMESPACE.rawValue))
        #expect(LibXMLError.Domain.io == Int32(XML_FROM_IO.rawValue))
        #expect(LibXMLError.Domain.i18n == Int32(XML_FROM_I18N.rawValue))
    }

    struct Input: CustomTestStringConvertible, Sendable {
        var name: String
        var bytes: [UInt8]
        var problem: PropertyListProblem
        var position: String
        var testDescription: String { name }
    }

    /// Real documents, each with the message and place the reader gives whatever libxml2 says.
    static let inputs: [Input] = [
        Input(
            name: "malformed UTF-8",
            bytes: Array("<plist>\n<string>a".utf8) + [0xE2, 0x28, 0xA1] + Array("</string></plist>".utf8),
            problem: .invalidEncoding("byte 0xE2 does not start a valid UTF-8 sequence"), position: "2:10"),
        Input(
            name: "a failed conversion",
            bytes: Array("<?xml version=\"1.0\" encoding=\"Shift_JIS\"?>\n<plist><array>".utf8)
                + Array(repeating: Array("<string>abcdefghij</string>\n".utf8), count: 40).joined()
                + [0x81, 0x20] + Array("</array></plist>".utf8),
            problem: .invalidEncoding("bytes that are not valid 'Shift_JIS' text"), position: "-:-"),
        Input(
            name: "an encoding libxml2 has no converter for",
            bytes: Array("<?xml version=\"1.0\" encoding=\"X-UTISCOPE\"?>\n<plist><true/></plist>".utf8),
            problem: .invalidEncoding("libxml2 cannot read 'X-UTISCOPE' text"), position: "1:*"),
        Input(
            name: "truncated in a tag", bytes: Array("<plist>\n  <dict>\n    <key>a</key>\n    <string>b</str".utf8),
            problem: .truncated("it ends inside <string>"), position: "4:19"),
        Input(
            name: "truncated after a value", bytes: Array("<plist>\n<array>\n<true/>\n\n".utf8),
            problem: .truncated("it ends inside <array>"), position: "3:8"),
        Input(
            name: "truncated in text", bytes: Array("<plist><string>abc".utf8),
            problem: .truncated("it ends inside <string>"), position: "1:19"),
        Input(
            name: "undeclared entity", bytes: Array("<plist>\n  <string>x &amp; &nope; y</string>\n</plist>".utf8),
            problem: .entityReferenceRefused("nope"), position: "2:19"),
        Input(
            name: "undeclared entity in an attribute", bytes: Array("<plist version=\"&v;\"><true/></plist>".utf8),
            problem: .entityReferenceRefused("v"), position: "1:17"),
        Input(
            name: "mismatched end tag", bytes: Array("<plist>\n<array>\n  <string>a</strin>\n</array></plist>".utf8),
            problem: .xmlSyntax("end tag does not match the start tag <string>"), position: "3:12"),
        Input(
            name: "mismatched end tag across lines",
            bytes: Array("<plist>\n<array>\n  <string>a</array\n  >\n</plist>".utf8),
            problem: .xmlSyntax("end tag does not match the start tag <string>"), position: "3:12"),
        Input(
            name: "a bare '&' is not a truncation though the parser meets it at the end",
            bytes: Array("<plist><string>a & b</string></plist>".utf8),
            problem: .xmlSyntax("'<' or '&' not followed by a name (write '&lt;' or '&amp;' in text)"), position: "1:*"),
    ]

    @Test(arguments: inputs) func realInputsGetTheReadersMessageAndPlace(_ input: Input) {
        // libxml2 reads them: the native scan (which reports nothing) gives up on each.
        var reader = XMLPlistReader(file: "test.plist", depthLimit: 200)
        reader.nativeScan = false
        var error: PropertyListError?
        do {
            _ = try reader.read(input.bytes)
        } catch let thrown {
            error = thrown
        }
        #expect(error?.problem == input.problem)
        let place = position(error?.location)
        if input.position.hasSuffix(":*") {
            // Only the line: libxml2's column for these differs between releases.
            #expect(place.hasPrefix(String(input.position.dropLast())), "\(place)")
        } else {
            #expect(place == input.position)
        }
    }

    @Test func everyMessageIsTheReaders() {
        // Whatever libxml2 raises, the text shown comes from the reader's own table.
        let broken = [
            "<plist><string>a</string></plist><x/>", "<plist><string a>x</string></plist>",
            "<plist><string>a <!-- -- --> b</string></plist>", "<plist><string>&#0;</string></plist>",
            "<plist><string>]]></string></plist>", "<plist><string>a < b</string></plist>",
            "<plist><string>a\u{1}</string></plist>", "<?xml version=\"2.0\"?><plist/>", "text<plist/>",
            "<plist a=\"1\" a=\"2\"/>", "<plist><x:y/></plist>", "<plist><string>&#xZZ;</string></plist>",
        ]
        var ours = Set(
            (0...2000).compactMap { code -> String? in
                guard case .syntax(let message) = LibXMLError(domain: 1, code: Int32(code)).kind else { return nil }
                return message
            })
        ours.insert(LibXMLError.disallowedCharacter)
        for text in broken {
            var reader = XMLPlistReader(file: "test.plist", depthLimit: 200)
            reader.nativeScan = false
            do {
                _ = try reader.read(Array(text.utf8))
                Issue.record("read: \(text)")
            } catch {
                guard case .xmlSyntax(let message) = error.problem else { continue }
                #expect(ours.contains(message), "\(text): \(message)")
            }
        }
    }
}
