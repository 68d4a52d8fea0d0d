import PropertyList

/// The Info.plist content Xcode generates from build settings when `GENERATE_INFOPLIST_FILE = YES`,
/// and how it is merged onto the target's own Info.plist file (swift-build's
/// `InfoPlistProcessorTaskAction.defaultInfoPlistContent` and `addAdditionalContent`).
///
/// A key is generated when its setting is assigned in some layer or expands to something non-empty.
/// Values are typed as Xcode types the setting: booleans (`INFOPLIST_KEY_LSRequiresIPhoneOS = YES`
/// becomes `<true/>`), space-separated string lists (arrays), or strings. Merging follows Xcode:
/// a generated scalar replaces the file's, arrays are appended without repeats, dictionaries are
/// merged one level deep; values of different kinds keep the file's value and are reported.
public enum InfoPlistKeyMerge {
    /// How a generated value is typed.
    public enum ValueType: Sendable, Hashable {
        /// A string.
        case string
        /// `YES`/`NO` as a boolean.
        case boolean
        /// A space-separated list as an array of strings.
        case stringList
    }

    /// One generated key: the Info.plist key, the build setting it comes from, and its type.
    public struct GeneratedKey: Sendable, Hashable {
        /// The Info.plist key, such as `UISupportedInterfaceOrientations~ipad`.
        public var key: String
        /// The build setting, such as `INFOPLIST_KEY_UISupportedInterfaceOrientations_iPad`.
        public var setting: String
        /// How the value is typed.
        public var type: ValueType
    }

    /// The supported `INFOPLIST_KEY_*` settings (Xcode 16's list, from swift-build), in order.
    /// Two more, `INFOPLIST_KEY_UILaunchScreen_Generation` and
    /// `INFOPLIST_KEY_UIApplicationSceneManifest_Generation`, generate dictionaries; see
    /// ``generatedEntries(settings:productType:)``. Other `INFOPLIST_KEY_*` settings are ignored,
    /// as Xcode ignores them.
    public static let supportedKeys: [GeneratedKey] = {
        let booleans = [
            "GCSupportsControllerUserInteraction", "GCSupportsGameMode", "ITSAppUsesNonExemptEncryption",
            "LSBackgroundOnly", "LSSupportsOpeningDocumentsInPlace", "LSUIElement", "MetalCaptureEnabled",
            "NSSupportsLiveActivities", "NSSupportsLiveActivitiesFrequentUpdates",
            "UIApplicationSupportsIndirectInputEvents", "UIRequiresFullScreen", "UIStatusBarHidden",
            "UISupportsDocumentBrowser", "WKRunsIndependentlyOfCompanionApp", "WKWatchOnly", "WKApplication",
        ]
        let lists = [
            "UIRequiredDeviceCapabilities", "UISupportedInterfaceOrientations",
            "UISupportedInterfaceOrientations~ipad", "UISupportedInterfaceOrientations~iphone",
            "WKSupportsLiveActivityLaunchAttributeTypes",
        ]
        let strings = [
            "CFBundleDisplayName", "LSApplicationCategoryType", "NSHumanReadableCopyright", "NSPrincipalClass",
            "ITSEncryptionExportComplianceCode", "NSLocationTemporaryUsageDescriptionDictionary", "NSMainNibFile",
            "NSMainStoryboardFile", "UILaunchStoryboardName", "UIMainStoryboardFile", "UIUserInterfaceStyle",
            "NSSensorKitPrivacyPolicyURL", "UIStatusBarStyle", "CLKComplicationPrincipalClass",
            "WKCompanionAppBundleIdentifier", "WKExtensionDelegateClassName", "NSStickerSharingLevel",
            "NFCReaderUsageDescription", "NSAppleEventsUsageDescription", "NSAppleMusicUsageDescription",
            "NSBluetoothAlwaysUsageDescription", "NSBluetoothPeripheralUsageDescription",
            "NSBluetoothWhileInUseUsageDescription", "NSCalendarsUsageDescription",
            "NSCalendarsFullAccessUsageDescription", "NSCalendarsWriteOnlyAccessUsageDescription",
            "NSCameraUsageDescription", "NSContactsUsageDescription", "NSDesktopFolderUsageDescription",
            "NSDocumentsFolderUsageDescription", "NSDownloadsFolderUsageDescription", "NSFaceIDUsageDescription",
            "NSFallDetectionUsageDescription", "NSFileProviderDomainUsageDescription",
            "NSFileProviderPresenceUsageDescription", "NSFocusStatusUsageDescription",
            "NSGKFriendListUsageDescription", "NSHealthClinicalHealthRecordsShareUsageDescription",
            "NSHealthShareUsageDescription", "NSHealthUpdateUsageDescription", "NSHomeKitUsageDescription",
            "NSIdentityUsageDescription", "NSLocalNetworkUsageDescription",
            "NSLocationAlwaysAndWhenInUseUsageDescription", "NSLocationAlwaysUsageDescription",
            "NSLocationUsageDescription", "NSLocationWhenInUseUsageDescription", "NSMicrophoneUsageDescription",
            "NSMotionUsageDescription", "NSNearbyInteractionAllowOnceUsageDescription",
            "NSNearbyInteractionUsageDescription", "NSNetworkVolumesUsageDescription",
            "NSPhotoLibraryAddUsageDescription", "NSPhotoLibraryUsageDescription",
            "NSRemindersUsageDescription", "NSRemindersFullAccessUsageDescription",
            "NSRemovableVolumesUsageDescription", "NSSensorKitUsageDescription", "NSSiriUsageDescription",
            "NSSpeechRecognitionUsageDescription", "NSSystemAdministrationUsageDescription",
            "NSSystemExtensionUsageDescription", "NSUserTrackingUsageDescription",
            "NSVideoSubscriberAccountUsageDescription", "NSVoIPUsageDescription", "OSBundleUsageDescription",
        ]
        return strings.map { GeneratedKey(key: $0, setting: settingName(for: $0), type: .string) }
            + booleans.map { GeneratedKey(key: $0, setting: settingName(for: $0), type: .boolean) }
            + lists.map { GeneratedKey(key: $0, setting: settingName(for: $0), type: .stringList) }
    }()

