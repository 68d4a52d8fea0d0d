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

    /// The escaped form of `text`, as the commands quote it.
    static func escaped(_ text: String) -> String {
        text.unicodeScalars.map { isRaw($0) ? "\\u{\(String($0.value, radix: 16, uppercase: true))}" : String($0) }
            .joined().replacingOccurrences(of: "\\u{D}", with: "\\r")
    }

    @Test func commandsEscapeWhatTheyQuote() throws {
        let path = try Self.hostilePlist()
        let identifier = "com.example." + Self.hostile.joined(separator: "x")
        let openStep = try Self.openStepPlist()
        let openStepIdentifier = "com.example.\u{1B}[2J"
        // Each run with the exit status it must end with: a run that fails early (a usage error
        // where none is meant) would print little and prove nothing.
        typealias Status = UTIScopeCLI.ExitStatus
        var runs: [(arguments: [String], status: Status)] = []
        func run(_ status: Status, _ arguments: String...) { runs.append((arguments, status)) }
        run(.success, "app", path)
        run(.success, "app", "--format", "json", path)
        run(.success, "dump", path)
        run(.success, "dump", "--format", "text", path)
        run(.success, "type", "--app", path, identifier)
        run(.success, "type", "--app", path, "--format", "json", identifier)
        run(.success, "type", "--app", path, "--extension", Self.hostile.joined())
        run(.success, "graph", "--app", path)
        run(.success, "graph", "--app", path, "--format", "mermaid")
        run(.success, "graph", "--app", path, "--format", "json")
        // Declared nowhere without the app: an input error that quotes it.
        run(.inputError, "type", identifier)
        run(.usage, "dump", "--\u{202E}")
        run(.usage, "\u{1B}[2J")
        run(.success, "app", openStep)
        run(.success, "app", "--format", "json", openStep)
        run(.success, "dump", openStep)
        run(.success, "dump", "--format", "text", openStep)
        // XML cannot hold the escape character: refused, and the refusal quotes it escaped.
        run(.inputError, "dump", "--format", "xml", openStep)
        run(.success, "type", "--app", openStep, openStepIdentifier)
        run(.success, "graph", "--app", openStep)
        run(.success, "graph", "--app", openStep, "--format", "mermaid")
        // The input really holds the escape character, and it is shown escaped.
        #expect(utiscope("dump", "--format", "text", openStep).output.contains("\\u{1B}[31mred\\u{7}"))
        // Every lint format, and the document-browser questions, over both files. (A dry run's
        // diff is data, byte for byte as the file would be: escaped only on a terminal,
        // UnifiedDiffTests.)
        let subjects = [
            (file: path, declared: identifier, icon: "app-icon"),
            // Declared, but no document type lists it.
            (file: openStep, declared: openStepIdentifier, icon: "generic"),
        ]
        for subject in subjects {
            let file = subject.file
            run(.findings, "lint", file)
            run(.findings, "lint", "--verbose", "--color", "never", file)
            run(.findings, "lint", "--format", "json", file)
            run(.findings, "lint", "--format", "sarif", file)
            run(.findings, "lint", "--format", "github", file)
            run(.success, "allowed", "--app", file)
            run(.success, "opens", "--app", file, file)
            run(.success, "icon", "--app", file, subject.declared)
            run(.success, "report", file)
        }
        for (arguments, status) in runs {
            let result = utiscope(arguments)
            #expect(result.status == status, "\(arguments.prefix(2)): \(result.errors)")
            let raw = (result.output + result.errors).unicodeScalars.filter(Self.isRaw)
            #expect(raw.isEmpty, "\(arguments.prefix(2)): \(raw.map { String($0.value, radix: 16) })")
        }
        // `icon` answers for the declared type, named escaped.
        for subject in subjects {
            let answer = utiscope("icon", "--app", subject.file, subject.declared).output
            #expect(answer.contains("\n\(Self.escaped(subject.declared)): \(subject.icon)\n"), "\(answer)")
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
