import AppBundle
import UniformTypes

/// The choices Apple leaves open, each with a documented default (info-plist-rules §2.3, §2.6,
/// §2.7 and system-thumbnails.md). Answers that depend on one carry an ``Assumption`` naming the
/// flag that changes it. ``choices`` lists them all, once: the commands' options, the README's
/// table of assumptions and the lint configuration are made from it.
public struct BrowserPolicy: Sendable, Hashable {
    /// Whether legacy `CFBundleTypeExtensions` make allowed types.
    public enum LegacyExtensions: String, Sendable, Hashable, CaseIterable {
        /// Used on macOS, ignored on iOS (the default): iOS documents `LSItemContentTypes` only.
        case auto
        /// Used on every platform.
        case yes
        /// Ignored on every platform.
        case no
    }

    /// How file extensions are matched against declared tags.
    public enum ExtensionCase: String, Sendable, Hashable, CaseIterable {
        /// `JPG` matches `jpg` (the default; everyday behaviour, not documented).
        case insensitive
        /// Only the declared spelling matches.
        case sensitive
    }

    /// The least confidence in the reference's thumbnail table that counts as "the system renders
    /// a thumbnail".
    public enum ThumbnailConfidence: String, Sendable, Hashable, CaseIterable {
        /// Only what Apple documents.
        case documented
        /// Documented or strong indirect evidence (the default).
        case likely
        /// Anything not known to be an icon: unknown counts too.
        case unknown
    }

    /// How a type is matched against a list of types the system compares with it.
    public enum TypeMatch: String, Sendable, Hashable, CaseIterable {
        /// The identifier itself only.
        case exact
        /// The identifier or any of its supertypes.
        case conforming
    }

    /// Whether document types with `CFBundleTypeRole` `None` give allowed types (default yes).
    public var countRoleNone: Bool
    /// Whether document types with `LSHandlerRank` `None` give allowed types (default yes).
    public var countRankNone: Bool
    /// Whether legacy extensions give allowed types.
    public var legacyExtensions: LegacyExtensions
    /// How extensions match.
    public var extensionCase: ExtensionCase
    /// The least thumbnail confidence that counts.
    public var thumbnailConfidence: ThumbnailConfidence
    /// Whether an exported declaration wins over imported ones when types Apple's documented
    /// rule leaves tied claim an extension (default no: Apple documents the choice as undefined).
    public var exportedWins: Bool
    /// Whether a file is allowed when its type conforms to an allowed type (the default), or only
    /// when it is one.
    public var allowedMatch: TypeMatch
    /// Whether a Thumbnail extension draws a type only when it lists it (the default), or also
    /// when it lists a supertype.
    public var thumbnailExtensionMatch: TypeMatch
    /// Whether `CFBundleTypeIconFiles` gives an iOS app's document type a custom icon (default yes).
    public var iOSTypeIconFiles: Bool
    /// Whether the icons of an imported declaration show for a type the app does not list in its
    /// document types (default yes).
    public var importedTypeIcons: Bool
    /// Whether a system type without an icon of its own shows its nearest supertype's (default yes).
    public var inheritSystemIcons: Bool
    /// Whether a declared extension written with a leading dot (`.sketch`) matches files (default
    /// no, in `CFBundleTypeExtensions` and `UTTypeTagSpecification` alike).
    public var leadingDotMatches: Bool
    /// Whether, on macOS, an icon made from the app icon needs `CFBundleTypeIconSystemGenerated`
    /// (default yes).
    public var systemGeneratedIconRequired: Bool
    /// Whether an app whose icon cannot be known (an Info.plist read without its bundle or asset
    /// catalogs) is answered as having one (default yes: Xcode adds it when it builds the app).
    public var assumeAppIcon: Bool
    /// The system release whose types answer (default: the newest the package knows).
    public var systemRelease: SystemRelease

