import PropertyList
import UniformTypes

/// A lint rule: a description, and a pure check over a read-only context.
///
/// Rules are values; one per file under `Rules/`, named after the rule. A check never reads
/// files, never prints, and returns its findings in any order (the linter sorts them).
public protocol Rule: Sendable {
    /// What the rule is: code, name, rationale, severity, platforms, examples.
    static var description: RuleDescription { get }
    /// A rule value.
    init()
    /// The findings for one app (with its extensions).
    func check(_ context: LintContext) -> [Diagnostic]
}

extension Rule {
    /// A finding of this rule at `location`, at the rule's default severity unless `severity` says
    /// otherwise.
    public func diagnostic(
        _ message: String, at location: SourceLocation, severity: Severity? = nil, notes: [Note] = [],
        fixIt: FixIt? = nil
    ) -> Diagnostic {
        let description = Self.description
        return Diagnostic(
            code: description.code, name: description.name, severity: severity ?? description.severity,
            message: message, location: location, notes: notes, fixIt: fixIt)
    }
}

/// Quotes text from input for a message: escaped, in single quotes.
func quoted(_ text: String) -> String {
    "'" + OutputEscaping.escape(text) + "'"
}

/// Quotes an identifier from input for a message, as written.
func quoted(_ identifier: UniformTypeIdentifier) -> String {
    quoted(identifier.rawValue)
}
