import AppBundle
import PropertyList
import Support
import UniformTypes

/// Looks at the shape of `UTTypeTagSpecification`: tag classes the system drops (a warning, with
/// the class meant), tags given as a lone string (an info: read as a one-element array), and
/// macOS-only tag classes in an iOS app (an info).
public struct TagSpecificationForm: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "UTI-014",
        name: "tag-specification-form",
        summary: "A tag specification uses an unknown tag class, a lone string, or a class the platform lacks",
        rationale: """
            UTTypeTagSpecification maps tag classes to tags. The system keeps the standard classes \
            (public.filename-extension, public.mime-type, com.apple.ostype, com.apple.nspboard-type) \
            and drops others, so a misspelt class loses its tags: a warning. A string value is \
            normalised to a one-element array (an info), and the OSType and pasteboard classes do \
            not exist on iOS (an info).
            """,
        sources: [
            "UTType.h, tags property (S7)", "UTType.h legacy tag classes (S8)",
            "Declaring New Uniform Type Identifiers (S4)",
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
                            ↓<key>public.filename-extensions</key>
                            <array>
                                <string>sketch</string>
                            </array>
                            <key>public.mime-type</key>
                            ↓<string>application/x-sketch</string>
                        </dict>
                    </dict>
                </array>
                """,
                expecting: [
                    .warning(
                        "tag class 'public.filename-extensions' is not one the system knows; its tags are dropped; did you mean 'public.filename-extension'?"
                    ),
                    .info(
                        "tags of 'public.mime-type' are given as a string; the system reads it as a one-element array"),
                ]),
            Example(
                """
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.model</string>
                        <key>UTTypeTagSpecification</key>
                        <dict>
                            ↓<key>com.apple.device-model-code</key>
                            <array>
                                <string>X1</string>
                            </array>
                            ↓<key>com.apple.ostype</key>
                            <array>
                                <string>MODL</string>
                            </array>
                        </dict>
                    </dict>
                </array>
                """, platform: .iOS,
                expecting: [
                    .info(
                        "tag class 'com.apple.device-model-code' is one the system's own declarations use for hardware models; apps have no use for it"
                    ), .info("tag class 'com.apple.ostype' does not exist on iOS"),
                ]),
            // Pasteboard types do not exist on iOS either; a class with no near spelling.
            Example(
                """
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.sketch</string>
                        <key>UTTypeTagSpecification</key>
                        <dict>
                            ↓<key>com.apple.nspboard-type</key>
                            <array>
                                <string>SketchPboardType</string>
                            </array>
                            ↓<key>extension</key>
                            <array>
                                <string>sketch</string>
                            </array>
                        </dict>
                    </dict>
                </array>
                """, platform: .iOS,
                expecting: [
                    .info("tag class 'com.apple.nspboard-type' does not exist on iOS"),
                    .warning("tag class 'extension' is not one the system knows; its tags are dropped"),
                ]),
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
                            </array>
                        </dict>
                    </dict>
                </array>
                """)
        ])

    /// The tag classes the system keeps.
    static let standardClasses = [
        "public.filename-extension", "public.mime-type", "com.apple.ostype", "com.apple.nspboard-type",
    ]

    /// Tag classes only the system's own declarations use (CoreTypes maps hardware model codes
    /// with it); kept by the system, but nothing an app declares.
    static let systemClasses = ["com.apple.device-model-code"]

    /// A rule value.
    public init() {}

    /// Checks each declaration's tag specification as written.
    public func check(_ context: LintContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for plist in context.infoPlists {
            // A binary plist stores equal objects once: a tag specification two declarations share
            // is one object, whose own key path is its first use's. Findings are placed on the
            // path through the declaration they were reached from.
            let shares = plist.document?.format == .binary
            LintContext.forEachDeclaration(of: plist) { declaration in
                guard let location = declaration.tagsLocation, let specification = plist.value(at: location),
                    specification.kind == .dictionary
                else { return }
                let specificationPath = declaration.location.map {
                    $0.keyPath.appending(.key("UTTypeTagSpecification"))
                }
                func reached(_ location: SourceLocation, _ key: String) -> SourceLocation {
                    guard shares, let specificationPath else { return location }
                    var placed = location
                    placed.keyPath = specificationPath.appending(.key(key))
                    return placed
                }
                for (key, value) in specification.entries {
                    // The key's bytes are compared with the classes' (as CoreFoundation compares
                    // keys); a string of it is made only for an unknown class.
                    if let systemClass = Self.systemClasses.first(where: { key.keyEquals($0) }) {
                        diagnostics.append(
                            diagnostic(
                                Message.systemClass(systemClass), at: reached(key.location, key.text), severity: .info))
                        continue
                    }
                    guard let tagClass = Self.standardClasses.first(where: { key.keyEquals($0) }) else {
                        let unknown = key.text
                        let suggestion = Suggestions.closest(to: unknown, in: Self.standardClasses)
                        diagnostics.append(
                            diagnostic(
                                Message.unknownClass(unknown, suggestion: suggestion),
                                at: reached(key.location, unknown)))
                        continue
                    }
                    if value.kind == .string {
                        diagnostics.append(
                            diagnostic(Message.string(tagClass), at: reached(value.location, tagClass), severity: .info)
                        )
                    }
                    if context.platform == .iOS, tagClass == "com.apple.ostype" || tagClass == "com.apple.nspboard-type"
                    {
                        diagnostics.append(
                            diagnostic(
                                Message.macOSOnly(tagClass), at: reached(key.location, tagClass), severity: .info))
                    }
                }
            }
        }
        return diagnostics
    }
}

private enum Message {
    static func unknownClass(_ tagClass: String, suggestion: String?) -> String {
        let hint = suggestion.map { message("; did you mean \(quoted($0))?") } ?? ""
        return message("tag class \(quoted(tagClass)) is not one the system knows; its tags are dropped\(hint)")
    }

    static func string(_ tagClass: String) -> String {
        message("tags of '\(tagClass)' are given as a string; the system reads it as a one-element array")
    }

    static func systemClass(_ tagClass: String) -> String {
        message(
            "tag class \(quoted(tagClass)) is one the system's own declarations use for hardware models; apps have no use for it"
        )
    }

    static func macOSOnly(_ tagClass: String) -> String { message("tag class '\(tagClass)' does not exist on iOS") }
}