    /// The documented defaults, or the choices given.
    public init(
        countRoleNone: Bool = true, countRankNone: Bool = true, legacyExtensions: LegacyExtensions = .auto,
        extensionCase: ExtensionCase = .insensitive, thumbnailConfidence: ThumbnailConfidence = .likely,
        exportedWins: Bool = false, allowedMatch: TypeMatch = .conforming, thumbnailExtensionMatch: TypeMatch = .exact,
        iOSTypeIconFiles: Bool = true, importedTypeIcons: Bool = true, inheritSystemIcons: Bool = true,
        leadingDotMatches: Bool = false, systemGeneratedIconRequired: Bool = true, assumeAppIcon: Bool = true,
        systemRelease: SystemRelease = .newest
    ) {
        self.countRoleNone = countRoleNone
        self.countRankNone = countRankNone
        self.legacyExtensions = legacyExtensions
        self.extensionCase = extensionCase
        self.thumbnailConfidence = thumbnailConfidence
        self.exportedWins = exportedWins
        self.allowedMatch = allowedMatch
        self.thumbnailExtensionMatch = thumbnailExtensionMatch
        self.iOSTypeIconFiles = iOSTypeIconFiles
        self.importedTypeIcons = importedTypeIcons
        self.inheritSystemIcons = inheritSystemIcons
        self.leadingDotMatches = leadingDotMatches
        self.systemGeneratedIconRequired = systemGeneratedIconRequired
        self.assumeAppIcon = assumeAppIcon
        self.systemRelease = systemRelease
    }

    /// Whether legacy extensions are used for an app on `platform`.
    public func usesLegacyExtensions(on platform: Platform) -> Bool {
        switch legacyExtensions {
        case .auto: platform == .macOS
        case .yes: true
        case .no: false
        }
    }

    /// Whether a thumbnail verdict counts as "the system renders one".
    public func counts(_ verdict: SystemThumbnail.Verdict) -> Bool {
        switch verdict {
        case .documented: true
        case .likely: thumbnailConfidence != .documented
        case .unknown: thumbnailConfidence == .unknown
        case .likelyNot: false
        }
    }

    /// The assumption the choice `flag` makes with the value in effect, as answers name it; nil
    /// for a flag that is not one of ``choices``.
    public func assumption(_ flag: String) -> Assumption? {
        guard let choice = Self.choice(named: flag) else { return nil }
        let value = choice.value(self)
        return Assumption(flag: choice.flag, value: value, statement: choice.statement(self, value))
    }

    /// The assumption of `choice`, which is one of ``choices``.
    func assumption(_ choice: KeyPath<Choices, Choice>) -> Assumption {
        let choice = Self.named[keyPath: choice]
        let value = choice.value(self)
        return Assumption(flag: choice.flag, value: value, statement: choice.statement(self, value))
    }

    // MARK: The assumptions each choice makes

    /// What counting (or not) entries with role `None` assumes.
    public var roleNoneAssumption: Assumption { assumption(\.countRoleNone) }
    /// What counting (or not) entries with rank `None` assumes.
    public var rankNoneAssumption: Assumption { assumption(\.countRankNone) }
    /// What using (or ignoring) legacy extensions on `platform` assumes.
    public func legacyAssumption(on platform: Platform) -> Assumption {
        let used = usesLegacyExtensions(on: platform)
        return Assumption(
            flag: Self.named.legacyExtensions.flag, value: legacyExtensions.rawValue,
            statement: used
                ? "legacy 'CFBundleTypeExtensions' give allowed types on \(platform) (Apple documents them for macOS; iOS documents 'LSItemContentTypes' only)"
                : "legacy 'CFBundleTypeExtensions' are ignored on \(platform) (iOS documents 'LSItemContentTypes' only)"
        )
    }
    /// What matching extensions with or without regard to case assumes.
    public var extensionCaseAssumption: Assumption { assumption(\.extensionCase) }
    /// What letting (or not) an exported declaration win over imported ones assumes.
    public var exportedWinsAssumption: Assumption { assumption(\.exportedWins) }
    /// What counting a thumbnail verdict below "documented" assumes.
    public var thumbnailAssumption: Assumption { assumption(\.thumbnailConfidence) }
}

extension BrowserPolicy {
    /// One choice Apple leaves open: its flag, values, default, what each value assumes, and the
    /// source of the default (or the absence of one).
    public struct Choice: Sendable {
        /// The flag without dashes: `count-role-none`.
        public let flag: String
        /// The values it takes; the first is the default.
        public let values: [String]
        /// One line for `--help`.
        public let help: String
        /// Where the default comes from, or that no source says.
        public let source: String
        /// The value `policy` has.
        let value: @Sendable (BrowserPolicy) -> String
        /// Sets `policy` to one of ``values``.
        let set: @Sendable (inout BrowserPolicy, String) -> Void
        /// What a value assumes, lower-case first.
        let statement: @Sendable (BrowserPolicy, String) -> String

