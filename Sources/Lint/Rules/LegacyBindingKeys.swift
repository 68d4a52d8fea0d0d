import AppBundle
import PropertyList
import UniformTypes

/// Finds document types that bind files through the deprecated `CFBundleTypeExtensions`,
/// `CFBundleTypeMIMETypes` or `CFBundleTypeOSTypes` keys: only `LSItemContentTypes` binds on iOS,
/// and on macOS the legacy keys are ignored once `LSItemContentTypes` is present.
public struct LegacyBindingKeys: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "DOC-005",
        name: "legacy-binding-keys",
        summary: "A document type binds through deprecated extension, MIME or OSType keys",
        rationale: """
            CFBundleTypeExtensions, CFBundleTypeMIMETypes and CFBundleTypeOSTypes are deprecated \
            since macOS 10.5 and were never read on iOS; a custom extension listed only there opens \
            as a dynamic 'dyn.' type, greyed out in pickers. A warning when they are the only \
            binding; an info when LSItemContentTypes is also present (then they are ignored). One \
            finding per document type, naming its legacy keys and the types to list instead: the \
            declared type that claims each extension or MIME type, or a type to declare.
            """,
        sources: ["Information Property List Key Reference (S1)", "info-plist-rules.md §4 M2"],
        severity: .warning,
        triggeringExamples: [
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Sketch</string>
                        <key>CFBundleTypeExtensions</key>
                        ↓<array>
                            <string>sketch</string>
                        </array>
                    </dict>
                </array>
                """,
                expecting: [
                    .warning(
                        "document type 'Sketch' binds files only through deprecated 'CFBundleTypeExtensions'; declare a type for 'sketch' and list it there"
                    )
                ]),
            // A droplet taking anything, applications included: 'public.item', not 'public.data'.
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Anything</string>
                        <key>CFBundleTypeExtensions</key>
                        ↓<array>
                            <string>*</string>
                        </array>
                    </dict>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Project</string>
                        <key>LSTypeIsPackage</key>
                        <true/>
                        <key>CFBundleTypeExtensions</key>
                        ↓<array>
                            <string>xproj</string>
                        </array>
                    </dict>
                </array>
                """, platform: .macOS,
                expecting: [
                    .warning(
                        "document type 'Anything' binds files only through deprecated 'CFBundleTypeExtensions'; list 'public.item' (for '*') in 'LSItemContentTypes'"
                    ),
                    .warning(
                        "document type 'Project' binds files only through deprecated 'CFBundleTypeExtensions'; declare a type conforming to 'com.apple.package' for 'xproj' and list it there"
                    ),
                ]),
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Text</string>
                        <key>LSItemContentTypes</key>
                        <array>
                            <string>public.plain-text</string>
                        </array>
                        <key>CFBundleTypeExtensions</key>
                        ↓<array>
                            <string>txt</string>
                        </array>
                    </dict>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Old</string>
                        <key>CFBundleTypeOSTypes</key>
                        ↓<array>
                            <string>****</string>
                        </array>
                    </dict>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Pictures</string>
                        <key>CFBundleTypeExtensions</key>
                        ↓<array>
                            <string>png</string>
                        </array>
                    </dict>
                </array>
                """, platform: .macOS,
                expecting: [
                    .info(
                        "'CFBundleTypeExtensions' of document type 'Text' is ignored because 'LSItemContentTypes' is present"
                    ),
                    .warning(
                        "document type 'Old' binds files only through deprecated 'CFBundleTypeOSTypes'; list 'public.data' (for '****') in 'LSItemContentTypes'"
                    ),
                    .warning(
                        "document type 'Pictures' binds files only through deprecated 'CFBundleTypeExtensions'; list 'public.png' (for 'png') in 'LSItemContentTypes'"
                    ),
                ]),
            // Several keys, MIME types among them; more types to list than the message shows; an
            // OS type no declaration claims; and every key ignored beside 'LSItemContentTypes'.
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Web page</string>
                        <key>CFBundleTypeExtensions</key>
                        ↓<array>
                            <string>html</string>
                            <string>css</string>
                            <string>js</string>
                        </array>
                        <key>CFBundleTypeMIMETypes</key>
                        <array>
                            <string>application/json</string>
                        </array>
                    </dict>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Classic text</string>
                        <key>CFBundleTypeOSTypes</key>
                        ↓<array>
                            <string>TEXT</string>
                        </array>
                    </dict>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Text</string>
                        <key>LSItemContentTypes</key>
                        <array>
                            <string>public.plain-text</string>
                        </array>
                        <key>CFBundleTypeExtensions</key>
                        ↓<array>
                            <string>txt</string>
                        </array>
                        <key>CFBundleTypeMIMETypes</key>
                        <array>
                            <string>text/plain</string>
                        </array>
                        <key>CFBundleTypeOSTypes</key>
                        <array>
                            <string>TEXT</string>
                        </array>
                    </dict>
                </array>
                """, platform: .macOS,
                expecting: [
                    .warning(
                        "document type 'Web page' binds files only through deprecated 'CFBundleTypeExtensions' and 'CFBundleTypeMIMETypes'; list 'public.html' (for 'html'), 'public.css' (for 'css'), 'com.netscape.javascript-source' (for 'js') and 1 more in 'LSItemContentTypes'"
                    ),
                    .warning(
                        "document type 'Classic text' binds files only through deprecated 'CFBundleTypeOSTypes'; declare the type and list it in 'LSItemContentTypes'"
                    ),
                    .info(
                        "'CFBundleTypeExtensions', 'CFBundleTypeMIMETypes' and 'CFBundleTypeOSTypes' of document type 'Text' are ignored because 'LSItemContentTypes' is present"
                    ),
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
                        <key>LSItemContentTypes</key>
                        <array>
                            <string>com.example.sketch</string>
                        </array>
                    </dict>
                </array>
                """)
        ])

    /// The deprecated binding keys.
    static let legacyKeys = ["CFBundleTypeExtensions", "CFBundleTypeMIMETypes", "CFBundleTypeOSTypes"]

    /// A rule value.
    public init() {}

    /// Checks each entry's binding keys.
    public func check(_ context: LintContext) -> [Diagnostic] {
        context.infoPlists.flatMap { plist in
            plist.documentTypes.compactMap { entry -> Diagnostic? in
                guard entry.legacyExtensions.count + entry.legacyMIMETypes.count + entry.legacyOSTypes.count > 0,
                    let dictionary = plist.value(at: entry.location)
                else { return nil }
                // One finding per entry, at its first legacy key, naming every one it has.
                let present = Self.legacyKeys.compactMap { key in dictionary[key].map { (key, $0) } }
                guard let first = present.first else { return nil }
                let keys = present.map(\.0)
                if entry.contentTypesLocation != nil {
                    return diagnostic(Message.ignored(keys, entry: entry), at: first.1.location, severity: .info)
                }
                return diagnostic(
                    Message.legacyOnly(keys, entry: entry, advice: Self.advice(for: entry, context)),
                    at: first.1.location)
            }
        }
    }

    /// What to list instead: the declared types that claim the entry's extensions and MIME types
    /// (`h` is `public.c-header`), `public.item` for the `*` wildcard (files, folders and packages
    /// alike: a droplet that takes applications takes packages), `public.data` for `****` when it
    /// is the only tag, and the tags no declaration claims, for which a type must be declared
    /// (conforming to `com.apple.package` when the entry says `LSTypeIsPackage`).
    static func advice(for entry: DocumentType, _ context: LintContext) -> String {
        var types: [String] = []
        var unclaimed: [String] = []
        let tags =
            entry.legacyExtensions.map { ($0.value, TagClass.filenameExtension) }
            + entry.legacyMIMETypes.map { ($0.value, TagClass.mimeType) }
        for (tag, tagClass) in tags {
            if tag == "*" {
                types.append("'public.item' (for '*')")
                continue
            }
            let claims = context.catalog.declarations(claiming: tag, in: tagClass)
            if let type = claims.first(where: { $0.origin.isSystem }) ?? claims.first {
                types.append("\(quoted(type.identifier)) (for \(quoted(tag)))")
            } else {
                unclaimed.append(quoted(tag))
            }
        }
        // `****` beside extensions is the old templates' filler, not "any file".
        if tags.isEmpty, entry.legacyOSTypes.contains(where: { $0.value == "****" }) {
            types.append("'public.data' (for '****')")
        }
        var advice: [String] = []
        if !types.isEmpty { advice.append("list \(Self.list(types)) in 'LSItemContentTypes'") }
        if !unclaimed.isEmpty {
            let kind = entry.isPackage?.value == true ? "a type conforming to 'com.apple.package'" : "a type"
            advice.append("declare \(kind) for \(Self.list(unclaimed)) and list it there")
        }
        return advice.isEmpty ? "declare the type and list it in 'LSItemContentTypes'" : advice.joined(separator: "; ")
    }

    static func list(_ items: [String]) -> String {
        var unique: [String] = []
        for item in items where !unique.contains(item) { unique.append(item) }
        let shown = unique.prefix(3).joined(separator: ", ")
        return unique.count > 3 ? shown + " and \(unique.count - 3) more" : shown
    }
}

private enum Message {
    static func keys(_ keys: [String]) -> String {
        let quotedKeys = keys.map { message("'\($0)'") }
        return quotedKeys.count == 1
            ? quotedKeys[0] : quotedKeys.dropLast().joined(separator: ", ") + " and " + (quotedKeys.last ?? "")
    }

    static func legacyOnly(_ keys: [String], entry: DocumentType, advice: String) -> String {
        message("document type \(entry.displayName) binds files only through deprecated \(Self.keys(keys)); \(advice)")
    }

    static func ignored(_ keys: [String], entry: DocumentType) -> String {
        message(
            "\(Self.keys(keys)) of document type \(entry.displayName) \(keys.count == 1 ? "is" : "are") ignored because 'LSItemContentTypes' is present"
        )
    }
}
