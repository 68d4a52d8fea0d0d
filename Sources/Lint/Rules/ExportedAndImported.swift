import AppBundle
import PropertyList
import UniformTypes

/// Finds a type both exported and imported by one bundle. The exported declaration wins; the
/// imported twin only makes Launch Services log warnings. The fix-it removes the imported one.
public struct ExportedAndImported: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "UTI-008",
        name: "exported-and-imported",
        summary: "A type is declared both exported and imported",
        rationale: """
            When the same identifier (compared case-insensitively) is both exported and imported, \
            the exported declaration wins. Keeping both is a sign of confusion about who owns the \
            type (some tools write both) and Launch Services logs warnings when it registers the app.
            """,
        sources: [
            "Declaring New Uniform Type Identifiers (S4)", "Defining file and data types for your app (S5)",
            "info-plist-rules.md §4 M8",
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
                    </dict>
                </array>
                <key>UTImportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        ↓<string>com.example.sketch</string>
                    </dict>
                </array>
                """,
                expecting: [
                    .warning("type 'com.example.sketch' is both exported and imported; the exported declaration wins")
                ],
                corrected: """
                    <key>UTExportedTypeDeclarations</key>
                    <array>
                        <dict>
                            <key>UTTypeIdentifier</key>
                            <string>com.example.sketch</string>
                        </dict>
                    </array>
                    <key>UTImportedTypeDeclarations</key>
                    <array>
                    </array>
                    """)
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
                </array>
                <key>UTImportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.other.drawing</string>
                    </dict>
                </array>
                """)
        ])

    /// A rule value.
    public init() {}

    /// Checks each Info.plist's two arrays.
    public func check(_ context: LintContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        // The first export of each identifier, by graph node: no identifier hashed or copied again.
        var exported = FirstDeclarations(nodeCount: context.catalog.graph.nodeCount)
        for (plistIndex, plist) in context.infoPlists.enumerated() {
            let exports = plist.exportedTypes
            guard !exports.isEmpty, !plist.importedTypes.isEmpty else { continue }
            exported.removeAll()
            for site in context.declarationSites(inPlist: plistIndex, .exported) {
                if let node = site.node { _ = exported.record(site.index, for: node) }
            }
            for site in context.declarationSites(inPlist: plistIndex, .imported) {
                let imported = site.declaration
                guard let node = site.node, let twinIndex = exported.recorded(for: node),
                    let location = imported.location
                else { continue }
                let twin = exports[twinIndex]
                // At the imported identifier itself; the fix removes the whole declaration.
                diagnostics.append(
                    diagnostic(
                        Message.twin(imported.identifier), at: imported.identifierLocation ?? location,
                        notes: [Note(Message.exported, at: twin.identifierLocation ?? twin.location)],
                        fixIt: FixIt(Message.fixIt, changes: [.removeElement(at: location)])))
            }
        }
        return diagnostics
    }
}

private enum Message {
    static func twin(_ identifier: UniformTypeIdentifier) -> String {
        message("type \(quoted(identifier)) is both exported and imported; the exported declaration wins")
    }

    static let exported = "exported here"
    static let fixIt = "remove the imported declaration"
}
