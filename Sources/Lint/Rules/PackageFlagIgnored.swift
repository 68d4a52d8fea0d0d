import AppBundle
import PropertyList
import UniformTypes

/// Finds `LSTypeIsPackage` beside `LSItemContentTypes`: the flag is then ignored, and package
/// documents need their type to conform to `com.apple.package` instead.
public struct PackageFlagIgnored: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "DOC-009",
        name: "package-flag-ignored",
        summary: "'LSTypeIsPackage' is ignored because 'LSItemContentTypes' is present",
        rationale: """
            Since macOS 10.4, LSTypeIsPackage is ignored in a document type that lists \
            LSItemContentTypes. A package document type says so by conforming to com.apple.package \
            in its UTTypeConformsTo: the advice names the listed types the app declares that do \
            not. A flag that is NO, or beside types that are packages already, is only noted (info).
            """,
        sources: ["Information Property List Key Reference, LSTypeIsPackage (S1)"],
        severity: .warning,
        triggeringExamples: [
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Sketch</string>
                        <key>LSTypeIsPackage</key>
                        ↓<true/>
                        <key>LSItemContentTypes</key>
                        <array>
                            <string>com.example.sketch</string>
                        </array>
                    </dict>
                </array>
                """,
                expecting: [
                    .warning(
                        "'LSTypeIsPackage' of document type 'Sketch' is ignored beside 'LSItemContentTypes'; it does not make 'com.example.sketch' a package type"
                    )
                ]),
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Project</string>
                        <key>LSTypeIsPackage</key>
                        ↓<true/>
                        <key>LSItemContentTypes</key>
                        <array>
                            <string>com.example.project</string>
                        </array>
                    </dict>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Bundle</string>
                        <key>LSTypeIsPackage</key>
                        ↓<true/>
                        <key>LSItemContentTypes</key>
                        <array>
                            <string>com.apple.package</string>
                        </array>
                    </dict>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Flat</string>
                        <key>LSTypeIsPackage</key>
                        ↓<false/>
                        <key>LSItemContentTypes</key>
                        <array>
                            <string>public.data</string>
                        </array>
                    </dict>
                </array>
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.project</string>
                        <key>UTTypeConformsTo</key>
                        <array>
                            <string>public.data</string>
                        </array>
                    </dict>
                </array>
                """, platform: .macOS,
                expecting: [
                    .warning(
                        "'LSTypeIsPackage' of document type 'Project' is ignored beside 'LSItemContentTypes'; make 'com.example.project' conform to 'com.apple.package'"
                    ),
                    .info(
                        "'LSTypeIsPackage' of document type 'Bundle' is ignored beside 'LSItemContentTypes', whose types already conform to 'com.apple.package'; it can be removed"
                    ),
                    .info(
                        "'LSTypeIsPackage' NO of document type 'Flat' has no effect beside 'LSItemContentTypes'; it can be removed"
                    ),
                ]),
            // More of the bundle's types than the message names.
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Projects</string>
                        <key>LSTypeIsPackage</key>
                        ↓<true/>
                        <key>LSItemContentTypes</key>
                        <array>
                            <string>com.example.project</string>
                            <string>com.example.template</string>
                            <string>com.example.library</string>
                            <string>com.example.archive</string>
                        </array>
                    </dict>
                </array>
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.project</string>
                    </dict>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.template</string>
                    </dict>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.library</string>
                    </dict>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.archive</string>
                    </dict>
                </array>
                """, platform: .macOS,
                expecting: [
                    .warning(
                        "'LSTypeIsPackage' of document type 'Projects' is ignored beside 'LSItemContentTypes'; make 'com.example.project', 'com.example.template', 'com.example.library' and 1 more conform to 'com.apple.package'"
                    )
                ]),
        ],
        nonTriggeringExamples: [
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Sketch</string>
                        <key>LSTypeIsPackage</key>
                        <true/>
                        <key>CFBundleTypeExtensions</key>
                        <array>
                            <string>sketch</string>
                        </array>
                    </dict>
                </array>
                """)
        ])

    /// A rule value.
    public init() {}

    /// Checks each entry.
    public func check(_ context: LintContext) -> [Diagnostic] {
        context.infoPlists.flatMap { plist in
            plist.documentTypes.compactMap { entry -> Diagnostic? in
                guard let flag = entry.isPackage, let location = flag.location, entry.contentTypesLocation != nil else {
                    return nil
                }
                guard flag.value else { return diagnostic(Message.noEffect(entry), at: location, severity: .info) }
                let notPackages = entry.contentTypes.map(\.value).filter {
                    !context.catalog.conforms($0, to: .package)
                }
                guard !notPackages.isEmpty else {
                    return diagnostic(Message.alreadyPackages(entry), at: location, severity: .info)
                }
                let own = notPackages.filter { context.declaresInBundle($0) }
                return diagnostic(
                    own.isEmpty ? Message.notMadePackages(entry, notPackages) : Message.ignored(entry, own),
                    at: location)
            }
        }
    }
}

private enum Message {
    static func ignored(_ entry: DocumentType, _ types: [UniformTypeIdentifier]) -> String {
        message(
            "'LSTypeIsPackage' of document type \(entry.displayName) is ignored beside 'LSItemContentTypes'; make \(list(types)) conform to 'com.apple.package'"
        )
    }

    static func notMadePackages(_ entry: DocumentType, _ types: [UniformTypeIdentifier]) -> String {
        message(
            "'LSTypeIsPackage' of document type \(entry.displayName) is ignored beside 'LSItemContentTypes'; it does not make \(list(types)) a package type"
        )
    }

    static func alreadyPackages(_ entry: DocumentType) -> String {
        message(
            "'LSTypeIsPackage' of document type \(entry.displayName) is ignored beside 'LSItemContentTypes', whose types already conform to 'com.apple.package'; it can be removed"
        )
    }

    static func noEffect(_ entry: DocumentType) -> String {
        message(
            "'LSTypeIsPackage' NO of document type \(entry.displayName) has no effect beside 'LSItemContentTypes'; it can be removed"
        )
    }

    static func list(_ types: [UniformTypeIdentifier]) -> String {
        types.prefix(3).map(quoted).joined(separator: ", ")
            + (types.count > 3 ? message(" and \(types.count - 3) more") : "")
    }
}