        /// The default value.
        public var defaultValue: String { values[0] }
    }

    /// Every choice by name, for the assumptions the answers name.
    struct Choices: Sendable {
        let countRoleNone = Choice(
            flag: "count-role-none", values: ["yes", "no"],
            help: "Whether document types with role None give allowed types.",
            source:
                "not documented (info-plist-rules §2.6); counted, as the key reference lists 'None' among the roles",
            value: { $0.countRoleNone ? "yes" : "no" }, set: { $0.countRoleNone = $1 == "yes" },
            statement: { _, value in
                value == "yes"
                    ? "document types with role 'None' give allowed types (Apple does not document whether they do)"
                    : "document types with role 'None' are left out (Apple does not document whether they are)"
            })
        let countRankNone = Choice(
            flag: "count-rank-none", values: ["yes", "no"],
            help: "Whether document types with rank None give allowed types.",
            source: "not documented (info-plist-rules §2.6)",
            value: { $0.countRankNone ? "yes" : "no" }, set: { $0.countRankNone = $1 == "yes" },
            statement: { _, value in
                value == "yes"
                    ? "document types with rank 'None' give allowed types (Apple does not document whether they do)"
                    : "document types with rank 'None' are left out (Apple does not document whether they are)"
            })
        let legacyExtensions = Choice(
            flag: "legacy-extensions", values: ["auto", "yes", "no"],
            help: "Whether CFBundleTypeExtensions give allowed types: auto uses them on macOS, not on iOS.",
            source:
                "the key reference documents CFBundleTypeExtensions for macOS; the iOS guide documents LSItemContentTypes only (S1, S16)",
            value: { $0.legacyExtensions.rawValue },
            set: { $0.legacyExtensions = LegacyExtensions(rawValue: $1) ?? .auto },
            statement: { _, value in
                switch value {
                case "yes": "legacy 'CFBundleTypeExtensions' give allowed types on every platform"
                case "no": "legacy 'CFBundleTypeExtensions' are ignored on every platform"
                default: "legacy 'CFBundleTypeExtensions' give allowed types on macOS and are ignored on iOS"
                }
            })
        let extensionCase = Choice(
            flag: "extension-case", values: ["insensitive", "sensitive"],
            help: "How file extensions match declared tags.",
            source: "not documented (info-plist-rules §2.3 item 7); everyday behaviour ('.JPG' files are JPEG)",
            value: { $0.extensionCase.rawValue },
            set: { $0.extensionCase = ExtensionCase(rawValue: $1) ?? .insensitive },
            statement: { _, value in
                value == "insensitive"
                    ? "extensions match declared tags whatever their letter case (observed, not documented)"
                    : "extensions match only the declared spelling"
            })
        let exportedWins = Choice(
            flag: "exported-wins", values: ["no", "yes"],
            help: "Whether an exported declaration wins over imported ones claiming one extension or MIME type.",
            source:
                "Apple documents the choice among equally public types as undefined (UTTypeCreatePreferredIdentifierForTag, S8)",
            value: { $0.exportedWins ? "yes" : "no" }, set: { $0.exportedWins = $1 == "yes" },
            statement: { _, value in
                value == "yes"
                    ? "an exported declaration wins over imported ones that claim the same extension (Apple does not document this)"
                    : "an exported and an imported type claiming one extension tie, as Apple documents the choice between equally public types as undefined"
            })
        let allowedMatch = Choice(
            flag: "allowed-match", values: ["conforming", "exact"],
            help: "Whether a file opens when its type conforms to an allowed type, or only when it is one.",
            source:
                "not stated by Apple for the document browser (info-plist-rules §2.6); conformance is the UTI model and relied on universally",
            value: { $0.allowedMatch.rawValue },
            set: { $0.allowedMatch = TypeMatch(rawValue: $1) ?? .conforming },
            statement: { _, value in
                value == "conforming"
                    ? "a file opens when its type conforms to an allowed type (Apple does not state the browser's test)"
                    : "a file opens only when its type is an allowed type itself"
            })
        let thumbnailConfidence = Choice(
            flag: "thumbnail-confidence", values: ["likely", "documented", "unknown"],
            help: "The least confidence in the reference's thumbnail table that counts as a system thumbnail.",
            source:
                "system-thumbnails.md: documented for images, PDF, movies, audio, text and USDZ; likely for iWork and Office",
            value: { $0.thumbnailConfidence.rawValue },
            set: { $0.thumbnailConfidence = ThumbnailConfidence(rawValue: $1) ?? .likely },
            statement: { _, value in "system thumbnails count from confidence '\(value)' up" })
        let thumbnailExtensionMatch = Choice(
            flag: "thumbnail-extension-match", values: ["exact", "conforming"],
            help:
                "Whether a Thumbnail extension draws a type only when it lists it, or also when it lists a supertype.",
            source:
                "not documented: Apple asks extensions to list their types' identifiers in QLSupportedContentTypes (S13)",
            value: { $0.thumbnailExtensionMatch.rawValue },
            set: { $0.thumbnailExtensionMatch = TypeMatch(rawValue: $1) ?? .exact },
            statement: { _, value in
                value == "exact"
                    ? "a Thumbnail extension draws only the types it lists, not their subtypes (not documented)"
                    : "a Thumbnail extension draws the types it lists and their subtypes (not documented)"
            })
        let iOSTypeIconFiles = Choice(
            flag: "ios-type-icon-files", values: ["yes", "no"],
            help: "Whether CFBundleTypeIconFiles gives an iOS document type a custom icon.",
            source:
                "documented in the archived key reference (S1); whether the Files app still uses it is not documented",
            value: { $0.iOSTypeIconFiles ? "yes" : "no" }, set: { $0.iOSTypeIconFiles = $1 == "yes" },
            statement: { _, value in
                value == "yes"
                    ? "'CFBundleTypeIconFiles' gives a document icon on iOS (the archived key reference documents it; current behaviour is not)"
                    : "'CFBundleTypeIconFiles' is ignored on iOS"
            })
        let importedTypeIcons = Choice(
            flag: "imported-type-icons", values: ["yes", "no"],
            help:
                "Whether an imported declaration's icons show for a type the app does not list in its document types.",
            source: "not documented: Apple documents UTTypeIcons among exported declarations' keys (S12)",
            value: { $0.importedTypeIcons ? "yes" : "no" }, set: { $0.importedTypeIcons = $1 == "yes" },
            statement: { _, value in
                value == "yes"
                    ? "the icons of an imported declaration show even where the app does not list the type (not documented)"
                    : "the icons of an imported declaration show only where the app lists the type"
            })
        let inheritSystemIcons = Choice(
            flag: "inherit-system-icons", values: ["yes", "no"],
            help: "Whether a system type without an icon of its own shows its nearest supertype's icon.",
            source:
                "the reference's catalog notes an 'inherited or generic' icon for such types; which one shows is not documented",
            value: { $0.inheritSystemIcons ? "yes" : "no" }, set: { $0.inheritSystemIcons = $1 == "yes" },
            statement: { _, value in
                value == "yes"
                    ? "a system type without an icon of its own shows its nearest supertype's (not documented)"
                    : "a system type without an icon of its own shows the generic icon"
            })
        let leadingDot = Choice(
            flag: "leading-dot", values: ["never", "stripped"],
            help: "Whether a declared extension written with a leading dot ('.sketch') matches files.",
            source: "not documented; Apple's examples declare extensions without the dot (UTI-012 warns)",
            value: { $0.leadingDotMatches ? "stripped" : "never" }, set: { $0.leadingDotMatches = $1 == "stripped" },
            statement: { _, value in
                value == "never"
                    ? "a declared extension written with a leading '.' matches no file (not documented)"
                    : "a declared extension's leading '.' is dropped before matching (not documented)"
            })
        let systemGeneratedIcons = Choice(
            flag: "system-generated-icons", values: ["required", "any"],
            help:
                "On macOS, whether an icon made from the app icon needs CFBundleTypeIconSystemGenerated (required) or not (any).",
            source:
                "third-party reports (info-plist-rules §2.7); Apple does not document CFBundleTypeIconSystemGenerated",
            value: { $0.systemGeneratedIconRequired ? "required" : "any" },
            set: { $0.systemGeneratedIconRequired = $1 == "required" },
            statement: { _, value in
                value == "required"
                    ? "on macOS, documents get an icon made from the app icon only with 'CFBundleTypeIconSystemGenerated' (not documented)"
                    : "on macOS, documents get an icon made from the app icon without 'CFBundleTypeIconSystemGenerated' too"
            })
        let assumeAppIcon = Choice(
            flag: "assume-app-icon", values: ["yes", "no"],
            help: "Whether an app whose icon cannot be known (an Info.plist without its bundle) is taken to have one.",
            source:
                "Xcode adds CFBundleIconName from the asset catalog's app icon set when it builds (ASSETCATALOG_COMPILER_APPICON_NAME)",
            value: { $0.assumeAppIcon ? "yes" : "no" }, set: { $0.assumeAppIcon = $1 == "yes" },
            statement: { _, value in
                value == "yes"
                    ? "the built app has an icon, though this Info.plist names none (Xcode adds it from an asset catalog when it builds)"
                    : "the app has no icon unless its Info.plist names one"
            })
        let systemRelease = Choice(
            flag: "system-release", values: SystemRelease.allCases.reversed().map(\.rawValue),
            help: "The system release whose types answer.",
            source:
                "the embedded catalog is macOS 12.7's; newer types from the SDKs (newer-system-types.tsv); iOS's own declarations are not published",
            value: { $0.systemRelease.rawValue },
            set: { $0.systemRelease = SystemRelease(rawValue: $1) ?? .newest },
            statement: { _, value in
                "the system types are macOS's, as of \(SystemRelease(rawValue: value)?.name ?? value); iOS declares the same types as far as is known"
            })
    }

