import PropertyList

/// One `NAME = value` (or `NAME[sdk=iphoneos*] = value`) as written in a project, an xcconfig
/// file or on the command line. The value is the text as written, before expansion.
public struct BuildSettingAssignment: Sendable, Hashable {
    /// The setting's name, without conditions.
    public var name: String
    /// The conditions in brackets after the name; all must hold for the assignment to apply.
    public var conditions: [BuildSettingCondition]
    /// The value as written, references unexpanded.
    public var value: String
    /// Where it was written, when it came from a file.
    public var location: SourceLocation?

    /// An assignment of `value` to `name` under `conditions`.
    public init(
        name: String, value: String, conditions: [BuildSettingCondition] = [], location: SourceLocation? = nil
    ) {
        self.name = name
        self.value = value
        self.conditions = conditions
        self.location = location
    }

    /// The index of the `=` that separates a written name from its value: the first one outside
    /// the condition brackets.
    static func separatorIndex(in text: String) -> String.Index? {
        var depth = 0
        var index = text.startIndex
        while index < text.endIndex {
            switch text[index] {
            case "[": depth += 1
            case "]": depth = max(0, depth - 1)
            case "=" where depth == 0: return index
            default: break
            }
            index = text.index(after: index)
        }
        return nil
    }

    /// Splits a written name such as `FOO[sdk=iphoneos*][arch=arm64]` into the name and its
    /// conditions; `nil` when the brackets are malformed.
    public static func parseName(_ written: String) -> (name: String, conditions: [BuildSettingCondition])? {
        guard let open = written.firstIndex(of: "[") else {
            return (written.trimmingSpaces(), [])
        }
        let name = String(written[..<open]).trimmingSpaces()
        var conditions: [BuildSettingCondition] = []
        var rest = written[open...]
        while let first = rest.first {
            if first == " " || first == "\t" {
                rest = rest.dropFirst()
                continue
            }
            guard first == "[", let close = rest.firstIndex(of: "]") else { return nil }
            let body = rest[rest.index(after: rest.startIndex)..<close]
            // `[sdk=iphoneos*,arch=arm64]` and `[sdk=iphoneos*][arch=arm64]` both occur.
            for part in body.split(separator: ",") {
                guard let equals = part.firstIndex(of: "=") else { return nil }
                let parameter = String(part[..<equals]).trimmingSpaces()
                let pattern = String(part[part.index(after: equals)...]).trimmingSpaces()
                guard !parameter.isEmpty else { return nil }
                conditions.append(BuildSettingCondition(parameter: parameter, pattern: pattern))
            }
            rest = rest[rest.index(after: close)...]
        }
        guard !name.isEmpty else { return nil }
        return (name, conditions)
    }
}

/// A condition on an assignment, such as `sdk=iphoneos*`: the assignment applies only when the
/// parameter's value matches the pattern (`*` and `?` wildcards).
public struct BuildSettingCondition: Sendable, Hashable, CustomStringConvertible {
    /// `sdk`, `arch`, `config` or `variant`.
    public var parameter: String
    /// The pattern, such as `iphoneos*`.
    public var pattern: String

    /// A condition that `parameter` matches `pattern`.
    public init(parameter: String, pattern: String) {
        self.parameter = parameter
        self.pattern = pattern
    }

    /// `[sdk=iphoneos*]`.
    public var description: String { "[\(parameter)=\(pattern)]" }

    /// Whether the condition holds given the values of the parameters; an unknown parameter
    /// never matches.
    public func holds(in values: [String: String]) -> Bool {
        guard let value = values[parameter] else { return false }
        return Self.matches(Array(value.utf8)[...], Array(pattern.utf8)[...])
    }

    /// Glob matching with `*` and `?`, iterative so that no pattern can recurse deeply.
    static func matches(_ text: ArraySlice<UInt8>, _ pattern: ArraySlice<UInt8>) -> Bool {
        var textIndex = text.startIndex
        var patternIndex = pattern.startIndex
        var starPattern: Int?
        var starText = text.startIndex
        while textIndex < text.endIndex {
            if patternIndex < pattern.endIndex,
                pattern[patternIndex] == UInt8(ascii: "?") || pattern[patternIndex] == text[textIndex]
            {
                textIndex += 1
                patternIndex += 1
            } else if patternIndex < pattern.endIndex, pattern[patternIndex] == UInt8(ascii: "*") {
                starPattern = patternIndex
                starText = textIndex
                patternIndex += 1
            } else if let star = starPattern {
                patternIndex = star + 1
                starText += 1
                textIndex = starText
            } else {
                return false
            }
        }
        while patternIndex < pattern.endIndex, pattern[patternIndex] == UInt8(ascii: "*") { patternIndex += 1 }
        return patternIndex == pattern.endIndex
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    func trimmingSpaces() -> String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" || first == "\r" { slice = slice.dropFirst() }
        while let last = slice.last, last == " " || last == "\t" || last == "\r" { slice = slice.dropLast() }
        return String(slice)
    }
}
