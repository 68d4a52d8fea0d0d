import AppBundle
import PropertyList
import UniformTypes

/// Notes `dyn.` identifiers in `LSItemContentTypes`: they are ignored there, and the message says
/// what the identifier encodes.
public struct DynamicContentType: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "DOC-012",
        name: "dynamic-content-type",
        summary: "A document type lists a dynamic 'dyn.' identifier",
        rationale: """
            Dynamic identifiers are what the system makes up for tags no declaration claims. Apple \
            says they should never be stored or written into an Info.plist, where they are \
            generally ignored; declare the type (or import it) and list that identifier instead.
            """,
        sources: ["UTType.h (legacy CoreServices header, S8)", "info-plist-rules.md §2.4"],
        severity: .info,
        triggeringExamples: [
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>SQL</string>
                        <key>LSItemContentTypes</key>
                        <array>
                            ↓<string>dyn.ah62d4rv4ge81g6pq</string>
                        </array>
                    </dict>
                </array>
                """,
                expecting: [
                    .info(
                        "dynamic identifier 'dyn.ah62d4rv4ge81g6pq' (it encodes public.filename-extension 'sql', conforming to 'public.data') is ignored in 'LSItemContentTypes'; declare or import the type and list its identifier"
                    )
                ])
        ],
        nonTriggeringExamples: [
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>SQL</string>
                        <key>LSItemContentTypes</key>
                        <array>
                            <string>public.sql</string>
                        </array>
                    </dict>
                </array>
                """)
        ])

    /// A rule value.
    public init() {}

    /// Checks each listed type.
    public func check(_ context: LintContext) -> [Diagnostic] {
        context.infoPlists.flatMap { plist in
            plist.documentTypes.flatMap { entry in
                entry.contentTypes.compactMap { type -> Diagnostic? in
                    guard type.value.isDynamic, let location = type.location else { return nil }
                    let decoded = try? DynamicIdentifier(decoding: type.value)
                    return diagnostic(Message.dynamic(type.value, decoded: decoded), at: location)
                }
            }
        }
    }
}

private enum Message {
    static func dynamic(_ identifier: UniformTypeIdentifier, decoded: DynamicIdentifier?) -> String {
        var meaning = ""
        if let decoded {
            var parts: [String] = []
            if let tag = decoded.tag, let tagClass = decoded.tagClass {
                parts.append(message("\(tagClass) \(quoted(tag))"))
            }
            if !decoded.conformsTo.isEmpty {
                parts.append("conforming to " + decoded.conformsTo.map { quoted($0) }.joined(separator: ", "))
            }
            if !parts.isEmpty { meaning = " (it encodes " + parts.joined(separator: ", ") + ")" }
        }
        return
            message(
                "dynamic identifier \(quoted(identifier))\(meaning) is ignored in 'LSItemContentTypes'; declare or import the type and list its identifier"
            )
    }
}
