import AppBundle
import DocumentBrowser
import PropertyList
import Support

/// What `.utiscope.json` says: rules off or at another severity, paths left out, the platform,
/// build settings for `$(NAME)` references, whether the apps' Swift code is read.
///
/// ```json
/// {
///   "version": 1,
///   "rules": { "ICON-001": "off", "DOC-002": "error" },
///   "excluded": ["Pods", "Vendor/Legacy/Info.plist"],
///   "platform": "ios",
///   "buildSettings": { "PRODUCT_BUNDLE_IDENTIFIER": "com.example.app" },
///   "assumptions": { "thumbnail-confidence": "documented" },
///   "sources": false
/// }
/// ```
public struct LintConfiguration: Sendable, Hashable {
    /// The format version this code reads.
    public static let currentVersion = 1
    /// The file name looked for from each input's folder upwards.
    public static let fileName = ".utiscope.json"

    /// Settings by rule code.
    public var rules: [String: RuleSetting]
    /// Paths left out: relative to the configuration's folder, a path matches itself and
    /// everything below it; `*` matches within one path component.
    public var excluded: [String]
    /// The platform to lint for, instead of what each Info.plist's keys say.
    public var platform: Platform?
    /// Build settings for `$(NAME)` references in values.
    public var buildSettings: [String: String]
    /// The folder the configuration was read from ("" for none).
    public var folder: String
    /// The choices for what Apple leaves open, as the document-browser commands take them.
    public var policy: BrowserPolicy
    /// Whether the Swift code of apps found in a project or folder is read (`"sources": false`
    /// turns it off, as `--no-sources` does).
    public var readsSources = true

    /// The default configuration: every rule at its severity.
    public init(
        rules: [String: RuleSetting] = [:], excluded: [String] = [], platform: Platform? = nil,
        buildSettings: [String: String] = [:], folder: String = "", policy: BrowserPolicy = BrowserPolicy()
    ) {
        self.policy = policy
        self.rules = rules
        self.excluded = excluded
        self.platform = platform
        self.buildSettings = buildSettings
        self.folder = folder
    }

    /// Reads a configuration; problems that do not stop reading (unknown rule codes, unknown keys)
    /// are returned as warnings. Thrown: the text is not JSON, or not a version this code reads.
    public static func parse(_ bytes: [UInt8], folder: String, knownCodes: Set<String>) throws(ConfigurationError)
        -> (configuration: LintConfiguration, warnings: [String])
    {
        let (configuration, warnings) = try read(bytes, folder: folder, knownCodes: knownCodes)
        return (configuration, warnings.map(\.message))
    }

    /// The keys a configuration has.
    public static let keys = ["version", "rules", "excluded", "platform", "buildSettings", "assumptions", "sources"]

    /// ``parse(_:folder:knownCodes:)`` with each warning's place in the file. A rule is named by
    /// its code or its name (`DOC-002` or `missing-handler-rank`), in any letter case.
    public static func read(_ bytes: [UInt8], folder: String, knownCodes: Set<String>) throws(ConfigurationError)
        -> (configuration: LintConfiguration, warnings: [ConfigurationError])
    {
        let json: JSONValue
        let positions: [[String]: JSONPosition]
        do {
            (json, positions) = try JSONValue.parseLocatingKeys(bytes)
        } catch {
            throw ConfigurationError(
                "not valid JSON: \(error.message)", at: JSONPosition(line: error.line, column: error.column))
        }
        func problem(_ message: String, _ keys: String...) -> ConfigurationError {
            ConfigurationError(message, at: positions[keys])
        }
        guard let members = json.members else { throw ConfigurationError("the configuration must be a JSON object") }
        guard let version = json["version"]?.integer else { throw problem("missing \"version\": 1", "version") }
        guard version == currentVersion else {
            throw problem(
                "version \(version) is not supported; this utiscope reads version \(currentVersion)", "version")
        }
        let rules = RuleRegistry.descriptions.filter { knownCodes.contains($0.code) }
        var codeOfName: [String: String] = [:]
        for rule in rules { codeOfName[rule.name] = rule.code }
        var configuration = LintConfiguration(folder: folder)
        var warnings: [ConfigurationError] = []
        for (key, value) in members {
            switch key {
            case "version": continue
            case "rules":
                guard let settings = value.members else { throw problem("\"rules\" must be an object", key) }
                for (rule, setting) in settings {
                    guard let word = setting.string, let parsed = RuleSetting(rawValue: word) else {
                        let allowed = RuleSetting.allCases.map(\.rawValue)
                        let hint =
                            setting.string.flatMap { Suggestions.closest(to: $0, in: allowed) }.map {
                                "; did you mean \"\($0)\"?"
                            } ?? ""
                        throw problem(
                            "rule '\(rule)' must be \"off\", \"info\", \"warning\" or \"error\"\(hint)", key, rule)
                    }
                    guard
                        let code = knownCodes.contains(rule.uppercased())
                            ? rule.uppercased() : codeOfName[rule.lowercased()]
                    else {
                        let hint = Suggestions.closest(to: rule, in: rules.map(\.code) + rules.map(\.name)).map {
                            "; did you mean '\($0)'?"
                        }
                        warnings.append(problem("unknown rule '\(rule)' is ignored\(hint ?? "")", key, rule))
                        continue
                    }
                    configuration.rules[code] = parsed
                }
            case "excluded":
                guard let paths = value.array?.compactMap(\.string), paths.count == value.array?.count else {
                    throw problem("\"excluded\" must be an array of strings", key)
                }
                configuration.excluded = paths
            case "platform":
                guard let word = value.string, let platform = Platform(rawValue: word), platform != .unknown else {
                    throw problem("\"platform\" must be \"ios\" or \"macos\"", key)
                }
                configuration.platform = platform
            case "buildSettings":
                guard let settings = value.members else {
                    throw problem("\"buildSettings\" must be an object of strings", key)
                }
                for (name, setting) in settings {
                    guard let text = setting.string else {
                        throw problem("build setting '\(name)' must be a string", key, name)
                    }
                    configuration.buildSettings[name] = text
                }
            case "assumptions":
                guard let choices = value.members else {
                    throw problem("\"assumptions\" must be an object of strings", key)
                }
                var values: [(flag: String, value: String)] = []
                for (flag, choice) in choices {
                    guard let text = choice.string else {
                        throw problem("assumption '\(flag)' must be a string", key, flag)
                    }
                    values.append((flag, text))
                }
                do {
                    configuration.policy = try BrowserPolicy(values: values)
                } catch {
                    switch error {
                    case .unknownFlag(let flag), .invalidValue(let flag, _, _):
                        throw problem(error.description, key, flag)
                    }
                }
            case "sources":
                guard case .bool(let flag) = value else {
                    throw problem("\"sources\" must be true or false", key)
                }
                configuration.readsSources = flag
            default:
                let hint = Suggestions.closest(to: key, in: Self.keys).map { "; did you mean '\($0)'?" } ?? ""
                warnings.append(problem("unknown key '\(key)' is ignored\(hint)", key))
            }
        }
        return (configuration, warnings)
    }

