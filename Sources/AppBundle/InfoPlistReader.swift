import PropertyList
import Support
import UniformTypes

/// The keys this reader knows, for "did you mean" suggestions on misspelt ones.
public enum KnownKeys {
    static let documentTypeSet = Table(documentType)
    static let typeDeclarationSet = Table(typeDeclaration)
    static let typeIconsSet = Table(typeIcons)
    static let tagClassesSet = Table(tagClasses)
    static let topLevelSet = Table(topLevel + otherTopLevel)

    /// Known keys as a set, to look unknown ones up, and sorted, to suggest the closest (made
    /// at the first unknown key, once, not for every dictionary with one: most documents have
    /// none, and every lint reads the tables).
    struct Table: Sendable {
        let set: KeySet
        private let index: Suggestions

        init(_ keys: [String]) {
            set = KeySet(keys)
            index = Suggestions(keys: set.keys)
        }

        /// The keys sorted, to suggest the closest.
        var suggestions: SuggestionIndex { index.made }
    }

    /// A table's suggestion index, made when first asked for.
    private final class Suggestions: @unchecked Sendable {
        private let keys: [String]
        /// Guards ``index``: documents are read on several threads.
        private let lock = Lock()
        private var index: SuggestionIndex?

        init(keys: [String]) {
            self.keys = keys
        }

        var made: SuggestionIndex {
            lock.withLock {
                if let index { return index }
                let made = SuggestionIndex(keys.sorted())
                index = made
                return made
            }
        }
    }

    /// Keys of a `CFBundleDocumentTypes` entry: those the model reads first, in the order of
    /// ``DocumentTypeKey`` (their positions in the table), then the others.
    public static let documentType =
        DocumentTypeKey.allCases.map(\.key) + [
            "NSUbiquitousDocumentUserActivityType", "LSIsAppleDefaultForType", "NSExportableAs",
        ]
    /// Keys of a `UTExportedTypeDeclarations` or `UTImportedTypeDeclarations` entry: those the
    /// model reads first, in the order of ``TypeDeclarationKey``, then the others.
    public static let typeDeclaration =
        TypeDeclarationKey.allCases.map(\.key) + [
            "UTTypeIconName", "UTTypeSymbolName", "UTTypeIsWildcard",
            // The iPad document-icon keys older Xcode and Xamarin type editors wrote.
            "UTTypeSize64IconFile", "UTTypeSize320IconFile",
        ]
    /// Keys inside `UTTypeIcons`: those the model reads first, in the order of ``TypeIconsKey``,
    /// then the others.
    public static let typeIcons = TypeIconsKey.allCases.map(\.key) + ["UTTypeSymbolVariantNames"]
    /// Tag classes of `UTTypeTagSpecification`.
    public static let tagClasses = [
        "public.filename-extension", "public.mime-type", "com.apple.ostype", "com.apple.nspboard-type",
    ]
    /// Top-level keys the document questions use.
    public static let topLevel = [
        "CFBundleDocumentTypes", "UTExportedTypeDeclarations", "UTImportedTypeDeclarations",
        "LSSupportsOpeningDocumentsInPlace", "UISupportsDocumentBrowser", "UIFileSharingEnabled",
        "CFBundleIdentifier", "CFBundleIcons", "CFBundleIconFiles", "CFBundleIconFile", "CFBundleIconName",
        "NSExtension", "NSAppClip", "LSRequiresIPhoneOS", "UIDeviceFamily", "LSMinimumSystemVersion",
        "CFBundleSupportedPlatforms", "CFBundleName", "CFBundleDisplayName", "CFBundleExecutable",
        "CFBundlePackageType", "CFBundleShortVersionString", "CFBundleVersion", "CFBundleDevelopmentRegion",
        "CFBundleInfoDictionaryVersion", "CFBundleURLTypes", "CFBundleIcons~ipad",
    ]
    /// Other documented top-level keys: never reported as misspellings of the keys above.
    public static let otherTopLevel = [
        "CFBundleSpokenName", "CFBundleAllowMixedLocalizations", "CFBundleLocalizations", "CFBundleGetInfoString",
        "CFBundleHelpBookFolder", "CFBundleHelpBookName", "CFBundleSignature", "CFBundleDocumentTypes~ipad",
        "NSHumanReadableCopyright", "NSPrincipalClass", "NSMainNibFile", "NSMainStoryboardFile",
        "LSApplicationCategoryType", "LSUIElement", "LSBackgroundOnly", "LSEnvironment",
        "LSMultipleInstancesProhibited", "LSArchitecturePriority", "LSMinimumSystemVersionByArchitecture",
        "LSApplicationQueriesSchemes", "LSFileQuarantineEnabled", "LSSupportsGameMode", "NSAppTransportSecurity",
        "NSServices", "NSSupportsAutomaticTermination", "NSSupportsSuddenTermination", "NSHighResolutionCapable",
        "NSAppleScriptEnabled", "OSAScriptingDefinition", "NSDockTilePlugIn", "NSUserActivityTypes",
        "NSUbiquitousContainers", "UILaunchStoryboardName", "UILaunchScreen", "UIMainStoryboardFile",
        "UIRequiredDeviceCapabilities", "UISupportedInterfaceOrientations", "UISupportedInterfaceOrientations~ipad",
        "UIBackgroundModes", "UIStatusBarStyle", "UIViewControllerBasedStatusBarAppearance",
        "UIApplicationSceneManifest", "UIApplicationSupportsIndirectInputEvents", "UIRequiresFullScreen",
        "UIUserInterfaceStyle", "UIAppFonts", "ITSAppUsesNonExemptEncryption", "MinimumOSVersion",
        "CFBundleIconName~ipad", "UIPrerenderedIcon", "UIStatusBarHidden", "UILaunchImages",
        "NSCameraUsageDescription", "NSPhotoLibraryUsageDescription", "NSPhotoLibraryAddUsageDescription",
        "NSMicrophoneUsageDescription", "NSLocationWhenInUseUsageDescription", "NSFaceIDUsageDescription",
        "NSContactsUsageDescription", "NSBluetoothAlwaysUsageDescription", "NSDocumentsFolderUsageDescription",
        "NSDesktopFolderUsageDescription", "NSDownloadsFolderUsageDescription", "NSAppleEventsUsageDescription",
        "NSLocalNetworkUsageDescription", "NSCalendarsUsageDescription", "NSRemindersUsageDescription",
        "NSSpeechRecognitionUsageDescription", "NSMotionUsageDescription",
    ]
}

