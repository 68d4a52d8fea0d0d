import AppBundle
import PropertyList
import UniformTypes

/// Finds types that conform to one another in a circle.
public struct CyclicConformance: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "UTI-017",
        name: "cyclic-conformance",
        summary: "Types conform to one another in a circle",
        rationale: """
            Conformance is a hierarchy: UTTypeConformsTo lists a type's parents. A circle (a type \
            that conforms, directly or through others, to itself) has no meaning; every member \
            then conforms to every other, and what the system does with it is undefined.
            """,
        sources: ["Uniform Type Identifier Concepts (S3)", "Defining file and data types for your app (S5)"],
        severity: .error,
        triggeringExamples: [
            Example(
                """
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.a</string>
                        <key>UTTypeConformsTo</key>
                        <array>
                            ↓<string>com.example.b</string>
                        </array>
                    </dict>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.b</string>
                        <key>UTTypeConformsTo</key>
                        <array>
                            <string>com.example.a</string>
                        </array>
                    </dict>
                </array>
                """, expecting: [.error("conformance cycle: 'com.example.a', 'com.example.b' conform to one another")]),
            Example(
                """
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.loop</string>
                        <key>UTTypeConformsTo</key>
                        <array>
                            ↓<string>com.example.loop</string>
                        </array>
                    </dict>
                </array>
                """, expecting: [.error("conformance cycle: 'com.example.loop' lists itself in 'UTTypeConformsTo'")]),
        ],
        nonTriggeringExamples: [
            Example(
                """
                <key>UTExportedTypeDeclarations</key>
                <array>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.a</string>
                        <key>UTTypeConformsTo</key>
                        <array>
                            <string>com.example.b</string>
                        </array>
                    </dict>
                    <dict>
                        <key>UTTypeIdentifier</key>
                        <string>com.example.b</string>
                        <key>UTTypeConformsTo</key>
                        <array>
                            <string>public.data</string>
                        </array>
                    </dict>
                </array>
                """)
        ])

    /// A rule value.
    public init() {}

    /// Reports each cycle once, at its first edge written in the bundle.
    public func check(_ context: LintContext) -> [Diagnostic] {
        context.catalog.graph.cycles.compactMap { cycle in
            let written = cycle.edges.filter { $0.location != nil }
            guard let first = written.first, let location = first.location else { return nil }
            let notes = written.dropFirst().map { Note(Message.edge($0), at: $0.location) }
            return diagnostic(Message.cycle(cycle.members), at: location, notes: notes)
        }
    }
}

private enum Message {
    static func cycle(_ members: [UniformTypeIdentifier]) -> String {
        if members.count == 1, let member = members.first {
            return message("conformance cycle: \(quoted(member)) lists itself in 'UTTypeConformsTo'")
        }
        return "conformance cycle: " + members.map { quoted($0) }.joined(separator: ", ") + " conform to one another"
    }

    static func edge(_ edge: ConformanceEdge) -> String {
        message("\(quoted(edge.subtype)) conforms to \(quoted(edge.supertype)) here")
    }
}