    /// Every choice, by name.
    static let named = Choices()

    /// Every choice Apple leaves open, in the order the help and the README list them.
    public static let choices: [Choice] = [
        named.countRoleNone, named.countRankNone, named.legacyExtensions, named.extensionCase, named.exportedWins,
        named.allowedMatch, named.thumbnailConfidence, named.thumbnailExtensionMatch, named.iOSTypeIconFiles,
        named.importedTypeIcons, named.inheritSystemIcons, named.leadingDot, named.systemGeneratedIcons,
        named.assumeAppIcon, named.systemRelease,
    ]

    /// The choice with flag `flag`.
    public static func choice(named flag: String) -> Choice? {
        choices.first { $0.flag == flag }
    }

    /// The policy with each of `values` (flag → value) set; an error names the first flag or
    /// value that is not one of ``choices``.
    public init(values: [(flag: String, value: String)]) throws(PolicyError) {
        self.init()
        try apply(values)
    }

    /// Sets each of `values` (flag → value), over what the policy had; an error names the first
    /// flag or value that is not one of ``choices``.
    public mutating func apply(_ values: [(flag: String, value: String)]) throws(PolicyError) {
        for (flag, value) in values {
            guard let choice = Self.choice(named: flag) else { throw .unknownFlag(flag) }
            guard choice.values.contains(value) else { throw .invalidValue(flag: flag, value: value, choice.values) }
            choice.set(&self, value)
        }
    }

