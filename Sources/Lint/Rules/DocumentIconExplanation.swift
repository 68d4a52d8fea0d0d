import AppBundle
import PropertyList
import UniformTypes

/// Explains, for each type the app declares and lists in its document types, which icon the iOS
/// Files app and document browser show for its files, by Apple's four conditions.
public struct DocumentIconExplanation: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "ICON-001",
        name: "document-icon-explanation",
        summary: "Which icon the Files app shows for a declared document type, and why",
        rationale: """
            Apple lists four conditions, all required, for the app icon to become a type's document \
            icon: the system makes no thumbnails for the type, has no icon for it, no installed \
            Thumbnail extension handles it, and the app both lists it in its document types and \
            exports or imports it. This info says which applies, so a missing custom icon is no \
            surprise. Types the system declares are left out (their icon is the system's). An \
            Info.plist linted without its bundle or asset catalogs may lack the app icon keys that \
            Xcode adds when it builds; the info then says the icon depends on the built app.
            """,
        sources: [
            "Customizing the document browser (S9)", "QuickLookThumbnailing overview (S13)", "info-plist-rules.md §2.7",
        ],
        severity: .info,
        platforms: [.iOS],
        triggeringExamples: [
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Sketch</string>
                        <key>LSItemContentTypes</key>
                        <array>
                            ↓<string>com.example.sketch</string>
                        </array>
                    </dict>
                </array>
                <key>UTExportedTypeDeclarations</key>
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
                """, platform: .iOS)
        ],
        nonTriggeringExamples: [
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Images</string>
                        <key>LSItemContentTypes</key>
                        <array>
                            <string>public.png</string>
                        </array>
                    </dict>
                </array>
                """, platform: .iOS)
        ])

    /// The icon a document type gets.
    enum Icon {
        case systemThumbnail(UniformTypeIdentifier)
        case extensionThumbnail(String)
        case customIcon
        case appIcon
        /// No app icon in the Info.plist and no bundle or asset catalog to look in: Xcode may
        /// add one at build time.
        case appIconIfBuilt
        case generic
    }

    /// A rule value.
    public init() {}

    /// Evaluates the conditions for each listed type the bundle declares.
    public func check(_ context: LintContext) -> [Diagnostic] {
        // By graph node: each type once (the graph's nodes compare identifiers as the catalog does).
        var seen = [Bool](repeating: false, count: context.catalog.graph.nodeCount)
        var thumbnailed: [UniformTypeIdentifier: String] = [:]
        for (plist, type) in context.thumbnailTypes where thumbnailed[type.value] == nil {
            thumbnailed[type.value] = plist.file
        }
        // The same for every type: asked once, not for each of a large app's listed types.
        let appIcon = AppIcon(context)
        return context.contentTypeFindings { type, node -> Diagnostic? in
            let identifier = type.value
            // The node (looked up with the context) answers both questions below (the
            // declaration and its supertypes).
            guard let location = type.location, let node, !seen[Int(node.rawValue)] else {
                return nil
            }
            seen[Int(node.rawValue)] = true
            guard let declaration = context.catalog.declaration(at: node), !declaration.origin.isSystem else {
                return nil
            }
            return diagnostic(
                Message.icon(
                    Self.icon(for: declaration, at: node, context, thumbnailed, appIcon: appIcon), identifier),
                at: location)
        }
    }

    /// The last of Apple's conditions, which reads the app rather than the type: the icon made
    /// from the app icon when the app has one.
    struct AppIcon {
        /// The app names an icon, or its bundle's asset catalogs hold sets.
        let isKnown: Bool
        /// There is no bundle or asset catalog to look in.
        let mayBeAddedWhenBuilt: Bool

        /// The app icon of `context`'s app.
        init(_ context: LintContext) {
            isKnown = context.app.appIcon.declaresIcon || context.resources?.assetNames.isEmpty == false
            mayBeAddedWhenBuilt = context.resources == nil
        }
    }

    /// The icon by Apple's conditions, checked in order.
    static func icon(
        for declaration: TypeDeclaration, at node: ConformanceGraph.Node, _ context: LintContext,
        _ thumbnailed: [UniformTypeIdentifier: String], appIcon: AppIcon
    ) -> Icon {
        let drawn = context.catalog.nearestSystemSupertype(of: node) { facts in
            facts.thumbnail.iOS == .documented || facts.thumbnail.iOS == .likely
        }
        if let drawn { return .systemThumbnail(drawn.identifier) }
        if !thumbnailed.isEmpty, let file = thumbnailed[declaration.identifier] { return .extensionThumbnail(file) }
        let icons = declaration.icons
        if icons.composited != nil || icons.namesIcon { return .customIcon }
        if appIcon.isKnown { return .appIcon }
        // Without the bundle or its asset catalogs, a missing icon key proves nothing: Xcode adds
        // CFBundleIcons from the asset catalog's app icon set when it builds the app.
        return appIcon.mayBeAddedWhenBuilt ? .appIconIfBuilt : .generic
    }
}

private enum Message {
    static func icon(_ icon: DocumentIconExplanation.Icon, _ identifier: UniformTypeIdentifier) -> String {
        let type = quoted(identifier)
        switch icon {
        case .systemThumbnail(let supertype):
            return
                message(
                    "the Files app shows system thumbnails for \(type) files: it conforms to \(quoted(supertype)), which the system draws"
                )
        case .extensionThumbnail:
            return message("the Files app shows thumbnails from the app's Thumbnail extension for \(type) files")
        case .customIcon:
            return message("the Files app shows the icon the declaration of \(type) names")
        case .appIcon:
            return
                message(
                    "the Files app shows an icon made from the app icon for \(type) files: no thumbnails, no system icon, declared and listed"
                )
        case .appIconIfBuilt:
            return
                message(
                    "the Files app shows an icon made from the app icon for \(type) files, if the built app has one: this Info.plist names none (Xcode adds it from an asset catalog's app icon set when it builds)"
                )
        case .generic:
            return message(
                "the Files app shows a generic icon for \(type) files: the app declares no app icon to make one from")
        }
    }
}
