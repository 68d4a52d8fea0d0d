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
    OutputEscaping.escape(text).enclosed(in: "'")
}

/// Quotes an identifier from input for a message, as written.
func quoted(_ identifier: UniformTypeIdentifier) -> String {
    quoted(identifier.rawValue)
}

/// The text of an interpolated message, built by ``MessageText``.
func message(_ text: MessageText) -> String { text.text }

/// A message interpolated like a string and built as UTF-8 bytes, made a `String` once at the
/// end: `String`'s own interpolation appends each piece with bookkeeping that costs several
/// times the copy, and a lint of a huge app writes hundreds of thousands of messages. The text
/// is the same: every piece is a `String` (values through `String(describing:)`, as the default
/// interpolation shows them).
struct MessageText: ExpressibleByStringInterpolation {
    /// The message.
    let text: String

    init(stringLiteral value: String) {
        text = value
    }

    init(stringInterpolation: Interpolation) {
        text = String(decoding: stringInterpolation.bytes, as: UTF8.self)
    }

    /// The bytes so far.
    struct Interpolation: StringInterpolationProtocol {
        var bytes: [UInt8] = []

        init(literalCapacity: Int, interpolationCount: Int) {
            bytes.reserveCapacity(literalCapacity + 32 * interpolationCount)
        }

        mutating func appendLiteral(_ literal: String) {
            append(literal)
        }

        mutating func appendInterpolation(_ text: String) {
            append(text)
        }

        mutating func appendInterpolation(_ value: some Any) {
            append(String(describing: value))
        }

        private mutating func append(_ text: String) {
            if text.utf8.withContiguousStorageIfAvailable({ bytes += $0 }) == nil { bytes += text.utf8 }
        }
    }
}
