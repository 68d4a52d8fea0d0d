import PropertyList
import Support

/// Reports suppression comments that can do nothing: a misspelt directive, a rule that does not
/// exist, a `disable` before nothing, or a rule that had no finding to silence where the comment
/// applies. The linter finds these once the other rules have run (``Linter``); ``check(_:)``
/// itself finds nothing.
public struct IneffectiveSuppression: Rule {
    /// The rule's description.
    public static let description = RuleDescription(
        code: "PLIST-010",
        name: "ineffective-suppression",
        summary: "A 'utiscope:' suppression comment silences nothing",
        rationale: """
            A suppression comment that silences nothing hides nothing today, but it says something \
            untrue: a misspelt directive ('utiscope:disabel') or rule ('ICON-01') silences nothing \
            while its author believes the finding is handled, and a disable left behind after the \
            finding was fixed would hide the next real finding at that place. Each rule named in a \
            comment that ran and had no finding to silence there is reported, as SwiftLint's \
            superfluous_disable_command does; rules turned off in the configuration or not run for \
            the platform are not. This finding is never silenced by the comment it is about; \
            another comment (a 'utiscope:disable-file PLIST-010') or the configuration can turn it \
            off.
            """,
        sources: ["README.md, Suppression comments", "SwiftLint superfluous_disable_command (the model)"],
        severity: .warning,
        triggeringExamples: [
            Example(
                """
                ↓<!-- utiscope:disabel DOC-002 -->
                <key>CFBundleDocumentTypes</key>
                <array>
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Drawing</string>
                        <key>CFBundleTypeRole</key>
                        <string>Editor</string>
                        <key>LSHandlerRank</key>
                        <string>Owner</string>
                        <key>LSItemContentTypes</key>
                        <array>
                            <string>public.png</string>
                        </array>
                    </dict>
                </array>
                """,
                expecting: [
                    .warning(
                        "'utiscope:disabel' is not a directive, so this comment silences nothing; did you mean 'utiscope:disable'?"
                    )
                ]),
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    ↓<!-- utiscope:disable DOC-02, missing-handler-rank -->
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Drawing</string>
                        <key>CFBundleTypeRole</key>
                        <string>Editor</string>
                        ↓<!-- utiscope:disable DOC-005 -->
                        <key>LSItemContentTypes</key>
                        <array>
                            <string>public.png</string>
                        </array>
                    </dict>
                </array>
                ↓<!-- utiscope:disable -->
                <key>CFBundleIdentifier</key>
                <string>com.example.drawing</string>
                """,
                expecting: [
                    .warning(
                        "'DOC-02' is not a rule code or name, so this comment silences nothing for it; did you mean 'DOC-002'?"
                    ),
                    .warning(
                        "'utiscope:disable DOC-005' silences no finding here; remove 'DOC-005' from the comment"
                    ),
                    .warning(
                        "'utiscope:disable' names no rule, so it silences nothing; name the rules it is for, as in 'utiscope:disable DOC-002'"
                    ),
                ]),
            Example(
                """
                ↓<!-- utiscope:disable-file ICON-003 -->
                <key>CFBundleIdentifier</key>
                <string>com.example.drawing</string>
                ↓<!-- utiscope:disable DOC-002 -->
                """,
                expecting: [
                    .warning(
                        "'utiscope:disable-file ICON-003' silences no finding in this file; remove 'ICON-003' from the comment"
                    ),
                    .warning(
                        "'utiscope:disable' stands before no element, so it silences nothing; put it before the element it is for, or use 'utiscope:disable-file'"
                    ),
                ]),
            Example(
                "",
                swift: """
                    import UniformTypeIdentifiers

                    ↓// utiscope:disable SRC-001
                    let allowed = ["public.png"]
                    ↓// utiscope:disable SRC-0004
                    let other = 1
                    """,
                expecting: [
                    .warning("'utiscope:disable SRC-001' silences no finding here; remove 'SRC-001' from the comment"),
                    .warning(
                        "'SRC-0004' is not a rule code or name, so this comment silences nothing for it; did you mean 'SRC-004'?"
                    ),
                ]),
        ],
        nonTriggeringExamples: [
            Example(
                """
                <key>CFBundleDocumentTypes</key>
                <array>
                    <!-- utiscope:disable DOC-002, DOC-002 -->
                    <dict>
                        <key>CFBundleTypeName</key>
                        <string>Drawing</string>
                        <key>CFBundleTypeRole</key>
                        <string>Editor</string>
                        <key>LSItemContentTypes</key>
                        <array>
                            <string>public.png</string>
                        </array>
                    </dict>
                </array>
                <!-- Checked with utiscope: see the README. -->
                <key>CFBundleIdentifier</key>
                <string>com.example.drawing</string>
                """),
            Example(
                """
                <!-- utiscope:disable-file PLIST-010 -->
                <!-- utiscope:disable DOC-002 -->
                <key>CFBundleIdentifier</key>
                <string>com.example.drawing</string>
                """),
        ])

    /// A rule value.
    public init() {}

    /// Nothing: the linter reports ineffective comments once the other rules have run.
    public func check(_ context: LintContext) -> [Diagnostic] { [] }

    /// The findings about `suppressions`' directives in one file: `used` holds, for each
    /// directive, the rule words that silenced something; `ran`, the codes and names of the rules
    /// that ran; `known`, the codes and names of every rule.
    func findings(
        _ suppressions: Suppressions, used: [Int: Set<String>], ran: Set<String>, known: [String], isSwift: Bool
    ) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for (index, directive) in suppressions.directives.enumerated() {
            let at = directive.location
            if case .unknown(let word) = directive.kind {
                let hint =
                    Suggestions.closest(to: word, in: ["utiscope:disable", "utiscope:disable-file"])
                    .map { "did you mean '\($0)'?" }
                    ?? "write 'utiscope:disable CODE' or 'utiscope:disable-file CODE'"
                found.append(
                    diagnostic(
                        message("\(quoted(word)) is not a directive, so this comment silences nothing; \(hint)"), at: at
                    ))
                continue
            }
            guard !directive.rules.isEmpty else {
                found.append(
                    diagnostic(
                        message(
                            "\(quoted(directive.spelling)) names no rule, so it silences nothing; name the rules it is for, as in '\(directive.spelling) DOC-002'"
                        ), at: at))
                continue
            }
            guard directive.appliesToSomething else {
                let what = isSwift ? "code" : "element"
                found.append(
                    diagnostic(
                        message(
                            "\(quoted(directive.spelling)) stands before no \(what), so it silences nothing; put it before the \(what) it is for, or use 'utiscope:disable-file'"
                        ), at: at))
                continue
            }
            var reported = Set<String>()
            for rule in directive.rules where reported.insert(rule).inserted {
                if !known.contains(rule) {
                    let hint =
                        Suggestions.closest(to: rule, in: known).map { "did you mean '\($0)'?" }
                        ?? "'utiscope rules' lists them"
                    found.append(
                        diagnostic(
                            message(
                                "\(quoted(rule)) is not a rule code or name, so this comment silences nothing for it; \(hint)"
                            ), at: at))
                } else if ran.contains(rule), rule != Self.description.code, rule != Self.description.name,
                    used[index]?.contains(rule) != true
                {
                    let place = directive.kind == .disableFile ? "in this file" : "here"
                    found.append(
                        diagnostic(
                            message(
                                "\(quoted(directive.spelling + " " + rule)) silences no finding \(place); remove \(quoted(rule)) from the comment"
                            ), at: at))
                }
            }
        }
        return found
    }
}