/// A key of a known-keys table that the model reads: its raw value is its position in the table
/// (the table lists these keys first, in order), so its value is found without comparing keys.
protocol ModelKey: RawRepresentable, CaseIterable where RawValue == Int {
    /// The key as written.
    var key: String { get }
}

/// The keys of a `CFBundleDocumentTypes` entry the model reads.
enum DocumentTypeKey: Int, ModelKey {
    case name, role, rank, contentTypes, iconFiles, iconFile, iconSystemGenerated, isPackage, documentClass
    case exportableTypes, legacyExtensions, legacyMIMETypes, legacyOSTypes

    var key: String {
        switch self {
        case .name: "CFBundleTypeName"
        case .role: "CFBundleTypeRole"
        case .rank: "LSHandlerRank"
        case .contentTypes: "LSItemContentTypes"
        case .iconFiles: "CFBundleTypeIconFiles"
        case .iconFile: "CFBundleTypeIconFile"
        case .iconSystemGenerated: "CFBundleTypeIconSystemGenerated"
        case .isPackage: "LSTypeIsPackage"
        case .documentClass: "NSDocumentClass"
        case .exportableTypes: "NSExportableTypes"
        case .legacyExtensions: "CFBundleTypeExtensions"
        case .legacyMIMETypes: "CFBundleTypeMIMETypes"
        case .legacyOSTypes: "CFBundleTypeOSTypes"
        }
    }
}

/// The keys of a type declaration the model reads.
enum TypeDeclarationKey: Int, ModelKey {
    case identifier, conformsTo, tagSpecification, description, referenceURL, version, iconFile, iconFiles, icons

