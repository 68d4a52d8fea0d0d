import AppBundle
import PropertyList
import UniformTypes

/// Finds identifiers that are not spelled as identifiers: empty, with whitespace or invisible
/// characters, punctuation other than `-` and `.`, empty components, or (a warning) non-ASCII
/// letters. Whitespace and invisible characters get a fix-it that removes them.
public struct InvalidIdentifierSyntax: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "UTI-001",
        name: "invalid-identifier-syntax",
        summary: "A type identifier has characters identifiers may not have",
        rationale: """
            Identifiers are reverse-DNS strings of ASCII letters, digits, '-' and '.' (the current \
            article); the archived guide also allowed characters above U+007F, so non-ASCII letters \
            are a warning and everything else an error. Whitespace, often invisible (a trailing \
            space, a zero-width space pasted with the text), makes a different identifier that \
            nothing declares.
            """,
        sources: [
            "Defining file and data types for your app (S5)", "Uniform Type Identifier Concepts (S3)",
            "info-plist-rules.md §2.1",
        ],
        severity: .error,
        triggeringExamples: [
            Example(
                """
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        ↓<string>com.example.sketch_file</string>
                        <key>UTTypeConformsTo</key>
                        <array>
                            ↓<string>public.data </string>
                        </array>
                    </dict>
                </array>
                """,
                expecting: [
                    .error(
                        "type identifier 'com.example.sketch_file' contains '_'; identifiers may hold only ASCII letters, digits, '-' and '.'"
                    ), .error("type identifier 'public.data ' ends with whitespace (U+0020)"),
                ],
                corrected: """
                    <key>UTExportedTypeDeclarations</key>
                    <array>
                        <dict>
                            <key>UTTypeIdentifier</key>
                            <string>com.example.sketch_file</string>
                            <key>UTTypeConformsTo</key>
                            <array>
                                <string>public.data</string>
                            </array>
                        </dict>
                    </array>
                    """),
            Example(
                """
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        ↓<string> com.example.lead</string>
                    </dict>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        ↓<string>com.example.two words</string>
                    </dict>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        ↓<string>com.example.café</string>
                    </dict>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        ↓<string>com.example..doubled</string>
                    </dict>
                </array>
                """,
                expecting: [
                    .error("type identifier ' com.example.lead' starts with whitespace (U+0020)"),
                    .error("type identifier 'com.example.two words' contains whitespace (U+0020)"),
                    .warning(
                        "type identifier 'com.example.café' contains non-ASCII 'é' (U+00E9); Apple's current documentation allows only ASCII letters, digits, '-' and '.'"
                    ),
                    .error(
                        "type identifier 'com.example..doubled' has an empty component (a leading, trailing or doubled '.')"
                    ),
                ],
                corrected: """
                    <key>UTExportedTypeDeclarations</key>
                    <array>
                        <dict>
                            <key>UTTypeIdentifier</key>
                            <string>com.example.lead</string>
                        </dict>
                        <dict>
                            <key>UTTypeIdentifier</key>
                            <string>com.example.two words</string>
                        </dict>
                        <dict>
                            <key>UTTypeIdentifier</key>
                            <string>com.example.café</string>
                        </dict>
                        <dict>
                            <key>UTTypeIdentifier</key>
                            <string>com.example..doubled</string>
                        </dict>
                    </array>
                    """),
            // An empty supertype.
            Example(
                """
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.sketch</string>
                        <key>UTTypeConformsTo</key>
                        <array>
                            ↓<string></string>
                        </array>
                    </dict>
                </array>
                """, expecting: [.error("type identifier is empty")]),
        ],
        nonTriggeringExamples: [
            Example(
                """
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.sketch-file</string>
                        <key>UTTypeConformsTo</key>
                        <array>
                            <string>public.data</string>
                        </array>
                    </dict>
                </array>
                """)
        ])

    /// A rule value.
    public init() {}

    /// Checks every declared and referenced identifier.
    public func check(_ context: LintContext) -> [Diagnostic] {
        // Nearly every identifier is plainly spelled: the context lists the references that are not.
        var diagnostics = context.unusualReferenceFindings { identifier, _ in
            identifier.value.isPlainlySpelled ? nil : finding(identifier.value, at: identifier.location)
        }
        for plist in context.infoPlists {
            for declarations in [plist.exportedTypes, plist.importedTypes] {
                for declaration in declarations where !declaration.identifier.isPlainlySpelled {
                    if let found = finding(declaration.identifier, at: declaration.identifierLocation) {
                        diagnostics.append(found)
                    }
                }
            }
        }
        return diagnostics
    }

    /// The finding for `identifier` written at `location`, if its spelling has a problem. Callers
    /// first test that it is not plainly spelled, where it is read, without copying it.
    private func finding(_ identifier: UniformTypeIdentifier, at location: SourceLocation?) -> Diagnostic? {
        guard let location, !identifier.hasBuildSettingReference else { return nil }
        // The spelling problems, with their messages; the domain ones are other rules'.
        let problems = identifier.syntaxFindings().compactMap { finding in
            Message.problem(finding.problem, identifier).map { (problem: finding.problem, message: $0) }
        }
        guard let first = problems.first else { return nil }
        let severity: Severity = problems.allSatisfy { $0.problem.isNonASCII } ? .warning : .error
        var fixIt: FixIt?
        let cleaned = Self.cleaned(identifier.rawValue)
        if cleaned != identifier.rawValue, !cleaned.isEmpty, !UniformTypeIdentifier(cleaned).hasSyntaxProblem {
            fixIt = FixIt(Message.fixIt(cleaned), changes: [.replaceString(at: location, with: cleaned)])
        }
        return diagnostic(first.message, at: location, severity: severity, fixIt: fixIt)
    }

    /// `text` without invisible characters anywhere and without whitespace at either end.
    static func cleaned(_ text: String) -> String {
        let invisible: Set<UInt32> = [0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0x180E]
        let visible = text.unicodeScalars.filter { !invisible.contains($0.value) }
        let scalars = Array(visible)
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}

