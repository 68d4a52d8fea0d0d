/// The result of expanding a text: the value, the names left unresolved, and any other problems.
public struct BuildSettingExpansion: Sendable, Hashable {
    /// The expanded text; unresolved references keep their written text.
    public var value: String
    /// Names referred to but not defined, in order of first appearance, without repeats.
    public var unresolved: [String]
    /// Every problem met, unresolved names included, in order (location-free: the caller knows
    /// where the text came from).
    public var problems: [AppBundleFinding.Kind]

    /// Whether the text held any reference at all (`$` followed by a name or bracket).
    public var hadReferences: Bool
}

/// Expands Xcode build-setting references in a value, the way swift-build's macro evaluator does.
///
/// Supported: `$(NAME)`, `${NAME}`, `$[NAME]` (deprecated but accepted), `$NAME`, nesting such as
/// `$(FOO_$(BAR))`, `$$` for a literal `$`, `$(inherited)`, the retrieval operators `:quote`,
/// `:upper`, `:lower`, `:identifier`, `:rfc1034identifier`, `:c99extidentifier`, `:dir`, `:file`,
/// `:base`, `:suffix`, `:standardizepath`, `:not`, and the replacement operators `:default=`,
/// `:dir=`, `:file=`, `:base=`, `:suffix=`, `:relativeto=`, `:isancestor=`, chained left to right.
///
/// Differences from Xcode, on purpose: a name no layer defines is reported and its reference is
/// kept as written (Xcode substitutes the empty string); Xcode's built-in defaults are only those
/// ``XcodeProject`` derives for a target. Self-reference follows Xcode: inside the value of `FOO`,
/// `$(FOO)` means the value `FOO` had below this assignment, so a setting that names itself never
/// loops; when nothing is below, the reference is reported as a cycle and expands to nothing.
public enum BuildSettingExpander {
    /// The deepest chain of nested evaluations followed before giving up with a cycle finding.
    static let depthLimit = 64
    /// The most references followed in one expansion.
    static let stepLimit = 20_000
    /// The most bytes of substituted text produced in one expansion.
    static let lengthLimit = 1 << 20

    /// Expands `text` against `settings`: the value and the names that stayed unresolved.
    public static func expand(_ text: String, in settings: BuildSettings) -> (value: String, unresolved: [String]) {
        let expansion = expansion(of: text, in: settings)
        return (expansion.value, expansion.unresolved)
    }

    /// Expands `text` against `settings`, with every problem met.
    public static func expansion(of text: String, in settings: BuildSettings) -> BuildSettingExpansion {
        guard text.utf8.contains(UInt8(ascii: "$")) else {
            return BuildSettingExpansion(value: text, unresolved: [], problems: [], hadReferences: false)
        }
        var parser = MacroParser(Array(text.utf8))
        let pieces = parser.parseString()
        var evaluator = Evaluator(settings: settings)
        let value = evaluator.evaluate(pieces, frames: [])
        var problems = parser.problems
        problems.append(contentsOf: evaluator.problems)
        var unresolved: [String] = []
        for case .unresolvedBuildSetting(let name) in problems where !unresolved.contains(name) {
            unresolved.append(name)
        }
        return BuildSettingExpansion(
            value: value, unresolved: unresolved, problems: deduplicated(problems),
            hadReferences: pieces.contains { if case .reference = $0 { return true } else { return false } })
    }

    private static func deduplicated(_ problems: [AppBundleFinding.Kind]) -> [AppBundleFinding.Kind] {
        var seen = Set<AppBundleFinding.Kind>()
        return problems.filter { seen.insert($0).inserted }
    }
}

// MARK: - Parsing

/// A parsed piece of a value: literal text, or a reference.
enum MacroPiece: Sendable, Hashable {
    case literal(String)
    case reference(MacroReference)
}

/// `$(NAME:op1:op2=operand)`: the name (itself possibly built from references), its operators,
/// and the text as written (kept when the name stays unresolved).
struct MacroReference: Sendable, Hashable {
    var name: [MacroPiece]
    var operators: [MacroOperator]
    var written: String
}

/// One `:op` or `:op=operand` after a name.
enum MacroOperator: Sendable, Hashable {
    case retrieval(String)
    case replacement(String, [MacroPiece])
}

