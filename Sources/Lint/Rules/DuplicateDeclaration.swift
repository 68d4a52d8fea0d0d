import AppBundle
import PropertyList
import UniformTypes

/// Finds one identifier declared twice in the same array; only the first declaration is used.
public struct DuplicateDeclaration: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "UTI-010",
        name: "duplicate-declaration",
        summary: "A type is declared twice in one declarations array",
        rationale: """
            Identifiers compare case-insensitively, so two declarations of one identifier in the \
            same array conflict; the first is used and the second is dead text that may disagree \
            with it. A warning; an info when the two differ only in letter case.
            """,
        sources: ["UTType.h, UTTypeEqual (S8)", "info-plist-rules.md §2.1"],
        severity: .warning,
        triggeringExamples: [
            Example(
                """
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.sketch</string>
                    </dict>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        ↓<string>com.example.sketch</string>
                    </dict>
                </array>
                """,
                expecting: [
                    .warning(
                        "type 'com.example.sketch' is declared twice in 'UTExportedTypeDeclarations'; the first declaration is used"
                    )
                ]),
            // Identifiers compare without regard to case: the second is a duplicate all the same.
            Example(
                """
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.sketch</string>
                    </dict>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        ↓<string>com.example.Sketch</string>
                    </dict>
                </array>
                """,
                expecting: [
                    .info(
                        "type 'com.example.Sketch' is declared twice in 'UTExportedTypeDeclarations' (differing only in letter case); the first declaration is used",
                        notes: ["first declared here"])
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
                    </dict>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.sketch-package</string>
                    </dict>
                </array>
                """)
        ])

    /// A rule value.
    public init() {}

    /// Checks each array of each Info.plist.
    public func check(_ context: LintContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        // Equal identifiers share a graph node: the first of each by node, none copied.
        var first = FirstDeclarations(nodeCount: context.catalog.graph.nodeCount)
        for (plistIndex, plist) in context.infoPlists.enumerated() {
            for section in [DeclarationSite.Section.exported, .imported] {
                let declarations = section == .exported ? plist.exportedTypes : plist.importedTypes
                guard declarations.count > 1 else { continue }
                first.removeAll()
                for site in context.declarationSites(inPlist: plistIndex, section) {
                    guard let node = site.node, let earlierIndex = first.record(site.index, for: node),
                        let location = site.declaration.identifierLocation
                    else { continue }
                    let (declaration, earlier) = (site.declaration, declarations[earlierIndex])
                    let caseOnly = earlier.identifier.rawValue != declaration.identifier.rawValue
                    diagnostics.append(
                        diagnostic(
                            Message.duplicate(declaration.identifier, key: section.key, caseOnly: caseOnly),
                            at: location, severity: caseOnly ? .info : nil,
                            notes: [Note(Message.first, at: earlier.identifierLocation ?? earlier.location)]))
                }
            }
        }
        return diagnostics
    }
}

private enum Message {
    static func duplicate(_ identifier: UniformTypeIdentifier, key: String, caseOnly: Bool) -> String {
        let how = caseOnly ? " (differing only in letter case)" : ""
        return message("type \(quoted(identifier)) is declared twice in '\(key)'\(how); the first declaration is used")
    }

    static let first = "first declared here"
}