    /// Keys generated from general settings whenever they are set, as Xcode does.
    public static let settingKeys: [(key: String, setting: String)] = [
        ("CFBundleName", "PRODUCT_NAME"),
        ("CFBundleExecutable", "EXECUTABLE_NAME"),
        ("CFBundleVersion", "CURRENT_PROJECT_VERSION"),
        ("CFBundleDevelopmentRegion", "DEVELOPMENT_LANGUAGE"),
        ("CFBundleIdentifier", "PRODUCT_BUNDLE_IDENTIFIER"),
        ("CFBundlePackageType", "PRODUCT_BUNDLE_PACKAGE_TYPE"),
        ("CFBundleShortVersionString", "MARKETING_VERSION"),
    ]

    /// `INFOPLIST_KEY_` and the key, with `~ipad`/`~iphone` spelt `_iPad`/`_iPhone`.
    public static func settingName(for key: String) -> String {
        var name = key
        if name.hasSuffix("~ipad") { name = String(name.dropLast(5)) + "_iPad" }
        if name.hasSuffix("~iphone") { name = String(name.dropLast(7)) + "_iPhone" }
        return "INFOPLIST_KEY_" + name
    }

    /// The entries Xcode generates from `settings` for a product of `productType`, in a stable
    /// order, with the problems met expanding them.
    public static func generatedEntries(
        settings: BuildSettings, productType: ProductType?
    ) -> (entries: [InfoPlistEntry], findings: [AppBundleFinding]) {
        var entries: [InfoPlistEntry] = []
        var findings: [AppBundleFinding] = []

        func generated(_ setting: String) -> (value: String, origin: InfoPlistValue.Origin, unresolved: [String])? {
            guard let expansion = settings.expandedValue(of: setting) else { return nil }
            guard settings.isAssigned(setting) || !expansion.value.isEmpty else { return nil }
            let location = settings.assignment(for: setting)?.location
            let findingLocation = location ?? SourceLocation(file: "")
            findings.append(contentsOf: expansion.problems.map { AppBundleFinding($0, at: findingLocation) })
            return (expansion.value, .buildSetting(name: setting, location: location), expansion.unresolved)
        }

        for item in supportedKeys {
            guard let (value, origin, unresolved) = generated(item.setting) else { continue }
            let content: InfoPlistValue.Content
            switch item.type {
            case .string: content = .string(value)
            case .boolean: content = .boolean(BuildSettings.isYes(value))
            case .stringList:
                content = .array(
                    splitList(value).map { InfoPlistValue(.string($0), origin: origin) })
            }
            entries.append(
                InfoPlistEntry(key: item.key, value: InfoPlistValue(content, origin: origin, unresolved: unresolved)))
        }
        for (key, setting) in settingKeys {
            guard let (value, origin, unresolved) = generated(setting) else { continue }
            entries.append(
                InfoPlistEntry(key: key, value: InfoPlistValue(.string(value), origin: origin, unresolved: unresolved)))
        }
        let fixed = InfoPlistValue.Origin.buildSetting(name: "GENERATE_INFOPLIST_FILE", location: nil)
        entries.append(
            InfoPlistEntry(key: "CFBundleInfoDictionaryVersion", value: InfoPlistValue(.string("6.0"), origin: fixed)))
        let sdk = settings.conditionValues["sdk"] ?? ""
        if productType?.isApplication == true, sdk.hasPrefix("iphone") || sdk.hasPrefix("appletv") {
            entries.append(
                InfoPlistEntry(key: "LSRequiresIPhoneOS", value: InfoPlistValue(.boolean(true), origin: fixed)))
        }
        if let (value, origin, _) = generated("INFOPLIST_KEY_UILaunchScreen_Generation"), BuildSettings.isYes(value) {
            let inner = InfoPlistEntry(key: "UILaunchScreen", value: InfoPlistValue(.dictionary([]), origin: origin))
            entries.append(
                InfoPlistEntry(key: "UILaunchScreen", value: InfoPlistValue(.dictionary([inner]), origin: origin)))
        }
        if let (value, origin, _) = generated("INFOPLIST_KEY_UIApplicationSceneManifest_Generation"),
            BuildSettings.isYes(value)
        {
            let manifest: [InfoPlistEntry] = [
                InfoPlistEntry(
                    key: "UIApplicationSupportsMultipleScenes", value: InfoPlistValue(.boolean(true), origin: origin)),
                InfoPlistEntry(key: "UISceneConfigurations", value: InfoPlistValue(.dictionary([]), origin: origin)),
            ]
            entries.append(
                InfoPlistEntry(
                    key: "UIApplicationSceneManifest", value: InfoPlistValue(.dictionary(manifest), origin: origin)))
        }
        return (entries, findings)
    }