/// A recursive-descent parser following swift-build's `MacroExpressionParser` (string form).
/// Nesting depth is bounded by the input's length; inputs are plist values and settings, which
/// are small, and each nesting level consumes at least two bytes.
struct MacroParser {
    let bytes: [UInt8]
    var position = 0
    var problems: [AppBundleFinding.Kind] = []
    private var depth = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    private func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    /// The whole input as pieces.
    mutating func parseString() -> [MacroPiece] {
        var pieces: [MacroPiece] = []
        while position < bytes.count {
            if bytes[position] == UInt8(ascii: "$") {
                pieces.append(parseSubstitution())
            } else {
                let start = position
                while position < bytes.count, bytes[position] != UInt8(ascii: "$") { position += 1 }
                pieces.append(.literal(text(start..<position)))
            }
        }
        return merged(pieces)
    }

    /// A `$…` construct; the cursor is on the `$`.
    private mutating func parseSubstitution() -> MacroPiece {
        let start = position
        position += 1
        guard let next = current else { return .literal("$") }
        if let close = Self.closingDelimiter(next) {
            // Past this depth, treat the rest as literal text rather than recurse further.
            guard depth < 100 else {
                problems.append(.malformedReference(text: text(start..<bytes.count)))
                position = bytes.count
                return .literal(text(start..<bytes.count))
            }
            depth += 1
            defer { depth -= 1 }
            position += 1
            let nameStart = position
            let name = parseFragment(until: close)
            guard position < bytes.count else {
                problems.append(.malformedReference(text: text(start..<position)))
                return .literal(text(start..<position))
            }
            if position == nameStart {
                problems.append(.malformedReference(text: text(start..<min(position + 1, bytes.count))))
            }
            var operators: [MacroOperator] = []
            while current == UInt8(ascii: ":") {
                position += 1
                let operatorStart = position
                while let byte = current, Self.isOperatorNameByte(byte) { position += 1 }
                let operatorName = text(operatorStart..<position)
                guard let byte = current else { break }
                if byte == UInt8(ascii: ":") || byte == close {
                    if operatorName.isEmpty {
                        problems.append(.malformedReference(text: text(start..<position)))
                    } else {
                        operators.append(.retrieval(operatorName))
                    }
                } else if byte == UInt8(ascii: "=") {
                    position += 1
                    let operand = parseFragment(until: close)
                    if operatorName.isEmpty {
                        problems.append(.malformedReference(text: text(start..<position)))
                    } else {
                        operators.append(.replacement(operatorName, operand))
                    }
                } else {
                    problems.append(.malformedReference(text: text(start..<min(position + 1, bytes.count))))
                    while let byte = current, byte != UInt8(ascii: ":"), byte != close { position += 1 }
                }
            }
            guard current == close else {
                problems.append(.malformedReference(text: text(start..<position)))
                return .literal(text(start..<position))
            }
            position += 1
            return .reference(MacroReference(name: name, operators: operators, written: text(start..<position)))
        }
        if Self.isNameStartByte(next) {
            let nameStart = position
            position += 1
            while let byte = current, Self.isNameByte(byte) { position += 1 }
            var name: [MacroPiece] = [.literal(text(nameStart..<position))]
            // swift-build accepts `$FOO$(BAR)` as one name, for projects that relied on it.
            if current == UInt8(ascii: "$"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "(") {
                name.append(parseSubstitution())
            }
            return .reference(MacroReference(name: name, operators: [], written: text(start..<position)))
        }
        if next == UInt8(ascii: "$") { position += 1 }
        return .literal("$")
    }

    /// Literal text and references up to `:`, `close` or the end.
    private mutating func parseFragment(until close: UInt8) -> [MacroPiece] {
        var pieces: [MacroPiece] = []
        while let byte = current, byte != UInt8(ascii: ":"), byte != close {
            if byte == UInt8(ascii: "$") {
                pieces.append(parseSubstitution())
            } else {
                let start = position
                while let byte = current, byte != UInt8(ascii: "$"), byte != UInt8(ascii: ":"), byte != close {
                    position += 1
                }
                pieces.append(.literal(text(start..<position)))
            }
        }
        return merged(pieces)
    }

    private func merged(_ pieces: [MacroPiece]) -> [MacroPiece] {
        var result: [MacroPiece] = []
        for piece in pieces {
            if case .literal(let next) = piece, case .literal(let previous)? = result.last {
                result[result.count - 1] = .literal(previous + next)
            } else {
                result.append(piece)
            }
        }
        return result
    }

    private static func closingDelimiter(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "("): return UInt8(ascii: ")")
        case UInt8(ascii: "{"): return UInt8(ascii: "}")
        case UInt8(ascii: "["): return UInt8(ascii: "]")
        default: return nil
        }
    }

    private static func isAlpha(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private static func isNameStartByte(_ byte: UInt8) -> Bool { isAlpha(byte) || byte == UInt8(ascii: "_") }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        isAlpha(byte) || isDigit(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
    }

    private static func isOperatorNameByte(_ byte: UInt8) -> Bool {
        isAlpha(byte) || isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
    }
}