extension IdentifierFinding.Problem {
    /// Whether this is the warning-only non-ASCII case.
    var isNonASCII: Bool {
        if case .nonASCIICharacter = self { return true }
        return false
    }
}

private enum Message {
    /// The message for a spelling problem; nil for a reserved domain (UTI-002's) and
    /// 'public.package' (DOC-015's).
    static func problem(_ problem: IdentifierFinding.Problem, _ identifier: UniformTypeIdentifier) -> String? {
        let name = quoted(identifier)
        switch problem {
        case .empty: return "type identifier is empty"
        case .leadingWhitespace(let scalar):
            return message("type identifier \(name) starts with whitespace (\(code(scalar)))")
        case .trailingWhitespace(let scalar):
            return message("type identifier \(name) ends with whitespace (\(code(scalar)))")
        case .embeddedWhitespace(let scalar):
            return message("type identifier \(name) contains whitespace (\(code(scalar)))")
        case .invalidCharacter(let scalar):
            return
                message(
                    "type identifier \(name) contains \(quoted(String(scalar))); identifiers may hold only ASCII letters, digits, '-' and '.'"
                )
        case .nonASCIICharacter(let scalar):
            return
                message(
                    "type identifier \(name) contains non-ASCII \(quoted(String(scalar))) (\(code(scalar))); Apple's current documentation allows only ASCII letters, digits, '-' and '.'"
                )
        case .emptyComponent:
            return message("type identifier \(name) has an empty component (a leading, trailing or doubled '.')")
        case .reservedDomain, .publicPackage: return nil
        }
    }

    static func code(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    static func fixIt(_ cleaned: String) -> String { message("replace with \(quoted(cleaned))") }
}
