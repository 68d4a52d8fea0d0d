import AppBundle
import PropertyList
import UniformTypes

/// Finds document types ranked `Owner` that list types the app does not own: `Owner` says the app
/// creates files of the type, and Launch Services ranks it first among the apps that claim it.
public struct OwnerRankOnForeignType: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "DOC-016",
        name: "owner-rank-on-foreign-type",
        summary: "A document type ranked 'Owner' lists types the app does not own",
        rationale: """
            LSHandlerRank Owner says the app is the primary creator of files of the type, and \
            Launch Services ranks owners first among the apps that claim it. Claiming Owner for a \
            type the app does not export (public.data, com.adobe.pdf, another app's type) makes it \
            compete with the type's real owner to be the default app, and for a broad type such as \
            public.data with every app. The document-browser setup guide asks for Owner for your \
            own types and Alternate for types other apps own. A type is the app's when the bundle \
            exports it, or it is in the domain of a bundle identifier (expanded with the build \
            settings given when it uses them) or of a type the bundle exports; a domain is the \
            first two parts of a name, three under a code host many vendors share (com.github, \
            io.github, net.sourceforge…); a type neither the system nor the bundle declares is left alone when no such \
            domain is known.
            """,
        sources: [
            "CFBundleDocumentTypes/LSHandlerRank (S1, S2); Setting up a document browser app (S10)",
            "info-plist-rules.md §1.1",
        ],
        severity: .warning,
        triggeringExamples: [
            Example(
                """
                <key>CFBundleIdentifier</key>
                <string>com.example.hexeditor</string>
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Any file</string>
                        <key>LSHandlerRank</key>
                        ↓<string>Owner</string>
                        <key>LSItemContentTypes</key>
                        <array>
                            <string>public.data</string>
                        </array>
                    </dict>
                </array>
                """,
                expecting: [
                    .warning(
                        "document type 'Any file' is ranked 'Owner' for 'public.data', which the app does not own: 'Owner' is for the types it creates; rank it 'Alternate' (or 'Default')"
                    )
                ]),
            // Four of the five types are the system's: the message names three and counts the rest.
            Example(
                """
                <key>CFBundleIdentifier</key>
                <string>com.example.sketchbook</string>
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Pictures</string>
                        <key>LSHandlerRank</key>
                        ↓<string>Owner</string>
                        <key>LSItemContentTypes</key>
                        <array>
                            <string>com.example.sketchbook.sketch</string>
                            <string>public.png</string>
                            <string>public.jpeg</string>
                            <string>public.tiff</string>
                            <string>com.compuserve.gif</string>
                        </array>
                    </dict>
                </array>
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.sketchbook.sketch</string>
                        <key>UTTypeConformsTo</key>
                        <array>
                            <string>public.data</string>
                        </array>
                    </dict>
                </array>
                """,
                expecting: [
                    .warning(
                        "document type 'Pictures' is ranked 'Owner' for 'public.png', 'public.jpeg', 'public.tiff' and 1 more, which the app does not own: 'Owner' is for the types it creates; move them to a document type of their own ranked 'Alternate' (or 'Default')"
                    )
                ]),
        ],
        nonTriggeringExamples: [
            Example(
                """
                <key>CFBundleIdentifier</key>
                <string>com.example.sketchbook</string>
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Sketch</string>
                        <key>LSHandlerRank</key>
                        <string>Owner</string>
                        <key>LSItemContentTypes</key>
                        <array>
                            <string>com.example.sketchbook.sketch</string>
                        </array>
                    </dict>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Image</string>
                        <key>LSHandlerRank</key>
                        <string>Alternate</string>
                        <key>LSItemContentTypes</key>
                        <array>
                            <string>public.image</string>
                        </array>
                    </dict>
                </array>
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.sketchbook.sketch</string>
                        <key>UTTypeConformsTo</key>
                        <array>
                            <string>public.data</string>
                        </array>
                    </dict>
                </array>
                """),
            // Whose a dynamic type, a build setting's or an undeclared type is cannot be told
            // without the app's domain; an imported type in the app's own domain is its own.
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Sketch</string>
                        <key>LSHandlerRank</key>
                        <string>Owner</string>
                        <key>LSItemContentTypes</key>
                        <array>
                            <string>dyn.ah62d4rv4ge8043a</string>
                            <string>$(PRODUCT_BUNDLE_IDENTIFIER).sketch</string>
                            <string>com.example.sketch</string>
                        </array>
                    </dict>
                </array>
                """),
            Example(
                """
                <key>CFBundleIdentifier</key>
                <string>com.example.sketchbook</string>
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Sketch</string>
                        <key>LSHandlerRank</key>
                        <string>Owner</string>
                        <key>LSItemContentTypes</key>
                        <array>
                            <string>com.example.sketch</string>
                        </array>
                    </dict>
                </array>
                <key>UTImportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.sketch</string>
                        <key>UTTypeConformsTo</key>
                        <array>
                            <string>public.data</string>
                        </array>
                    </dict>
                </array>
                """),
        ])

    /// A rule value.
    public init() {}

    /// Checks each `Owner` entry of the app's document types.
    public func check(_ context: LintContext) -> [Diagnostic] {
        // Each listed type's declaration is read off the graph node the context found for it
        // instead of hashing the identifier again; only the Owner entries' types are read.
        var diagnostics: [Diagnostic] = []
        for (position, entry) in context.app.documentTypes.enumerated() {
            // Plug-ins (Quick Look generators, Spotlight importers) do not rank as handlers.
            guard let rank = entry.rank, rank.value == "Owner", !entry.isPlugInEntry, let location = rank.location
            else { continue }
            var foreign: [UniformTypeIdentifier] = []
            for listed in context.listedTypes(ofEntry: position) where !foreign.contains(listed.type.value) {
                let declaration = listed.node.flatMap { context.catalog.declaration(at: $0) }
                if Self.isOwned(listed.type.value, declaration: declaration, context) == false {
                    foreign.append(listed.type.value)
                }
            }
            guard !foreign.isEmpty else { continue }
            let mixed = foreign.count < Set(entry.contentTypes.map(\.value)).count
            diagnostics.append(diagnostic(Message.foreign(foreign, entry: entry, mixed: mixed), at: location))
        }
        return diagnostics
    }

    /// Whether the app owns `type`: true when the bundle exports it or it is in one of the app's
    /// domains, false when it is declared elsewhere (by the system, or only imported) or outside
    /// the app's known domains, nil when that cannot be told (dynamic, a build setting, or
    /// undeclared with no domain of the app known).
    /// `declaration` is the catalog's declaration in effect for `type` (one look-up answers both
    /// whether one exists and whose it is).
    static func isOwned(_ type: UniformTypeIdentifier, declaration effective: TypeDeclaration?, _ context: LintContext)
        -> Bool?
    {
        if type.isDynamic || type.hasBuildSettingReference { return nil }
        if let effective, effective.origin.kind == .exported, !effective.origin.isSystem {
            return true
        }
        if let domain = VendorDomain.domain(of: type.rawValue), context.ownDomains.contains(domain) { return true }
        if type.reservedDomain != nil || effective != nil { return false }
        return context.ownDomains.isEmpty ? nil : false
    }
}

private enum Message {
    static func foreign(_ types: [UniformTypeIdentifier], entry: DocumentType, mixed: Bool) -> String {
        let listed =
            types.prefix(3).map(quoted).joined(separator: ", ")
            + (types.count > 3 ? message(" and \(types.count - 3) more") : "")
        let advice =
            mixed
            ? "move them to a document type of their own ranked 'Alternate' (or 'Default')"
            : "rank it 'Alternate' (or 'Default')"
        return
            message(
                "document type \(entry.displayName) is ranked 'Owner' for \(listed), which the app does not own: 'Owner' is for the types it creates; \(advice)"
            )
    }
}