// MARK: - Evaluation

/// Evaluates parsed pieces against settings. A frame is a setting being evaluated and the
/// position of its deciding assignment: a reference to a name already in the chain looks below
/// that position, as Xcode does, so evaluation always moves down and ends.
private struct Evaluator {
    let settings: BuildSettings
    var problems: [AppBundleFinding.Kind] = []
    private var steps = 0
    private var produced = 0
    private var exhausted = false

    init(settings: BuildSettings) { self.settings = settings }

    struct Frame {
        var name: String
        var position: Int
    }

    mutating func evaluate(_ pieces: [MacroPiece], frames: [Frame]) -> String {
        var result = ""
        for piece in pieces {
            switch piece {
            case .literal(let text): result += text
            case .reference(let reference): result += evaluate(reference, frames: frames)
            }
        }
        return result
    }

    private mutating func evaluate(_ reference: MacroReference, frames: [Frame]) -> String {
        let name = evaluate(reference.name, frames: frames)
        guard !name.isEmpty else { return reference.written }
        // A budget on references followed and text produced: settings such as `A = $(B)$(B)`,
        // `B = $(C)$(C)`… grow exponentially; past the budget, references stay as written.
        steps += 1
        guard steps <= BuildSettingExpander.stepLimit, produced <= BuildSettingExpander.lengthLimit else {
            if !exhausted {
                exhausted = true
                problems.append(.expansionLimit(name: name))
            }
            return reference.written
        }
        var value: String?
        if frames.count >= BuildSettingExpander.depthLimit {
            problems.append(.buildSettingCycle(name: name))
            value = ""
        } else if name == "inherited" || name == "value" {
            if let frame = frames.last {
                value = valueBelow(frame: frame, frames: frames) ?? ""
            } else {
                problems.append(.unresolvedBuildSetting(name: name))
            }
        } else if let frame = frames.last(where: { $0.name == name }) {
            // A name already being evaluated: Xcode takes the value below that assignment.
            if let below = valueBelow(frame: frame, frames: frames) {
                value = below
            } else {
                problems.append(.buildSettingCycle(name: name))
                value = ""
            }
        } else if let position = settings.position(of: name, below: nil) {
            value = evaluateAssignment(name: name, position: position, frames: frames)
        }
        return applyOperators(reference, to: value, name: name, frames: frames)
    }

    /// The value of the assignment of `frame.name` below `frame.position`, or `nil` if none.
    private mutating func valueBelow(frame: Frame, frames: [Frame]) -> String? {
        guard let position = settings.position(of: frame.name, below: frame.position) else { return nil }
        return evaluateAssignment(name: frame.name, position: position, frames: frames)
    }

    private mutating func evaluateAssignment(name: String, position: Int, frames: [Frame]) -> String {
        let text = settings.assignment(at: position).value
        guard text.utf8.contains(UInt8(ascii: "$")) else { return text }
        var parser = MacroParser(Array(text.utf8))
        let pieces = parser.parseString()
        problems.append(contentsOf: parser.problems)
        return evaluate(pieces, frames: frames + [Frame(name: name, position: position)])
    }

    /// Applies the reference's operators. `value` is `nil` when the name is not defined. As in
    /// Xcode, an empty value has "no text": retrieval operators leave it empty and, of the
    /// replacement operators, only `:default=` applies to it.
    private mutating func applyOperators(
        _ reference: MacroReference, to value: String?, name: String, frames: [Frame]
    ) -> String {
        var current: String? = value?.isEmpty == true ? nil : value
        for item in reference.operators {
            current = applyOne(item, to: current, frames: frames)
        }
        if let current {
            produced += current.utf8.count
            return current
        }
        if value != nil { return "" }
        problems.append(.unresolvedBuildSetting(name: name))
        return reference.written
    }

    private mutating func applyOne(_ item: MacroOperator, to value: String?, frames: [Frame]) -> String? {
        switch item {
        case .retrieval(let name):
            guard let retrieval = BuildSettingOperator.Retrieval(rawValue: name) else {
                problems.append(.unknownOperator(name: name))
                return value
            }
            return value.map { retrieval.apply(to: $0) }
        case .replacement(let name, let operand):
            let operandValue = evaluate(operand, frames: frames)
            guard let replacement = BuildSettingOperator.Replacement(rawValue: name) else {
                problems.append(.unknownOperator(name: name))
                return value
            }
            guard let value else { return replacement == .default ? operandValue : nil }
            return replacement.apply(to: value, operand: operandValue)
        }
    }
}