    /// The values that differ from the defaults, as `--flag value` settings, in ``choices`` order.
    public var nonDefaultSettings: [String] {
        Self.choices.compactMap { choice in
            let value = choice.value(self)
            return value == choice.defaultValue ? nil : "--\(choice.flag) \(value)"
        }
    }
}

/// A policy value that is not one of the choices.
public enum PolicyError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No choice has this flag.
    case unknownFlag(String)
    /// The flag does not take this value.
    case invalidValue(flag: String, value: String, [String])

    /// One line.
    public var description: String {
        switch self {
        case .unknownFlag(let flag): "unknown assumption '\(flag)'"
        case .invalidValue(let flag, let value, let values):
            "'\(flag)' takes \(values.map { "'\($0)'" }.joined(separator: ", ")), not '\(value)'"
        }
    }
}

extension BrowserPolicy {
    /// ``choices`` as a Markdown table (flag, values with the default first, what the default
    /// assumes, its source): the README's list of what answers assume, kept in sync by a test.
    public static var markdownTable: String {
        var text = "| flag | values (default first) | the default assumes | source |\n|---|---|---|---|\n"
        let defaults = BrowserPolicy()
        for choice in choices {
            let statement = choice.statement(defaults, choice.defaultValue).replacing("|", with: "\\|")
            text += "| `--\(choice.flag)` | \(choice.values.map { "`\($0)`" }.joined(separator: ", ")) "
            text += "| \(statement) | \(choice.source.replacing("|", with: "\\|")) |\n"
        }
        return text
    }
}