    var key: String {
        switch self {
        case .identifier: "UTTypeIdentifier"
        case .conformsTo: "UTTypeConformsTo"
        case .tagSpecification: "UTTypeTagSpecification"
        case .description: "UTTypeDescription"
        case .referenceURL: "UTTypeReferenceURL"
        case .version: "UTTypeVersion"
        case .iconFile: "UTTypeIconFile"
        case .iconFiles: "UTTypeIconFiles"
        case .icons: "UTTypeIcons"
        }
    }
}

/// The keys of a declaration's `UTTypeIcons` the model reads.
enum TypeIconsKey: Int, ModelKey {
    case backgroundName, badgeName, text, symbolName, iconName, iconFile

    var key: String {
        switch self {
        case .backgroundName: "UTTypeIconBackgroundName"
        case .badgeName: "UTTypeIconBadgeName"
        case .text: "UTTypeIconText"
        case .symbolName: "UTTypeSymbolName"
        case .iconName: "UTTypeIconName"
        case .iconFile: "UTTypeIconFile"
        }
    }
}

extension KeyedLookup {
    /// The value for a key the model reads (found by its position, not compared again).
    subscript<Key: ModelKey>(key: Key) -> Node? { value(at: key.rawValue) }
}

extension InfoPlist {
    /// Reads the model from a parsed Info.plist. `platform` overrides what the keys say;
    /// `bundleName` names the declaring bundle in type origins (default: the bundle identifier,
    /// else the file).
    public init(document: PropertyListDocument, platform: Platform? = nil, bundleName: String? = nil) {
        self.init(
            root: document.root, file: document.file, document: document, platform: platform, bundleName: bundleName)
        // Every value is a string of `document` as written (or a number or flag): nothing the file
        // lacks can be in them.
        valuesAsRead = true
    }

    /// Reads the model from an Info.plist as built (build settings expanded, generated keys
    /// merged); `document` is the file it was made from, when there is one.
    public init(resolved: ResolvedInfoPlist, file: String, document: PropertyListDocument?, platform: Platform? = nil) {
        self.init(root: resolved.root, file: file, document: document, platform: platform, bundleName: nil)
        findings = (findings + resolved.findings).sortedForReport()
    }

    /// Reads the model from any Info.plist tree.
    public init<Node: InfoPlistNode>(
        root: Node, file: String, document: PropertyListDocument?, platform: Platform? = nil,
        bundleName: String? = nil
    ) {
        var reader = ShapeReader(file: file)
        self.file = file
        self.document = document
        if root.nodeKind != .dictionary {
            reader.wrongType(root, key: "the Info.plist", expected: .dictionary)
        }
        bundleIdentifier = reader.string(root, "CFBundleIdentifier")
        if let platform {
            self.platform = PlatformEvidence(platform: platform, key: nil, location: nil)
        } else {
            self.platform = PlatformEvidence.infer(from: root)
        }
        let owner = bundleName ?? bundleIdentifier?.value ?? file
        documentTypesLocation = root["CFBundleDocumentTypes"]?.nodeLocation
        (documentTypes, exportedTypes, importedTypes) = reader.sections(of: root, owner: owner)
        supportsOpeningDocumentsInPlace = reader.boolean(root, "LSSupportsOpeningDocumentsInPlace")
        supportsDocumentBrowser = reader.boolean(root, "UISupportsDocumentBrowser")
        fileSharingEnabled = reader.boolean(root, "UIFileSharingEnabled")
        appIcon = reader.appIcon(root)
        if let extensionValue = root["NSExtension"] {
            appExtension = reader.appExtension(extensionValue)
        } else {
            appExtension = nil
        }
        isAppClip = root["NSAppClip"] != nil
        reader.unknownKeys(root, known: KnownKeys.topLevelSet, onlyClose: true)
        findings = reader.findings.sortedForReport()
    }
}

/// Reads values of the expected shape, recording a finding for every value of another shape.
struct ShapeReader {
    var findings: [AppBundleFinding] = []
    /// The file, for values whose own location is unknown (generated from a build setting).
    let file: String

    init(file: String) {
        self.file = file
    }

    func place<Node: InfoPlistNode>(_ node: Node) -> SourceLocation {
        node.nodeLocation ?? SourceLocation(file: file)
    }

    mutating func wrongType<Node: InfoPlistNode>(_ value: Node, key: String, expected: PlistKind) {
        findings.append(
            AppBundleFinding(
                .wrongValueType(key: key, expected: expected.description, found: value.nodeKind.description),
                at: place(value)))
    }

