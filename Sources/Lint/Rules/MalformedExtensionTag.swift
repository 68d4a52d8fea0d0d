import AppBundle
import PropertyList
import UniformTypes

/// Finds filename-extension tags written with a leading dot, a wildcard, whitespace, a path
/// separator or upper-case letters. Dots, whitespace and case get a fix-it.
public struct MalformedExtensionTag: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "UTI-012",
        name: "malformed-extension-tag",
        summary: "A filename extension has a leading dot, a wildcard, whitespace, a '/' or upper case",
        rationale: """
            Extensions are declared without the leading period. A tag '.sketch' matches files named \
            'x..sketch' only. Wildcards and path separators are not extensions (only the deprecated \
            CFBundleTypeExtensions knows '*'). Whether matching ignores case is not documented; \
            lower case is what the system's own declarations use.
            """,
        sources: [
            "Information Property List Key Reference, CFBundleTypeExtensions (S1)",
            "info-plist-rules.md §2.3.7, §4 M15, M17",
        ],
        severity: .warning,
        triggeringExamples: [
            Example(
                """
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.sketch</string>
                        <key>UTTypeTagSpecification</key>
                        <dict>
                            <key>public.filename-extension</key>
                            <array>
                                ↓<string>.sketch</string>
                                ↓<string>SKT</string>
                            </array>
                        </dict>
                    </dict>
                </array>
                """,
                expecting: [
                    .warning("filename extension '.sketch' starts with '.'; extensions are declared without the dot"),
                    .warning("filename extension 'SKT' has upper-case letters; declare it in lower case"),
                ],
                corrected: """
                    <key>UTExportedTypeDeclarations</key>
                    <array>
                        <dict>
                            <key>UTTypeIdentifier</key>
                            <string>com.example.sketch</string>
                            <key>UTTypeTagSpecification</key>
                            <dict>
                                <key>public.filename-extension</key>
                                <array>
                                    <string>sketch</string>
                                    <string>skt</string>
                                </array>
                            </dict>
                        </dict>
                    </array>
                    """),
            Example(
                """
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.sketch</string>
                        <key>UTTypeTagSpecification</key>
                        <dict>
                            <key>public.filename-extension</key>
                            <array>
                                <string>sketch</string>
                                ↓<string>SKETCH</string>
                                ↓<string>my sketch</string>
                                ↓<string>a/b</string>
                                ↓<string>sk*</string>
                                ↓<string>Drawing</string>
                            </array>
                        </dict>
                    </dict>
                </array>
                """,
                expecting: [
                    .warning("filename extension 'SKETCH' repeats 'sketch' in upper case; remove it"),
                    .warning("filename extension 'my sketch' contains whitespace"),
                    .warning("filename extension 'a/b' contains a '/'"),
                    .warning("filename extension 'sk*' contains a wildcard; tags are matched literally"),
                    .warning("filename extension 'Drawing' has upper-case letters; declare it in lower case"),
                ],
                corrected: """
                    <key>UTExportedTypeDeclarations</key>
                    <array>
                        <dict>
                            <key>UTTypeIdentifier</key>
                            <string>com.example.sketch</string>
                            <key>UTTypeTagSpecification</key>
                            <dict>
                                <key>public.filename-extension</key>
                                <array>
                                    <string>sketch</string>
                                    <string>SKETCH</string>
                                    <string>my sketch</string>
                                    <string>a/b</string>
                                    <string>sk*</string>
                                    <string>drawing</string>
                                </array>
                            </dict>
                        </dict>
                    </array>
                    """),
            // The deprecated 'CFBundleTypeExtensions' allows upper case and '*', not a leading dot.
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Text</string>
                        <key>CFBundleTypeExtensions</key>
                        <array>
                            ↓<string>.txt</string>
                            <string>TXT</string>
                            <string>*</string>
                        </array>
                    </dict>
                </array>
                """,
                expecting: [
                    .warning("filename extension '.txt' starts with '.'; extensions are declared without the dot")
                ],
                corrected: """
                    <key>CFBundleDocumentTypes</key>
                    <array>
                        <dict>
                            <key>CFBundleTypeName</key>
                            <string>Text</string>
                            <key>CFBundleTypeExtensions</key>
                            <array>
                                <string>txt</string>
                                <string>TXT</string>
                                <string>*</string>
                            </array>
                        </dict>
                    </array>
                    """),
        ],
        nonTriggeringExamples: [
            Example(
                """
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.sketch</string>
                        <key>UTTypeTagSpecification</key>
                        <dict>
                            <key>public.filename-extension</key>
                            <array>
                                <string>sketch</string>
                                <string>skt</string>
                            </array>
                        </dict>
                    </dict>
                </array>
                """)
        ])

    /// A rule value.
    public init() {}

    /// Checks the extension tags of every declaration, and the leading dots of legacy extensions.
    public func check(_ context: LintContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for plist in context.infoPlists {
            LintContext.forEachDeclaration(of: plist) { declaration in
                for tag in declaration.tags where tag.tagClass == .filenameExtension {
                    guard let location = tag.location, let problem = Self.problem(tag.value, legacy: false) else {
                        continue
                    }
                    // `OSF` beside `osf`: the upper-case one adds nothing (tags match regardless of case).
                    if case .upperCase = problem,
                        declaration.tags.contains(where: {
                            $0.tagClass == .filenameExtension && $0.value == tag.value.lowercased()
                        })
                    {
                        diagnostics.append(diagnostic(Message.caseTwin(tag.value), at: location))
                        continue
                    }
                    diagnostics.append(
                        diagnostic(problem.message, at: location, fixIt: Self.fixIt(tag.value, location)))
                }
            }
            for entry in plist.documentTypes {
                for tag in entry.legacyExtensions {
                    guard let location = tag.location, let problem = Self.problem(tag.value, legacy: true) else {
                        continue
                    }
                    diagnostics.append(
                        diagnostic(problem.message, at: location, fixIt: Self.fixIt(tag.value, location)))
                }
            }
        }
        return diagnostics
    }

    /// What is wrong with `tag`, if anything.
    static func problem(_ tag: String, legacy: Bool) -> Problem? {
        // The usual tag, answered byte by byte: lower-case ASCII letters, digits and `-_.+`, not
        // starting with a dot, has none of the problems below.
        if let first = tag.utf8.first, first != UInt8(ascii: "."),
            tag.utf8.allSatisfy({ byte in
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                    || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
                    || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "+")
            })
        {
            return nil
        }
        if tag.hasPrefix(".") { return .leadingDot(tag) }
        if tag.unicodeScalars.contains(where: { $0.properties.isWhitespace }) { return .whitespace(tag) }
        if tag.contains("/") { return .separator(tag) }
        if !legacy, tag.contains("*") || tag.contains("?") { return .wildcard(tag) }
        if !legacy, tag != tag.lowercased() { return .upperCase(tag) }
        return nil
    }

    /// The mechanical fix: drop leading dots and whitespace, lower-case; none when the result is
    /// empty or still wrong.
    static func fixIt(_ tag: String, _ location: SourceLocation) -> FixIt? {
        var fixed = String(tag.trimmingBlanks)
        while fixed.hasPrefix(".") { fixed.removeFirst() }
        fixed = fixed.lowercased()
        guard !fixed.isEmpty, fixed != tag, problem(fixed, legacy: false) == nil else { return nil }
        return FixIt(Message.fixIt(fixed), changes: [.replaceString(at: location, with: fixed)])
    }

    /// A problem of an extension tag.
    enum Problem {
        case leadingDot(String), whitespace(String), separator(String), wildcard(String), upperCase(String)

        var message: String {
            switch self {
            case .leadingDot(let tag): Message.leadingDot(tag)
            case .whitespace(let tag): Message.whitespace(tag)
            case .separator(let tag): Message.separator(tag)
            case .wildcard(let tag): Message.wildcard(tag)
            case .upperCase(let tag): Message.upperCase(tag)
            }
        }
    }
}

private enum Message {
    static func leadingDot(_ tag: String) -> String {
        message("filename extension \(quoted(tag)) starts with '.'; extensions are declared without the dot")
    }

    static func whitespace(_ tag: String) -> String { message("filename extension \(quoted(tag)) contains whitespace") }

    static func separator(_ tag: String) -> String { message("filename extension \(quoted(tag)) contains a '/'") }

    static func wildcard(_ tag: String) -> String {
        message("filename extension \(quoted(tag)) contains a wildcard; tags are matched literally")
    }

    static func upperCase(_ tag: String) -> String {
        message("filename extension \(quoted(tag)) has upper-case letters; declare it in lower case")
    }

    static func caseTwin(_ tag: String) -> String {
        message("filename extension \(quoted(tag)) repeats \(quoted(tag.lowercased())) in upper case; remove it")
    }

    static func fixIt(_ fixed: String) -> String { message("replace with \(quoted(fixed))") }
}
