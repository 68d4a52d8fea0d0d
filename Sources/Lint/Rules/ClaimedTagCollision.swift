import AppBundle
import PropertyList
import UniformTypes

/// Finds filename extensions and MIME types the app's types claim that another type claims too:
/// a public system type always wins the look-up; otherwise which type a file gets is undefined.
public struct ClaimedTagCollision: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "UTI-013",
        name: "claimed-tag-collision",
        summary: "An extension or MIME type is also claimed by a system type or another declaration",
        rationale: """
            Identifiers are unique; tags are not. When several types claim a tag, a public type is \
            preferred over others, and among equally public types the choice is undefined. So a \
            custom type claiming 'md' or 'json' loses to the system's type, and two of the bundle's \
            types claiming one extension give files an unpredictable type.
            """,
        sources: ["UTType.h, UTTypeCreatePreferredIdentifierForTag (S8)", "info-plist-rules.md §2.3.2"],
        severity: .warning,
        triggeringExamples: [
            Example(
                """
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.notes</string>
                        <key>UTTypeTagSpecification</key>
                        <dict>
                            <key>public.filename-extension</key>
                            <array>
                                ↓<string>txt</string>
                            </array>
                        </dict>
                    </dict>
                </array>
                """,
                expecting: [
                    .warning(
                        "filename extension 'txt' is also claimed by system type 'public.plain-text', which wins: files with it get the system's type"
                    )
                ]),
            Example(
                """
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.alpha</string>
                        <key>UTTypeConformsTo</key>
                        <array>
                            <string>public.data</string>
                        </array>
                        <key>UTTypeTagSpecification</key>
                        <dict>
                            <key>public.filename-extension</key>
                            <array>
                                <string>abx</string>
                            </array>
                        </dict>
                    </dict>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.beta</string>
                        <key>UTTypeConformsTo</key>
                        <array>
                            <string>public.data</string>
                        </array>
                        <key>UTTypeTagSpecification</key>
                        <dict>
                            <key>public.filename-extension</key>
                            <array>
                                ↓<string>abx</string>
                            </array>
                        </dict>
                    </dict>
                </array>
                """,
                expecting: [
                    .warning(
                        "filename extension 'abx' is also claimed by type 'com.example.alpha'; which type files with it get is undefined"
                    )
                ]),
            // MIME types: the system's type wins look-ups; between the bundle's own types, undefined.
            Example(
                """
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.notes</string>
                        <key>UTTypeTagSpecification</key>
                        <dict>
                            <key>public.mime-type</key>
                            <array>
                                ↓<string>text/plain</string>
                            </array>
                        </dict>
                    </dict>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.alpha</string>
                        <key>UTTypeConformsTo</key>
                        <array>
                            <string>public.data</string>
                        </array>
                        <key>UTTypeTagSpecification</key>
                        <dict>
                            <key>public.mime-type</key>
                            <array>
                                <string>application/x-abx</string>
                            </array>
                        </dict>
                    </dict>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.beta</string>
                        <key>UTTypeConformsTo</key>
                        <array>
                            <string>public.data</string>
                        </array>
                        <key>UTTypeTagSpecification</key>
                        <dict>
                            <key>public.mime-type</key>
                            <array>
                                ↓<string>application/x-abx</string>
                            </array>
                        </dict>
                    </dict>
                </array>
                """,
                expecting: [
                    .warning(
                        "the MIME type 'text/plain' is also claimed by system type 'public.plain-text', which wins: look-ups of it (downloads, the pasteboard) give the system's type"
                    ),
                    .warning(
                        "the MIME type 'application/x-abx' is also claimed by type 'com.example.alpha'; which type a look-up of it gives is undefined",
                        notes: ["'com.example.alpha' claims it here"]),
                ]),
        ],
        nonTriggeringExamples: [
            Example(
                """
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.notes</string>
                        <key>UTTypeTagSpecification</key>
                        <dict>
                            <key>public.filename-extension</key>
                            <array>
                                <string>examplenotes</string>
                            </array>
                        </dict>
                    </dict>
                </array>
                """)
        ])

    /// A rule value.
    public init() {}

    /// Looks up every extension and MIME tag of the bundle's declarations in effect.
    public func check(_ context: LintContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let resolver = context.catalog.tagResolver
        // Most declarations share no tag: they are passed over without a look-up per tag.
        let contested = context.catalog.claimsContestedTag(in: [.filenameExtension, .mimeType])
        for site in context.declarationsInEffect where contested[Int(site.node.rawValue)] {
            let declaration = site.declaration
            var seen: Set<String> = []
            var substitutionChecked = false
            for tag in declaration.tags where tag.tagClass == .filenameExtension || tag.tagClass == .mimeType {
                // The declaration claims its own tags: another claimant makes two. Most tags have none.
                guard let location = tag.location, context.catalog.claimantCount(of: tag.value, in: tag.tagClass) > 1
                else { continue }
                // An imported type whose preferred extension resolves to another type is UTI-019's
                // (asked once, and only when a tag is contested).
                if !substitutionChecked {
                    substitutionChecked = true
                    if declaration.origin.kind == .imported,
                        let substitution = resolver.importedTypeSubstitution(for: declaration.identifier)
                    {
                        seen.insert(TagClass.filenameExtension.foldedTag(substitution.tag))
                    }
                }
                let key = (tag.tagClass == .mimeType ? "mime " : "") + tag.tagClass.foldedTag(tag.value)
                guard seen.insert(key).inserted else { continue }
                let others = context.catalog.declarations(claiming: tag.value, in: tag.tagClass).filter {
                    $0.identifier != declaration.identifier
                }
                if let winner = others.first(where: { $0.origin.isSystem && $0.identifier.isPublic }),
                    !declaration.identifier.isPublic
                {
                    diagnostics.append(diagnostic(Message.systemWins(tag, winner: winner.identifier), at: location))
                } else if let rival = others.first(where: { $0.identifier.isPublic == declaration.identifier.isPublic })
                {
                    // Between two of the bundle's types, report once: at the later identifier.
                    if !rival.origin.isSystem && rival.identifier > declaration.identifier { continue }
                    let note =
                        rival.origin.isSystem
                        ? [] : [Note(Message.rival(rival.identifier), at: rival.identifierLocation)]
                    diagnostics.append(
                        diagnostic(
                            Message.undefined(tag, rival: rival.identifier, system: rival.origin.isSystem),
                            at: location,
                            notes: note))
                }
            }
        }
        return diagnostics
    }
}

private enum Message {
    static func what(_ tag: TypeTag) -> String {
        // Messages start lower-case: "the MIME type", as "MIME" is written in capitals.
        (tag.tagClass == .mimeType ? "the MIME type " : "filename extension ") + quoted(tag.value)
    }

    static func systemWins(_ tag: TypeTag, winner: UniformTypeIdentifier) -> String {
        let outcome =
            tag.tagClass == .mimeType
            ? "look-ups of it (downloads, the pasteboard) give the system's type"
            : "files with it get the system's type"
        return message("\(what(tag)) is also claimed by system type \(quoted(winner)), which wins: \(outcome)")
    }

    static func undefined(_ tag: TypeTag, rival: UniformTypeIdentifier, system: Bool) -> String {
        let owner = system ? "system type" : "type"
        let outcome =
            tag.tagClass == .mimeType
            ? "which type a look-up of it gives is undefined" : "which type files with it get is undefined"
        return message("\(what(tag)) is also claimed by \(owner) \(quoted(rival)); \(outcome)")
    }

    static func rival(_ identifier: UniformTypeIdentifier) -> String { message("\(quoted(identifier)) claims it here") }
}
