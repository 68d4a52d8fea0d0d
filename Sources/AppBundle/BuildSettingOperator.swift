/// Xcode's build-setting operators (`$(NAME:op)` and `$(NAME:op=operand)`), with the behaviour of
/// swift-build's `MacroEvaluationProgram`.
public enum BuildSettingOperator {
    /// An operator that transforms the value: `:lower`, `:rfc1034identifier`, `:dir`…
    public enum Retrieval: String, Sendable, Hashable, CaseIterable {
        /// Quotes for a shell-like list: spaces, tabs, newlines, backslashes and quotes escaped.
        case quote
        /// Upper-cased.
        case upper
        /// Lower-cased.
        case lower
        /// A C identifier: characters other than letters, digits and `_` become `_`; a leading
        /// digit becomes `_`.
        case identifier
        /// An RFC 1034 identifier: characters other than letters, digits and `-` become `-`; a
        /// leading digit becomes `-`.
        case rfc1034identifier
        /// A C99 extended identifier: characters outside C99's identifier set become `_`; a leading
        /// digit becomes `_`.
        case c99extidentifier
        /// The directory part with a trailing `/` (`./` when there is none).
        case dir
        /// The last path component.
        case file
        /// The last path component without its suffix.
        case base
        /// The suffix of the last component with its dot (`.plist`), or empty.
        case suffix
        /// The path with `.` and `x/..` removed.
        case standardizepath
        /// `YES` unless the value is `YES`, then `NO`.
        case not

        /// Applies the operator to `value`.
        public func apply(to value: String) -> String {
            switch self {
            case .quote: return Self.quoted(value)
            case .upper: return value.uppercased()
            case .lower: return value.lowercased()
            case .identifier: return Self.mangled(value, allowDash: false, allowUnderscore: true)
            case .rfc1034identifier: return Self.mangled(value, allowDash: true, allowUnderscore: false)
            case .c99extidentifier: return Self.c99Extended(value)
            case .dir:
                let directory = Self.xcodeDirectory(of: value)
                if directory.isEmpty { return "./" }
                return directory.hasSuffix("/") ? directory : directory + "/"
            case .file: return Self.xcodeLastComponent(of: value)
            case .base: return Self.withoutSuffix(Self.xcodeLastComponent(of: value))
            case .suffix: return Self.suffix(of: Self.xcodeLastComponent(of: value))
            case .standardizepath: return Path.normalize(value)
            case .not: return value != "YES" ? "YES" : "NO"
            }
        }

        /// Letters pass; digits pass unless first; `-` or `_` pass where allowed; every other
        /// character (a grapheme, as Xcode iterates them) becomes `_` or `-`.
        static func mangled(_ value: String, allowDash: Bool, allowUnderscore: Bool) -> String {
            var result = ""
            var isFirst = true
            for character in value {
                let keep: Bool
                switch character {
                case "A"..."Z", "a"..."z": keep = true
                case "0"..."9": keep = !isFirst
                case "-": keep = allowDash
                case "_": keep = allowUnderscore
                default: keep = false
                }
                result.append(keep ? character : (allowUnderscore ? "_" : "-"))
                isFirst = false
            }
            return result
        }

        /// C99 extended identifier: ASCII letters, digits and `_`, and the Unicode letters of C99
        /// Annex D (approximated here by Unicode's alphabetic property) pass; others become `_`; a
        /// leading digit becomes `_`.
        static func c99Extended(_ value: String) -> String {
            var scalars = String.UnicodeScalarView()
            for scalar in value.unicodeScalars {
                let isASCIIWord =
                    (scalar >= "A" && scalar <= "Z") || (scalar >= "a" && scalar <= "z")
                    || (scalar >= "0" && scalar <= "9") || scalar == "_"
                let isLetter = scalar.value > 0x7F && scalar.properties.isAlphabetic
                scalars.append(isASCIIWord || isLetter ? scalar : "_")
            }
            if let first = scalars.first, first.properties.numericType == .decimal {
                scalars.replaceSubrange(scalars.startIndex...scalars.startIndex, with: ["_"])
            }
            return String(scalars)
        }