    /// Whether `path` is excluded. With `root`, a path named on the command line that `path` was
    /// found under, only a match below `root` counts: exclusions apply to what utiscope finds in
    /// the paths it is given, not to those paths themselves (`lint Pods/Lib` lints it even when
    /// `Pods` is excluded; `--force-exclude` drops the root argument).
    public func excludes(_ path: String, below root: String? = nil) -> Bool {
        guard !excluded.isEmpty else { return false }
        let components = Self.relative(path, to: folder).split(separator: "/").map(String.init).filter { $0 != "." }
        var named = 0
        if let root {
            let rootComponents = Self.relative(root, to: folder).split(separator: "/").map(String.init)
                .filter { $0 != "." }
            if rootComponents.count <= components.count && components.starts(with: rootComponents) {
                named = rootComponents.count
            }
        }
        return excluded.contains { pattern in
            let patternComponents = pattern.split(separator: "/").map(String.init).filter { $0 != "." }
            guard !patternComponents.isEmpty, patternComponents.count <= components.count else { return false }
            // A pattern matches at the start of the relative path, or anywhere when it is one
            // component; a match that ends within the named root does not count.
            let starts = patternComponents.count == 1 ? Array(components.indices) : [0]
            return starts.contains { start in
                start + patternComponents.count <= components.count && start + patternComponents.count > named
                    && zip(patternComponents, components[start...]).allSatisfy { Self.glob($0, matches: $1) }
            }
        }
    }

    static func relative(_ path: String, to folder: String) -> String {
        var trimmed = path
        while trimmed.hasPrefix("./") { trimmed.removeFirst(2) }
        guard !folder.isEmpty, folder != "." else { return trimmed }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return trimmed.hasPrefix(prefix) ? String(trimmed.dropFirst(prefix.count)) : trimmed
    }

    /// `*` matches any run of characters; everything else matches itself.
    static func glob(_ pattern: String, matches text: String) -> Bool {
        glob(Array(pattern.unicodeScalars)[...], Array(text.unicodeScalars)[...])
    }

    private static func glob(_ pattern: ArraySlice<Unicode.Scalar>, _ text: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let first = pattern.first else { return text.isEmpty }
        if first == "*" {
            var rest = text
            while true {
                if glob(pattern.dropFirst(), rest) { return true }
                guard !rest.isEmpty else { return false }
                rest = rest.dropFirst()
            }
        }
        guard let character = text.first, character == first else { return false }
        return glob(pattern.dropFirst(), text.dropFirst())
    }
}

/// A configuration or baseline file that cannot be used, or a warning about one: what is wrong
/// and, when known, where (the key concerned, or where the JSON stops making sense).
public struct ConfigurationError: Error, Sendable, Hashable {
    /// What is wrong, lower-case first.
    public var message: String
    /// Where in the file, when known.
    public var position: JSONPosition?

    /// Creates an error.
    public init(_ message: String, at position: JSONPosition? = nil) {
        self.message = message
        self.position = position
    }

    /// `path:line:column` (or `path` when the place is unknown), to start a message with.
    public func place(in path: String) -> String {
        guard let position else { return path }
        return "\(path):\(position.line):\(position.column)"
    }
}