    /// A string; an empty one is kept and reported.
    mutating func string<Node: InfoPlistNode>(_ container: Node, _ key: String) -> Located<String>? {
        string(container[key], key: key)
    }

    /// ``string(_:_:)`` for a key found in one pass over a dictionary.
    mutating func string<Found: KeyedLookup, Key: ModelKey>(_ found: Found, _ key: Key) -> Located<String>?
    where Found.Node: InfoPlistNode {
        string(found[key], key: key.key)
    }

    /// ``string(_:_:)`` for the value found for `key` (nil when there is none).
    mutating func string<Node: InfoPlistNode>(_ value: Node?, key: String) -> Located<String>? {
        guard let value else { return nil }
        guard let text = value.string else {
            wrongType(value, key: key, expected: .string)
            return nil
        }
        if text.isEmpty { findings.append(AppBundleFinding(.emptyValue(key: key), at: place(value))) }
        return Located(text, at: place(value))
    }

    /// A boolean; `1`/`0` integers and `YES`/`NO`/`true`/`false` strings are read as booleans, as
    /// CoreFoundation's bundle code reads them, with a finding.
    mutating func boolean<Node: InfoPlistNode>(_ container: Node, _ key: String) -> Located<Bool>? {
        boolean(container[key], key: key)
    }

    /// ``boolean(_:_:)`` for a key found in one pass over a dictionary.
    mutating func boolean<Found: KeyedLookup, Key: ModelKey>(_ found: Found, _ key: Key) -> Located<Bool>?
    where Found.Node: InfoPlistNode {
        boolean(found[key], key: key.key)
    }

    /// ``boolean(_:_:)`` for the value found for `key` (nil when there is none).
    mutating func boolean<Node: InfoPlistNode>(_ value: Node?, key: String) -> Located<Bool>? {
        guard let value else { return nil }
        if let flag = value.boolean { return Located(flag, at: place(value)) }
        let loose: Bool? =
            switch value.nodeKind {
            case .integer: value.integer.map { $0 != .signed(0) }
            case .string:
                ["yes", "true", "1"].contains((value.string ?? "").lowercased())
                    ? true : ["no", "false", "0"].contains((value.string ?? "").lowercased()) ? false : nil
            default: nil
            }
        if value.nodeKind == .integer, let flag = loose, value.integer == .signed(flag ? 1 : 0) {
            findings.append(AppBundleFinding(.integerForBoolean(key: key, value: flag), at: place(value)))
        } else {
            wrongType(value, key: key, expected: .boolean)
        }
        return loose.map { Located($0, at: place(value)) }
    }

    /// An array of strings; a lone string is read as a one-element array, with a finding unless
    /// `stringAllowed` (Apple documents that form for `UTTypeConformsTo` and tag values).
    mutating func strings<Node: InfoPlistNode>(_ container: Node, _ key: String, stringAllowed: Bool = false) -> (
        values: [Located<String>], location: SourceLocation?
    ) {
        strings(container[key], key: key, stringAllowed: stringAllowed) { $0 }
    }

    /// ``strings(_:_:stringAllowed:)`` for a key found in one pass over a dictionary.
    mutating func strings<Found: KeyedLookup, Key: ModelKey>(
        _ found: Found, _ key: Key, stringAllowed: Bool = false
    ) -> (values: [Located<String>], location: SourceLocation?) where Found.Node: InfoPlistNode {
        strings(found[key], key: key.key, stringAllowed: stringAllowed)
    }

    /// ``strings(_:_:stringAllowed:)`` for the value found for `key` (nil when there is none).
    mutating func strings<Node: InfoPlistNode>(_ value: Node?, key: String, stringAllowed: Bool = false) -> (
        values: [Located<String>], location: SourceLocation?
    ) {
        strings(value, key: key, stringAllowed: stringAllowed) { $0 }
    }

    /// Identifiers from an array of strings.
    mutating func identifiers<Node: InfoPlistNode>(_ container: Node, _ key: String, stringAllowed: Bool = false) -> (
        values: [Located<UniformTypeIdentifier>], location: SourceLocation?
    ) {
        identifiers(container[key], key: key, stringAllowed: stringAllowed)
    }

