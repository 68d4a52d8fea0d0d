import AppBundle
import UniformTypes

/// The choices Apple leaves open, each with a documented default (info-plist-rules §2.3, §2.6,
/// §2.7 and system-thumbnails.md). Answers that depend on one carry an ``Assumption`` naming the
/// flag that changes it.
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

    /// The documented defaults, or the choices given.
    public init(
        countRoleNone: Bool = true, countRankNone: Bool = true, legacyExtensions: LegacyExtensions = .auto,
        extensionCase: ExtensionCase = .insensitive, thumbnailConfidence: ThumbnailConfidence = .likely,
        exportedWins: Bool = false
    ) {
        self.countRoleNone = countRoleNone
        self.countRankNone = countRankNone
        self.legacyExtensions = legacyExtensions
        self.extensionCase = extensionCase
        self.thumbnailConfidence = thumbnailConfidence
        self.exportedWins = exportedWins
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

    // MARK: The assumptions each choice makes

    /// What counting (or not) entries with role `None` assumes.
    public var roleNoneAssumption: Assumption {
        Assumption(
            flag: "count-role-none", value: countRoleNone ? "yes" : "no",
            statement: countRoleNone
                ? "document types with role 'None' give allowed types (Apple does not document whether they do)"
                : "document types with role 'None' are left out (Apple does not document whether they are)")
    }

    /// What counting (or not) entries with rank `None` assumes.
    public var rankNoneAssumption: Assumption {
        Assumption(
            flag: "count-rank-none", value: countRankNone ? "yes" : "no",
            statement: countRankNone
                ? "document types with rank 'None' give allowed types (Apple does not document whether they do)"
                : "document types with rank 'None' are left out (Apple does not document whether they are)")
    }

    /// What using (or ignoring) legacy extensions on `platform` assumes.
    public func legacyAssumption(on platform: Platform) -> Assumption {
        let used = usesLegacyExtensions(on: platform)
        return Assumption(
            flag: "legacy-extensions", value: legacyExtensions.rawValue,
            statement: used
                ? "legacy 'CFBundleTypeExtensions' give allowed types on \(platform)"
                : "legacy 'CFBundleTypeExtensions' are ignored on \(platform)")
    }

    /// What matching extensions with or without regard to case assumes.
    public var extensionCaseAssumption: Assumption {
        Assumption(
            flag: "extension-case", value: extensionCase.rawValue,
            statement: extensionCase == .insensitive
                ? "extensions match declared tags whatever their letter case (observed, not documented)"
                : "extensions match only the declared spelling")
    }

    /// What letting (or not) an exported declaration win over imported ones assumes.
    public var exportedWinsAssumption: Assumption {
        Assumption(
            flag: "exported-wins", value: exportedWins ? "yes" : "no",
            statement: exportedWins
                ? "an exported declaration wins over imported ones that claim the same extension (Apple does not document this)"
                : "an exported and an imported type claiming one extension tie, as Apple documents the choice between equally public types as undefined"
        )
    }

    /// What counting a thumbnail verdict below "documented" assumes.
    public var thumbnailAssumption: Assumption {
        Assumption(
            flag: "thumbnail-confidence", value: thumbnailConfidence.rawValue,
            statement: "system thumbnails count from confidence '\(thumbnailConfidence.rawValue)' up")
    }
}
