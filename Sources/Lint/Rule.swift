import PropertyList
import Support
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
        fixIt: FixIt? = nil, properties: [String: String] = [:]
    ) -> Diagnostic {
        let description = Self.description
        return Diagnostic(
            code: description.code, name: description.name, severity: severity ?? description.severity,
            message: message, location: location, notes: notes, fixIt: fixIt, properties: properties)
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
/// is the same: strings as they are, other values as their `description` (as the default
/// interpolation shows them). Optionals are refused: unwrap them first, so that no message ever
/// shows `Optional(…)`.
struct MessageText: ExpressibleByStringInterpolation {
    /// The message.
    let text: String

    /// A message without interpolations.
    init(stringLiteral value: String) {
        text = value
    }

    /// The message the interpolation built.
    init(stringInterpolation: Interpolation) {
        text = String(decoding: stringInterpolation.bytes, as: UTF8.self)
    }

    /// Collects a message's pieces as UTF-8.
    struct Interpolation: StringInterpolationProtocol {
        /// The bytes so far.
        var bytes: [UInt8] = []

        /// Room for the literal text and a typical value per interpolation.
        init(literalCapacity: Int, interpolationCount: Int) {
            bytes.reserveCapacity(literalCapacity + 32 * interpolationCount)
        }

        /// Appends literal text.
        mutating func appendLiteral(_ literal: String) {
            append(literal)
        }

        /// Appends a string value.
        mutating func appendInterpolation(_ text: String) {
            append(text)
        }

        /// Appends a value's description (numbers, kinds, identifiers).
        mutating func appendInterpolation(_ value: some CustomStringConvertible) {
            append(value.description)
        }

        private mutating func append(_ text: String) {
            text.withUTF8Bytes { bytes += $0 }
        }
    }
}