    /// ``identifiers(_:_:stringAllowed:)`` for a key found in one pass over a dictionary.
    mutating func identifiers<Found: KeyedLookup, Key: ModelKey>(
        _ found: Found, _ key: Key, stringAllowed: Bool = false
    ) -> (values: [Located<UniformTypeIdentifier>], location: SourceLocation?) where Found.Node: InfoPlistNode {
        identifiers(found[key], key: key.key, stringAllowed: stringAllowed)
    }

    /// ``identifiers(_:_:stringAllowed:)`` for the value found for `key` (nil when there is none).
    mutating func identifiers<Node: InfoPlistNode>(_ value: Node?, key: String, stringAllowed: Bool = false) -> (
        values: [Located<UniformTypeIdentifier>], location: SourceLocation?
    ) {
        strings(value, key: key, stringAllowed: stringAllowed) { UniformTypeIdentifier($0) }
    }

    /// ``strings(_:_:stringAllowed:)`` with each string made into a `Value` as it is read (one
    /// array, not one of strings and another of values).
    private mutating func strings<Node: InfoPlistNode, Value>(
        _ value: Node?, key: String, stringAllowed: Bool, make: (String) -> Value
    ) -> (values: [Located<Value>], location: SourceLocation?) {
        guard let value else { return ([], nil) }
        switch value.nodeKind {
        case .array:
            let elements = value.nodeElements
            var result: [Located<Value>] = []
            result.reserveCapacity(elements.count)
            for element in elements {
                guard let text = element.string else {
                    wrongType(element, key: "\(key)[]", expected: .string)
                    continue
                }
                if text.isEmpty { findings.append(AppBundleFinding(.emptyValue(key: key), at: place(element))) }
                result.append(Located(make(text), at: place(element)))
            }
            return (result, value.nodeLocation)
        case .string:
            if !stringAllowed { findings.append(AppBundleFinding(.stringForArray(key: key), at: place(value))) }
            if (value.string ?? "").isEmpty {
                findings.append(AppBundleFinding(.emptyValue(key: key), at: place(value)))
            }
            return ([Located(make(value.string ?? ""), at: value.nodeLocation)], value.nodeLocation)
        default:
            wrongType(value, key: key, expected: .array)
            return ([], value.nodeLocation)
        }
    }

    /// The document types and the exported and imported declarations of `root`, with the
    /// findings in reading order: each section's shape, then its entries in order.
    mutating func sections<Node: InfoPlistNode>(of root: Node, owner: String) -> (
        documentTypes: [DocumentType], exported: [TypeDeclaration], imported: [TypeDeclaration]
    ) {
        var documentTypes: [DocumentType] = []
        for (index, entry) in dictionaries(root, "CFBundleDocumentTypes").enumerated() {
            documentTypes.append(documentType(entry, index: index))
        }
        let exported = dictionaries(root, "UTExportedTypeDeclarations").compactMap {
            declaration($0, origin: .exported(bundle: owner))
        }
        let imported = dictionaries(root, "UTImportedTypeDeclarations").compactMap {
            declaration($0, origin: .imported(bundle: owner))
        }
        return (documentTypes, exported, imported)
    }

    /// The dictionaries of an array of dictionaries; other elements are reported and skipped.
    mutating func dictionaries<Node: InfoPlistNode>(_ container: Node, _ key: String) -> [Node] {
        guard let value = container[key] else { return [] }
        if value.nodeKind == .dictionary {
            findings.append(AppBundleFinding(.dictionaryForArray(key: key), at: place(value)))
            return [value]
        }
        guard value.nodeKind == .array else {
            wrongType(value, key: key, expected: .array)
            return []
        }
        return value.nodeElements.filter { element in
            if element.nodeKind == .dictionary { return true }
            wrongType(element, key: "\(key)[]", expected: .dictionary)
            return false
        }
    }

    /// Reports keys that are not known but close to one that is (`UTTypeConformTo`). With
    /// `onlyClose` false every unknown key is reported.
    mutating func unknownKeys<Node: InfoPlistNode>(_ dictionary: Node, known: KnownKeys.Table, onlyClose: Bool) {
        unknownKeys(dictionary.unknownKeys(among: known.set), in: dictionary, known: known, onlyClose: onlyClose)
    }

