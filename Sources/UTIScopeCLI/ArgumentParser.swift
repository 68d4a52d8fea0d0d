import PropertyList
import Support

/// A command line that is wrong: the message, and the command whose help to point at.
public struct UsageError: Error, Sendable, Equatable {
    /// What is wrong, lower-case first.
    public var message: String

    /// Creates a usage error.
    public init(_ message: String) {
        self.message = message
    }

    /// An argument a command does not take. For a command that is given its app as `--app`, an
    /// argument given without it is most likely the app: the message says how to give it.
    static func unexpected(_ argument: String, appGiven: Bool? = nil) -> UsageError {
        let quoted = OutputEscaping.escape(argument)
        guard appGiven == false else { return UsageError("unexpected argument '\(quoted)'") }
        return UsageError("unexpected argument '\(quoted)'; to name the app, give '--app \(quoted)'")
    }
}

/// One option a command takes.
struct OptionSpec: Sendable {
    /// Long name without dashes: `format`.
    var name: String
    /// One-letter alias without the dash, if any.
    var short: Character?
    /// The value's placeholder (`FORMAT`), or nil for a flag.
    var valueName: String?
    /// One line of help.
    var help: String
    /// Allowed values, when the set is closed.
    var choices: [String]? = nil
    /// Whether the option may be given more than once (values accumulate).
    var repeatable = false
}

extension OptionSpec {
    /// The help line, with the choices appended when the help does not already name them.
    var helpWithChoices: String {
        guard let choices, let first = choices.first, !help.contains(first) else { return help }
        return help + " (\(choices.joined(separator: "|")))"
    }
}

/// A flag as a command declares it: the one place its name and help are written. Help,
/// completions and the man page read its ``spec``; a command reads it as `arguments[flag]`.
struct Flag: Sendable {
    /// The flag as help and the parser see it.
    let spec: OptionSpec

    /// A flag named `--name` (and `-short`).
    init(_ name: String, short: Character? = nil, help: String) {
        spec = OptionSpec(name: name, short: short, valueName: nil, help: help)
    }
}

/// An option taking a value, as a command declares it: its name, help and value type written
/// once. Help, completions and the man page read its ``spec``; a command reads its value as
/// `arguments[option]` (the last given) or `arguments.all(option)`, typed.
struct Option<Value: Sendable>: Sendable {
    /// The option as help and the parser see it.
    let spec: OptionSpec
    /// The value a given text stands for; nil for a text that is not one (closed choices are
    /// checked by the parser, so only open ones can fail here).
    let value: @Sendable (String) -> Value?
}

extension Option where Value == String {
    /// An option whose value is its text: a path, a name, one of `choices`.
    init(
        _ name: String, short: Character? = nil, valueName: String, help: String, choices: [String]? = nil,
        repeatable: Bool = false
    ) {
        spec = OptionSpec(
            name: name, short: short, valueName: valueName, help: help, choices: choices, repeatable: repeatable)
        value = { $0 }
    }
}

extension Option where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
    /// An option taking one of `choices` (by default every case of `Value`), by raw value.
    init(_ name: String, valueName: String, help: String, choices: [Value] = Array(Value.allCases)) {
        spec = OptionSpec(name: name, valueName: valueName, help: help, choices: choices.map(\.rawValue))
        value = { Value(rawValue: $0) }
    }
}

/// The value of `--format` for the commands that print text or JSON.
enum TextOrJSON: String, Sendable, CaseIterable {
    case text, json
}

/// The parsed command line of one command: options by long name, and positional arguments.
struct ParsedArguments: Sendable {
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []

    /// Whether `flag` is given.
    subscript(flag: Flag) -> Bool { flags.contains(flag.spec.name) }
    /// The value of `option` given last, or nil when it is not given.
    subscript<Value>(option: Option<Value>) -> Value? { values[option.spec.name]?.last.flatMap(option.value) }
    /// Every value of `option`, in the order given.
    func all<Value>(_ option: Option<Value>) -> [Value] { (values[option.spec.name] ?? []).compactMap(option.value) }
    /// The text given last for `option`, whatever its type (for messages that quote it).
    func text<Value>(_ option: Option<Value>) -> String? { values[option.spec.name]?.last }
}

/// A small parser in swift-argument-parser's conventions: `--name value`, `--name=value`, `-x`,
/// `--` ends options, and `-` alone is a positional argument (standard input).
enum ArgumentParser {
    static func parse(_ arguments: [String], options: [OptionSpec]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name: String
            var inlineValue: String?
            if argument.hasPrefix("--") {
                name = String(argument.dropFirst(2))
                if let equals = name.firstIndex(of: "=") {
                    inlineValue = String(name[name.index(after: equals)...])
                    name = String(name[..<equals])
                }
            } else {
                name = String(argument.dropFirst())
                // Short flags written together (`-vq`): each one a flag that takes no value.
                if name.count > 1,
                    name.allSatisfy({ letter in options.contains { $0.short == letter && $0.valueName == nil } })
                {
                    for letter in name {
                        if let flag = options.first(where: { $0.short == letter }) { parsed.flags.insert(flag.name) }
                    }
                    continue
                }
            }
            let spec: OptionSpec?
            if argument.hasPrefix("--") {
                spec = options.first { $0.name == name }
            } else {
                spec = name.count == 1 ? options.first { $0.short == name.first } : nil
            }
            guard let spec else {
                let suggestion =
                    Suggestions.closest(to: name, in: options.map(\.name)).map { "; did you mean '--\($0)'?" } ?? ""
                throw UsageError("unknown option '\(quoteArgument(argument))'\(suggestion)")
            }
            guard let valueName = spec.valueName else {
                if inlineValue != nil { throw UsageError("option '--\(spec.name)' takes no value") }
                parsed.flags.insert(spec.name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < arguments.count {
                value = arguments[index]
                index += 1
            } else {
                throw UsageError("option '--\(spec.name)' needs a value (\(valueName))")
            }
            if let choices = spec.choices, !choices.contains(value) {
                throw UsageError(
                    "'\(quoteArgument(value))' is not a value '--\(spec.name)' takes; use one of: \(choices.joined(separator: ", "))"
                )
            }
            if !spec.repeatable, parsed.values[spec.name] != nil {
                throw UsageError("option '--\(spec.name)' is given more than once")
            }
            parsed.values[spec.name, default: []].append(value)
        }
        return parsed
    }

    static func quoteArgument(_ text: String) -> String {
        OutputEscaping.escape(text)
    }
}
