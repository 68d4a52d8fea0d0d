import AppBundle
import DocumentBrowser

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
        let json: JSONValue
        do {
            json = try JSONValue.parse(bytes)
        } catch {
            throw ConfigurationError("not valid JSON at line \(error.line), column \(error.column): \(error.message)")
        }
        guard let members = json.members else { throw ConfigurationError("the configuration must be a JSON object") }
        guard let version = json["version"]?.integer else { throw ConfigurationError("missing \"version\": 1") }
        guard version == currentVersion else {
            throw ConfigurationError(
                "version \(version) is not supported; this utiscope reads version \(currentVersion)")
        }
        var configuration = LintConfiguration(folder: folder)
        var warnings: [String] = []
        for (key, value) in members {
            switch key {
            case "version": continue
            case "rules":
                guard let settings = value.members else { throw ConfigurationError("\"rules\" must be an object") }
                for (code, setting) in settings {
                    guard let word = setting.string, let parsed = RuleSetting(rawValue: word) else {
                        throw ConfigurationError("rule '\(code)' must be \"off\", \"info\", \"warning\" or \"error\"")
                    }
                    let canonical = code.uppercased()
                    if !knownCodes.contains(canonical) {
                        warnings.append("unknown rule '\(code)' is ignored")
                        continue
                    }
                    configuration.rules[canonical] = parsed
                }
            case "excluded":
                guard let paths = value.array?.compactMap(\.string), paths.count == value.array?.count else {
                    throw ConfigurationError("\"excluded\" must be an array of strings")
                }
                configuration.excluded = paths
            case "platform":
                guard let word = value.string, let platform = Platform(rawValue: word), platform != .unknown else {
                    throw ConfigurationError("\"platform\" must be \"ios\" or \"macos\"")
                }
                configuration.platform = platform
            case "buildSettings":
                guard let settings = value.members else {
                    throw ConfigurationError("\"buildSettings\" must be an object of strings")
                }
                for (name, setting) in settings {
                    guard let text = setting.string else {
                        throw ConfigurationError("build setting '\(name)' must be a string")
                    }
                    configuration.buildSettings[name] = text
                }
            case "assumptions":
                guard let choices = value.members else {
                    throw ConfigurationError("\"assumptions\" must be an object of strings")
                }
                var values: [(flag: String, value: String)] = []
                for (flag, choice) in choices {
                    guard let text = choice.string else {
                        throw ConfigurationError("assumption '\(flag)' must be a string")
                    }
                    values.append((flag, text))
                }
                do {
                    configuration.policy = try BrowserPolicy(values: values)
                } catch {
                    throw ConfigurationError(error.description)
                }
            case "sources":
                guard case .bool(let flag) = value else {
                    throw ConfigurationError("\"sources\" must be true or false")
                }
                configuration.readsSources = flag
            default:
                warnings.append("unknown key '\(key)' is ignored")
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

/// A configuration file that cannot be used.
public struct ConfigurationError: Error, Sendable, Hashable {
    /// What is wrong, lower-case first.
    public var message: String

    /// Creates an error.
    public init(_ message: String) {
        self.message = message
    }
}