    /// ``unknownKeys(_:known:onlyClose:)`` for the unknown keys of `dictionary` found already.
    mutating func unknownKeys<Node: InfoPlistNode>(
        _ unknown: [(key: String, location: SourceLocation?)], in dictionary: Node, known: KnownKeys.Table,
        onlyClose: Bool
    ) {
        guard !unknown.isEmpty else { return }

        for (key, keyLocation) in unknown {
            // A misspelt key is a typo or two away; a larger distance is another word
            // (`CFBundleSpokenName` is not `CFBundleIconName`).
            let suggestion = known.suggestions.closest(to: key, maximumDistance: 2)
            if suggestion == nil && onlyClose { continue }
            findings.append(
                AppBundleFinding(.unknownKey(key: key, suggestion: suggestion), at: keyLocation ?? place(dictionary)))
        }
    }

    /// One `CFBundleDocumentTypes` entry, its keys found in one pass over it.
    mutating func documentType<Node: InfoPlistNode>(_ entry: Node, index: Int) -> DocumentType {
        let found = entry.values(for: KnownKeys.documentTypeSet.set)
        // Read in this order (the order of the findings), then made into an entry at once.
        let name = string(found, DocumentTypeKey.name)
        let role = string(found, DocumentTypeKey.role)
        let rank = string(found, DocumentTypeKey.rank)
        let contentTypes = identifiers(found, DocumentTypeKey.contentTypes)
        let iconFiles = strings(found, DocumentTypeKey.iconFiles).values
        let iconFile = string(found, DocumentTypeKey.iconFile)
        let iconSystemGenerated = boolean(found, DocumentTypeKey.iconSystemGenerated)
        let isPackage = boolean(found, DocumentTypeKey.isPackage)
        let documentClass = string(found, DocumentTypeKey.documentClass)
        let exportableTypes = identifiers(found, DocumentTypeKey.exportableTypes).values
        let legacyExtensions = strings(found, DocumentTypeKey.legacyExtensions).values
        let legacyMIMETypes = strings(found, DocumentTypeKey.legacyMIMETypes).values
        let legacyOSTypes = strings(found, DocumentTypeKey.legacyOSTypes).values
        unknownKeys(found.unknownKeys, in: entry, known: KnownKeys.documentTypeSet, onlyClose: true)
        return DocumentType(
            fields: DocumentType.Fields(
                index: index, location: place(entry), name: name, role: role, rank: rank,
                contentTypes: contentTypes.values, contentTypesLocation: contentTypes.location, iconFiles: iconFiles,
                iconFile: iconFile, iconSystemGenerated: iconSystemGenerated, isPackage: isPackage,
                documentClass: documentClass, exportableTypes: exportableTypes, legacyExtensions: legacyExtensions,
                legacyMIMETypes: legacyMIMETypes, legacyOSTypes: legacyOSTypes))
    }

