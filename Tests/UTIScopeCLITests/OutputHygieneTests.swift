import Foundation
import Testing
import UTIScopeCLI

/// No control character (other than newline and tab as structure), DEL, C1 control, or invisible
/// or direction-changing character from input ever reaches standard output or error raw.
@Suite struct OutputHygieneTests {
    // XML 1.0 cannot hold C0 controls but tab, newline and carriage return: those come in the
    // OpenStep twin below.
    static let hostile = ["\u{7F}", "\u{85}", "\u{202E}", "\u{2066}", "\u{200B}", "\u{FEFF}", "\u{2028}", "\r"]

    static func hostilePlist() throws -> String {
        let identifier = "com.example." + hostile.joined(separator: "x")
        let long = "com.example." + String(repeating: "a", count: 10_000)
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>CFBundleIdentifier</key><string>\(identifier)</string>
            <key>CFBundleDocumentTypes</key><array><dict>
              <key>CFBundleTypeName</key><string>\(hostile.joined())</string>
              <key>LSItemContentTypes</key><array><string>\(identifier)</string><string></string><string>\(long)</string></array>
              <key>\(hostile.joined())</key><string>x</string>
            </dict></array>
            <key>UTExportedTypeDeclarations</key><array><dict>
              <key>UTTypeIdentifier</key><string>\(identifier)</string>
              <key>UTTypeConformsTo</key><array><string>\(identifier)</string><string>public.dat\u{202E}a</string></array>
              <key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key><string>\(hostile.joined())</string></dict>
            </dict></array>
            </dict></plist>
            """
        // XML cannot hold most C0 controls; keep what it can, as character references.
        let xml = text.replacingOccurrences(of: "\r", with: "&#13;")
        return try temporaryFile(xml, name: "Info.plist")
    }

    /// An OpenStep Info.plist with escape sequences and other C0 controls in its strings.
    static func openStepPlist() throws -> String {
        let text = #"""
            {
              CFBundleIdentifier = "com.example.\033[31mred\007";
              CFBundleDocumentTypes = ( { CFBundleTypeName = "\033]0;title\007"; LSItemContentTypes = ( "public.\010data" ); } );
              UTExportedTypeDeclarations = ( { UTTypeIdentifier = "com.example.\033[2J"; UTTypeConformsTo = "public.data"; } );
            }
            """#
        return try temporaryFile(text, name: "Info.plist")
    }

    static func isRaw(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: return false
        case 0x00...0x1F, 0x7F...0x9F, 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x2064, 0x2066...0x2069, 0xFEFF:
            return true
        default: return false
        }
    }

    @Test func commandsEscapeWhatTheyQuote() throws {
        let path = try Self.hostilePlist()
        let identifier = "com.example." + Self.hostile.joined(separator: "x")
        let runs: [[String]] = [
            ["app", path], ["app", "--format", "json", path], ["dump", path], ["dump", "--format", "text", path],
            ["type", "--app", path, identifier], ["type", "--app", path, "--format", "json", identifier],
            ["type", "--app", path, "--extension", Self.hostile.joined()], ["graph", "--app", path],
            ["graph", "--app", path, "--format", "mermaid"], ["graph", "--app", path, "--format", "json"],
            ["type", identifier], ["dump", "--\u{202E}"], ["\u{1B}[2J"],
        ]
        let openStep = try Self.openStepPlist()
        // The input really holds the escape character, and it is shown escaped.
        #expect(utiscope("dump", "--format", "text", openStep).output.contains("\\u{1B}[31mred\\u{7}"))
        let more: [[String]] = [
            ["app", openStep], ["app", "--format", "json", openStep], ["dump", openStep],
            ["dump", "--format", "text", openStep],
            ["dump", "--format", "xml", openStep], ["type", "--app", openStep, "com.example.\u{1B}[2J"],
            ["graph", "--app", openStep], ["graph", "--app", openStep, "--format", "mermaid"],
        ]
        // Every lint format, and the document-browser questions, over both files. (A dry run's
        // diff is data, byte for byte as the file would be: escaped only on a terminal,
        // UnifiedDiffTests.)
        let questions: [[String]] = [path, openStep].flatMap { file in
            [
                ["lint", file], ["lint", "--verbose", "--color", "never", file], ["lint", "--format", "json", file],
                ["lint", "--format", "sarif", file], ["lint", "--format", "github", file],
                ["allowed", "--app", file], ["opens", "--app", file, file],
                ["icon", "--app", file, "--type", identifier], ["report", file],
            ]
        }
        for arguments in runs + more + questions {
            let result = utiscope(arguments)
            let raw = (result.output + result.errors).unicodeScalars.filter(Self.isRaw)
            #expect(raw.isEmpty, "\(arguments.prefix(2)): \(raw.map { String($0.value, radix: 16) })")
        }
    }

    @Test func jsonOutputStaysValidJSON() throws {
        let path = try Self.hostilePlist()
        let openStep = try Self.openStepPlist()
        for arguments in [
            ["app", "--format", "json", path], ["dump", path], ["graph", "--app", path, "--format", "json"],
            ["app", "--format", "json", openStep], ["dump", openStep],
        ] {
            let result = utiscope(arguments)
            #expect(result.status == .success, "\(arguments)")
            #expect((try? JSONSerialization.jsonObject(with: Data(result.output.utf8))) != nil, "\(arguments)")
        }
    }
}
