import AppBundle
import PropertyList
import UniformTypes

/// Notes exported identifiers outside the domain of the app's bundle identifier: often a type
/// another app owns, which should be imported instead.
public struct ForeignDomainExport: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "UTI-009",
        name: "foreign-domain-export",
        summary: "An exported identifier is outside the domain of the bundle identifier",
        rationale: """
            Exporting says the app owns the type. An exported identifier whose reverse-DNS domain \
            differs from the bundle identifier's (org.other.format exported by com.example.app) is \
            often a type someone else owns, which works on the developer's Mac and not elsewhere; \
            import it instead. A heuristic, so an info.
            """,
        sources: ["Defining file and data types for your app (S5)", "info-plist-rules.md §4 M7, M14"],
        severity: .info,
        triggeringExamples: [
            Example(
                """
                <key>CFBundleIdentifier</key>
                <string>com.example.sketchbook</string>
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        ↓<string>org.openmicroscopy.tiff</string>
                    </dict>
                </array>
                """)
        ],
        nonTriggeringExamples: [
            Example(
                """
                <key>CFBundleIdentifier</key>
                <string>com.example.sketchbook</string>
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.sketch</string>
                    </dict>
                </array>
                """)
        ])

    /// A rule value.
    public init() {}

    /// Compares each exported identifier's first two components with the bundle identifier's.
    public func check(_ context: LintContext) -> [Diagnostic] {
        context.infoPlists.flatMap { plist -> [Diagnostic] in
            guard let bundle = plist.bundleIdentifier?.value, let owner = Self.domain(bundle),
                !bundle.hasBuildSettingReference
            else { return [] }
            return plist.exportedTypes.compactMap { declaration in
                let identifier = declaration.identifier
                guard let location = declaration.identifierLocation, identifier.reservedDomain == nil,
                    !identifier.hasBuildSettingReference, let domain = Self.domain(identifier.rawValue), domain != owner
                else { return nil }
                return diagnostic(Message.foreign(identifier, bundle: bundle), at: location)
            }
        }
    }

    /// The first two components, lowercased, when there are at least two.
    static func domain(_ text: String) -> String? {
        let components = text.lowercased().split(separator: ".", omittingEmptySubsequences: false)
        guard components.count >= 2, !components[0].isEmpty, !components[1].isEmpty else { return nil }
        return components[0] + "." + components[1]
    }
}

private enum Message {
    static func foreign(_ identifier: UniformTypeIdentifier, bundle: String) -> String {
        "exported type \(quoted(identifier)) is outside the domain of bundle identifier \(quoted(bundle)); if another app owns the type, import it instead"
    }
}