    /// One `UTExportedTypeDeclarations` or `UTImportedTypeDeclarations` entry, its keys found in
    /// one pass over it.
    mutating func declaration<Node: InfoPlistNode>(_ entry: Node, origin: TypeOrigin) -> TypeDeclaration? {
        let found = entry.values(for: KnownKeys.typeDeclarationSet.set)
        unknownKeys(found.unknownKeys, in: entry, known: KnownKeys.typeDeclarationSet, onlyClose: true)
        guard let identifier = string(found, TypeDeclarationKey.identifier) else {
            findings.append(AppBundleFinding(.missingIdentifier, at: place(entry)))
            return nil
        }
        let (conformances, conformancesLocation) = identifiers(
            found, TypeDeclarationKey.conformsTo, stringAllowed: true)
        var tags: [TypeTag] = []
        let specification = found[TypeDeclarationKey.tagSpecification]
        if let specification {
            if specification.nodeKind == .dictionary {
                for (tagClass, _, _) in specification.nodeEntries {
                    for tag in strings(specification, tagClass, stringAllowed: true).values {
                        tags.append(TypeTag(TagClass(rawValue: tagClass), tag.value, at: tag.location))
                    }
                }
                unknownKeys(specification, known: KnownKeys.tagClassesSet, onlyClose: true)
            } else {
                wrongType(specification, key: "UTTypeTagSpecification", expected: .dictionary)
            }
        }
        var icons = TypeIcons()
        icons.iconFile = string(found, TypeDeclarationKey.iconFile)
        (icons.iconFiles, icons.iconFilesLocation) = strings(found, TypeDeclarationKey.iconFiles)
        if let composited = found[TypeDeclarationKey.icons] {
            if composited.nodeKind == .dictionary {
                let inner = composited.values(for: KnownKeys.typeIconsSet.set)
                var fields = TypeIcons.Composited(location: composited.nodeLocation)
                fields.backgroundName = string(inner, TypeIconsKey.backgroundName)
                fields.badgeName = string(inner, TypeIconsKey.badgeName)
                fields.text = string(inner, TypeIconsKey.text)
                fields.symbolName = string(inner, TypeIconsKey.symbolName)
                fields.iconName = string(inner, TypeIconsKey.iconName)
                fields.iconFile = string(inner, TypeIconsKey.iconFile)
                icons.composited = fields
                unknownKeys(inner.unknownKeys, in: composited, known: KnownKeys.typeIconsSet, onlyClose: true)
            } else {
                wrongType(composited, key: "UTTypeIcons", expected: .dictionary)
            }
        }
        var version: Located<String>?
        if let value = found[TypeDeclarationKey.version] {
            switch value.nodeKind {
            case .string: version = Located((value.string ?? ""), at: place(value))
            case .integer: version = Located(value.integer?.description ?? "", at: place(value))
            case .real: version = Located(value.real.map { "\($0)" } ?? "", at: place(value))
            default: wrongType(value, key: "UTTypeVersion", expected: .string)
            }
        }
        return TypeDeclaration(
            identifier: UniformTypeIdentifier(identifier.value), identifierLocation: identifier.location,
            origin: origin, location: entry.nodeLocation, conformances: conformances,
            conformancesLocation: conformancesLocation, tags: tags, tagsLocation: specification?.nodeLocation,
            icons: icons, typeDescription: string(found, TypeDeclarationKey.description),
            referenceURL: string(found, TypeDeclarationKey.referenceURL), version: version)
    }

    mutating func appIcon<Node: InfoPlistNode>(_ root: Node) -> AppIconDeclaration {
        var icon = AppIconDeclaration()
        if let icons = root["CFBundleIcons"] {
            if icons.nodeKind == .dictionary, let primary = icons["CFBundlePrimaryIcon"] {
                if primary.nodeKind == .dictionary {
                    icon.primaryIconName = string(primary, "CFBundleIconName")
                    icon.primaryIconFiles = strings(primary, "CFBundleIconFiles").values
                } else if let name = primary.string {
                    // Some projects write the primary icon as a plain name.
                    icon.primaryIconName = Located(name, at: primary.nodeLocation)
                } else {
                    wrongType(primary, key: "CFBundlePrimaryIcon", expected: .dictionary)
                }
            } else if icons.nodeKind != .dictionary {
                wrongType(icons, key: "CFBundleIcons", expected: .dictionary)
            }
        }
        icon.iconFiles = strings(root, "CFBundleIconFiles").values
        icon.iconFile = string(root, "CFBundleIconFile")
        icon.iconName = string(root, "CFBundleIconName")
        return icon
    }

    mutating func appExtension<Node: InfoPlistNode>(_ value: Node) -> AppExtensionDeclaration? {
        guard value.nodeKind == .dictionary else {
            wrongType(value, key: "NSExtension", expected: .dictionary)
            return nil
        }
        var declaration = AppExtensionDeclaration(location: place(value))
        declaration.pointIdentifier = string(value, "NSExtensionPointIdentifier")
        declaration.principalClass = string(value, "NSExtensionPrincipalClass")
        if let attributes = value["NSExtensionAttributes"] {
            if attributes.nodeKind == .dictionary {
                (declaration.supportedContentTypes, declaration.supportedContentTypesLocation) = identifiers(
                    attributes, "QLSupportedContentTypes")
            } else {
                wrongType(attributes, key: "NSExtensionAttributes", expected: .dictionary)
            }
        }
        return declaration
    }
}