    /// Merges `generated` onto `base` the way Xcode merges additional content.
    public static func merge(
        _ generated: [InfoPlistEntry], into base: [InfoPlistEntry]
    ) -> (entries: [InfoPlistEntry], findings: [AppBundleFinding]) {
        var result = base
        var findings: [AppBundleFinding] = []
        for entry in generated {
            guard let index = result.lastIndex(where: { $0.key == entry.key }) else {
                result.append(entry)
                continue
            }
            let existing = result[index].value
            switch (existing.content, entry.value.content) {
            case (.array(let old), .array(let new)):
                var merged = old
                for item in new where !old.contains(where: { $0.content == item.content }) { merged.append(item) }
                result[index].value.content = .array(merged)
            case (.dictionary(let old), .dictionary(let new)):
                var merged = old
                for item in new {
                    if let position = merged.lastIndex(where: { $0.key == item.key }) {
                        merged[position] = item
                    } else {
                        merged.append(item)
                    }
                }
                result[index].value.content = .dictionary(merged)
            default:
                if existing.isScalar && entry.value.isScalar {
                    result[index].value = entry.value
                } else {
                    let location = existing.location ?? entry.value.location ?? SourceLocation(file: "")
                    findings.append(AppBundleFinding(.incompatibleGeneratedValue(key: entry.key), at: location))
                }
            }
        }
        return (result, findings)
    }

    /// A string list split on unquoted whitespace, quotes removed.
    static func splitList(_ value: String) -> [String] {
        var items: [String] = []
        var current = ""
        var quote: Character?
        var started = false
        for character in value {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
                started = true
            } else if character == " " || character == "\t" || character == "\n" {
                if started || !current.isEmpty { items.append(current) }
                current = ""
                started = false
            } else {
                current.append(character)
            }
        }
        if started || !current.isEmpty { items.append(current) }
        return items
    }
}