        static func quoted(_ value: String) -> String {
            if value.isEmpty { return "\"\"" }
            var result = ""
            for character in value {
                if character == " " || character == "\t" || character == "\r" || character == "\n"
                    || character == "\\" || character == "\"" || character == "'"
                {
                    result.append("\\")
                }
                result.append(character)
            }
            return result
        }

        /// The directory part as swift-build's `Path.dirname` gives it: empty for a bare name.
        static func xcodeDirectory(of value: String) -> String {
            guard value.contains("/") else { return "" }
            return Path.directory(of: value)
        }

        static func xcodeLastComponent(of value: String) -> String {
            value.hasSuffix("/") && value.count > 1 ? Path.lastComponent(of: value) : lastAfterSlash(value)
        }

        private static func lastAfterSlash(_ value: String) -> String {
            guard let slash = value.lastIndex(of: "/") else { return value }
            return String(value[value.index(after: slash)...])
        }

        static func withoutSuffix(_ name: String) -> String {
            guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
            return String(name[..<dot])
        }

        static func suffix(of name: String) -> String {
            guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
            return String(name[dot...])
        }
    }

    /// An operator that replaces part of the value with its operand: `:default=`, `:suffix=`…
    public enum Replacement: String, Sendable, Hashable, CaseIterable {
        /// The operand when the value is empty (applies even to an undefined setting).
        case `default`
        /// The directory replaced by the operand.
        case dir
        /// The last component replaced by the operand.
        case file
        /// The last component's base name replaced, its suffix kept.
        case base
        /// The suffix replaced by the operand (given with or without its dot).
        case suffix
        /// The value (an absolute path) made relative to the operand (an absolute path); a relative
        /// input is returned unchanged.
        case relativeto
        /// `YES` when the operand (absolute) is an ancestor of the value (absolute), else `NO`.
        case isancestor

        /// Applies the operator to a non-empty `value`.
        public func apply(to value: String, operand: String) -> String {
            switch self {
            case .default:
                return value.isEmpty ? operand : value
            case .dir:
                return Path.join(operand, Retrieval.xcodeLastComponent(of: value))
            case .file:
                return Path.join(Retrieval.xcodeDirectory(of: value), operand)
            case .base:
                let name = Retrieval.xcodeLastComponent(of: value)
                let suffix = Retrieval.suffix(of: name)
                return Path.join(Retrieval.xcodeDirectory(of: value), operand) + (suffix.isEmpty ? "." : suffix)
            case .suffix:
                let newSuffix = operand.contains(".") ? String(Retrieval.suffix(of: operand).dropFirst()) : operand
                let directory = Retrieval.xcodeDirectory(of: value)
                let base = Retrieval.withoutSuffix(Retrieval.xcodeLastComponent(of: value))
                return Path.join(directory, base) + "." + newSuffix
            case .relativeto:
                guard value.hasPrefix("/"), operand.hasPrefix("/") else { return value }
                return Self.relativePath(Path.normalize(value), from: Path.normalize(operand))
            case .isancestor:
                guard value.hasPrefix("/"), operand.hasPrefix("/") else { return "NO" }
                return Path.relative(value, to: operand) != nil ? "YES" : "NO"
            }
        }

        private static func relativePath(_ path: String, from base: String) -> String {
            let pathParts = path.split(separator: "/")
            let baseParts = base.split(separator: "/")
            var common = 0
            while common < pathParts.count, common < baseParts.count, pathParts[common] == baseParts[common] {
                common += 1
            }
            let ups = Array(repeating: "..", count: baseParts.count - common)
            let rest = pathParts[common...].map(String.init)
            let joined = (ups + rest).joined(separator: "/")
            return joined.isEmpty ? "." : joined
        }
    }
}
