import AppBundle
import PropertyList
import UniformTypes

/// Notes exported identifiers outside the domain of the app's bundle identifier: often a type
/// another app owns, which should be imported instead; a warning when the system declares the
/// type, which the app's export then replaces.
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
            import it instead. A heuristic, so an info. When the system declares the type, it is \
            certain, and a warning: if the system imports it (org.webmproject.webm), an exported \
            declaration takes precedence over imported ones of its identifier, so the app's \
            replaces the system's for every app; if the system exports it, the system's wins and \
            the app's is ignored. A bundle identifier that uses build settings \
            ($(PRODUCT_BUNDLE_IDENTIFIER)) is expanded with the settings given, if any. A domain is \
            the first two parts of a name, three under a code host many vendors share (com.github, \
            io.github, net.sourceforge…). When the bundle identifier cannot be known (a build \
            setting no setting given defines), the identifier's registered owner decides: a domain \
            whose types the system declares (com.adobe, org.openxmlformats…) or a well-known \
            vendor's (com.topografix for GPX) is another vendor's.
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
                """,
                expecting: [
                    .info(
                        "exported type 'org.openmicroscopy.tiff' is outside the domain of bundle identifier 'com.example.sketchbook'; if another app owns the type, import it instead"
                    )
                ]),
            Example(
                """
                <key>CFBundleIdentifier</key>
                <string>com.example.player</string>
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        ↓<string>org.webmproject.webm</string>
                    </dict>
                </array>
                """,
                expecting: [
                    .warning(
                        "exported type 'org.webmproject.webm' is another vendor's and the system already imports it: an exported declaration replaces the system's for every app; import it instead"
                    )
                ]),
            // The bundle identifier is a build setting: the GPX format's registered owner decides.
            Example(
                """
                <key>CFBundleIdentifier</key>
                <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        ↓<string>com.topografix.gpx</string>
                    </dict>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.track</string>
                    </dict>
                </array>
                """,
                expecting: [
                    .info(
                        "exported type 'com.topografix.gpx' is in a domain with a registered owner (TopoGrafix (GPX)) and the bundle identifier is a build setting: if the app is not that vendor's, import the type instead"
                    )
                ]),
            Example(
                """
                <key>CFBundleIdentifier</key>
                <string>com.example.viewer</string>
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        ↓<string>ca.mcgill.mni.bic.mnc</string>
                    </dict>
                </array>
                """,
                expecting: [
                    .warning(
                        "exported type 'ca.mcgill.mni.bic.mnc' is another vendor's and the system already exports it: the system's declaration wins and the app's is ignored; import it instead"
                    )
                ]),
            // A vendor domain the system's own types use, without a name on the vendor list.
            Example(
                """
                <key>CFBundleIdentifier</key>
                <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        ↓<string>org.gnu.texinfo</string>
                    </dict>
                </array>
                """,
                expecting: [
                    .info(
                        "exported type 'org.gnu.texinfo' is in a domain with a registered owner (org.gnu) and the bundle identifier is a build setting: if the app is not that vendor's, import the type instead"
                    )
                ]),
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
                """),
            // The type's owner exports the type the system imports for it.
            Example(
                """
                <key>CFBundleIdentifier</key>
                <string>com.microsoft.Word</string>
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.microsoft.word.doc</string>
                    </dict>
                </array>
                """),
        ])

    /// Vendors whose types are well known though the system declares none of them: the domain,
    /// and whose it is.
    static let wellKnownVendors: [String: String] = [
        "com.topografix": "TopoGrafix (GPX)", "org.khronos": "the Khronos Group", "org.oasis-open": "OASIS",
        "org.idpf": "the IDPF (EPUB)", "com.google": "Google", "com.microsoft": "Microsoft", "com.adobe": "Adobe",
    ]

    /// The vendor domains of the system's own types (not Apple's reserved ones): each has a
    /// registered owner, and it is not an app that merely exports one of its types.
    static func systemVendorDomains(_ catalog: TypeCatalog) -> Set<String> {
        Set(
            catalog.system.identifiers.compactMap { identifier in
                identifier.reservedDomain == nil ? VendorDomain.domain(of: identifier.rawValue) : nil
            })
    }

    /// A rule value.
    public init() {}

    /// Compares each exported identifier's vendor domain with the bundle identifier's, or, when
    /// that cannot be known, with the registered owners the catalog and the vendor list know.
    public func check(_ context: LintContext) -> [Diagnostic] {
        var knownVendors: Set<String>?
        return context.infoPlists.enumerated().flatMap { plistIndex, plist -> [Diagnostic] in
            let bundle = context.bundleIdentifier(of: plist)
            let owner = bundle.flatMap(VendorDomain.domain(of:))
            if owner == nil, plist.bundleIdentifier?.value.hasBuildSettingReference != true { return [] }
            return context.declarationSites(inPlist: plistIndex, .exported).compactMap { site in
                let declaration = site.declaration
                let identifier = declaration.identifier
                guard let location = declaration.identifierLocation, identifier.reservedDomain == nil,
                    !identifier.hasBuildSettingReference, let domain = VendorDomain.domain(of: identifier.rawValue),
                    domain != owner
                else { return nil }
                if owner == nil {
                    // The bundle's domain is unknown: only a registered owner tells.
                    if knownVendors == nil {
                        knownVendors = Self.systemVendorDomains(context.catalog).union(Self.wellKnownVendors.keys)
                    }
                    guard knownVendors?.contains(domain) == true else { return nil }
                }
                // By the graph node the catalog recorded for the declaration: no hashing again.
                let declarations = site.node.map { context.catalog.declarations(at: $0) } ?? []
                if let system = declarations.first(where: { $0.origin.isSystem }) {
                    return diagnostic(
                        Message.systemDeclared(identifier, systemImports: system.origin.kind == .imported),
                        at: location, severity: .warning)
                }
                guard let bundle else {
                    return diagnostic(
                        Message.registered(identifier, owner: Self.wellKnownVendors[domain] ?? domain), at: location)
                }
                return diagnostic(Message.foreign(identifier, bundle: bundle), at: location)
            }
        }
    }
}

private enum Message {
    static func systemDeclared(_ identifier: UniformTypeIdentifier, systemImports: Bool) -> String {
        if systemImports {
            return
                message(
                    "exported type \(quoted(identifier)) is another vendor's and the system already imports it: an exported declaration replaces the system's for every app; import it instead"
                )
        }
        return
            message(
                "exported type \(quoted(identifier)) is another vendor's and the system already exports it: the system's declaration wins and the app's is ignored; import it instead"
            )
    }

    static func registered(_ identifier: UniformTypeIdentifier, owner: String) -> String {
        message(
            "exported type \(quoted(identifier)) is in a domain with a registered owner (\(owner)) and the bundle identifier is a build setting: if the app is not that vendor's, import the type instead"
        )
    }

    static func foreign(_ identifier: UniformTypeIdentifier, bundle: String) -> String {
        message(
            "exported type \(quoted(identifier)) is outside the domain of bundle identifier \(quoted(bundle)); if another app owns the type, import it instead"
        )
    }
}
