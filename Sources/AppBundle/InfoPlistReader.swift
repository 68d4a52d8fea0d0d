import PropertyList
import UniformTypes

/// The keys this reader knows, for "did you mean" suggestions on misspelt ones.
public enum KnownKeys {
    /// Keys of a `CFBundleDocumentTypes` entry.
    public static let documentType = [
        "CFBundleTypeName", "CFBundleTypeRole", "LSHandlerRank", "LSItemContentTypes", "CFBundleTypeIconFiles",
        "CFBundleTypeIconFile", "CFBundleTypeIconSystemGenerated", "LSTypeIsPackage", "NSDocumentClass",
        "NSExportableTypes", "NSUbiquitousDocumentUserActivityType", "CFBundleTypeExtensions",
        "CFBundleTypeMIMETypes", "CFBundleTypeOSTypes", "LSIsAppleDefaultForType", "NSExportableAs",
        "CFBundleTypeIconSystemGenerated",
    ]
    /// Keys of a `UTExportedTypeDeclarations` or `UTImportedTypeDeclarations` entry.
    public static let typeDeclaration = [
        "UTTypeIdentifier", "UTTypeConformsTo", "UTTypeTagSpecification", "UTTypeDescription",
        "UTTypeReferenceURL", "UTTypeVersion", "UTTypeIconFile", "UTTypeIconFiles", "UTTypeIcons",
        "UTTypeIconName", "UTTypeSymbolName", "UTTypeIsWildcard",
    ]
    /// Keys inside `UTTypeIcons`.
    public static let typeIcons = [
        "UTTypeIconBackgroundName", "UTTypeIconBadgeName", "UTTypeIconText", "UTTypeSymbolName",
        "UTTypeIconName", "UTTypeIconFile", "UTTypeSymbolVariantNames",
    ]
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
}

extension InfoPlist {
    /// Reads the model from a parsed Info.plist. `platform` overrides what the keys say;
    /// `bundleName` names the declaring bundle in type origins (default: the bundle identifier,
    /// else the file).
    public init(document: PropertyListDocument, platform: Platform? = nil, bundleName: String? = nil) {
        var reader = ShapeReader()
        let root = document.root
        self.document = document
        if root.kind != .dictionary {
            reader.wrongType(root, key: "the Info.plist", expected: .dictionary)
        }
        bundleIdentifier = reader.string(root, "CFBundleIdentifier")
        if let platform {
            self.platform = PlatformEvidence(platform: platform, key: nil, location: nil)
        } else {
            self.platform = PlatformEvidence.infer(from: root)
        }
        let owner = bundleName ?? bundleIdentifier?.value ?? document.file
        documentTypesLocation = root["CFBundleDocumentTypes"]?.location
        documentTypes = reader.dictionaries(root, "CFBundleDocumentTypes").enumerated().map { index, entry in
            reader.documentType(entry, index: index)
        }
        exportedTypes = reader.dictionaries(root, "UTExportedTypeDeclarations").compactMap {
            reader.declaration($0, origin: .exported(bundle: owner))
        }
        importedTypes = reader.dictionaries(root, "UTImportedTypeDeclarations").compactMap {
            reader.declaration($0, origin: .imported(bundle: owner))
        }
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
        reader.unknownKeys(root, known: KnownKeys.topLevel, onlyClose: true)
        findings = reader.findings.sortedForReport()
    }
}

/// Reads values of the expected shape, recording a finding for every value of another shape.
struct ShapeReader {
    var findings: [AppBundleFinding] = []

    mutating func wrongType(_ value: PlistValue, key: String, expected: PlistKind) {
        findings.append(
            AppBundleFinding(
                .wrongValueType(key: key, expected: expected.description, found: value.kind.description),
                at: value.location))
    }

    /// A string; an empty one is kept and reported.
    mutating func string(_ container: PlistValue, _ key: String) -> Located<String>? {
        guard let value = container[key] else { return nil }
        guard let text = value.string else {
            wrongType(value, key: key, expected: .string)
            return nil
        }
        if text.isEmpty { findings.append(AppBundleFinding(.emptyValue(key: key), at: value.location)) }
        return Located(text, at: value.location)
    }

    /// A boolean; `1`/`0` integers and `YES`/`NO`/`true`/`false` strings are read as booleans, as
    /// CoreFoundation's bundle code reads them, with a finding.
    mutating func boolean(_ container: PlistValue, _ key: String) -> Located<Bool>? {
        guard let value = container[key] else { return nil }
        if let flag = value.boolean { return Located(flag, at: value.location) }
        let loose: Bool? =
            switch value.kind {
            case .integer: value.integer.map { $0 != .signed(0) }
            case .string:
                ["yes", "true", "1"].contains(value.text.lowercased())
                    ? true : ["no", "false", "0"].contains(value.text.lowercased()) ? false : nil
            default: nil
            }
        wrongType(value, key: key, expected: .boolean)
        return loose.map { Located($0, at: value.location) }
    }

    /// An array of strings; a lone string is read as a one-element array, with a finding unless
    /// `stringAllowed` (Apple documents that form for `UTTypeConformsTo` and tag values).
    mutating func strings(_ container: PlistValue, _ key: String, stringAllowed: Bool = false) -> (
        values: [Located<String>], location: SourceLocation?
    ) {
        guard let value = container[key] else { return ([], nil) }
        switch value.kind {
        case .array:
            var result: [Located<String>] = []
            for element in value.elements {
                guard let text = element.string else {
                    wrongType(element, key: "\(key)[]", expected: .string)
                    continue
                }
                if text.isEmpty { findings.append(AppBundleFinding(.emptyValue(key: key), at: element.location)) }
                result.append(Located(text, at: element.location))
            }
            return (result, value.location)
        case .string:
            if !stringAllowed { findings.append(AppBundleFinding(.stringForArray(key: key), at: value.location)) }
            if value.text.isEmpty { findings.append(AppBundleFinding(.emptyValue(key: key), at: value.location)) }
            return ([Located(value.text, at: value.location)], value.location)
        default:
            wrongType(value, key: key, expected: .array)
            return ([], value.location)
        }
    }

    /// Identifiers from an array of strings.
    mutating func identifiers(_ container: PlistValue, _ key: String, stringAllowed: Bool = false) -> (
        values: [Located<UniformTypeIdentifier>], location: SourceLocation?
    ) {
        let (values, location) = strings(container, key, stringAllowed: stringAllowed)
        return (values.map { Located(UniformTypeIdentifier($0.value), at: $0.location) }, location)
    }

    /// The dictionaries of an array of dictionaries; other elements are reported and skipped.
    mutating func dictionaries(_ container: PlistValue, _ key: String) -> [PlistValue] {
        guard let value = container[key] else { return [] }
        if value.kind == .dictionary {
            findings.append(AppBundleFinding(.dictionaryForArray(key: key), at: value.location))
            return [value]
        }
        guard value.kind == .array else {
            wrongType(value, key: key, expected: .array)
            return []
        }
        return value.elements.filter { element in
            if element.kind == .dictionary { return true }
            wrongType(element, key: "\(key)[]", expected: .dictionary)
            return false
        }
    }

    /// Reports keys that are not known but close to one that is (`UTTypeConformTo`). With
    /// `onlyClose` false every unknown key is reported.
    mutating func unknownKeys(_ dictionary: PlistValue, known: [String], onlyClose: Bool) {
        for (key, _) in dictionary.entries where !known.contains(key.text) {
            let suggestion = Suggestions.closest(to: key.text, in: known)
            if suggestion == nil && onlyClose { continue }
            findings.append(AppBundleFinding(.unknownKey(key: key.text, suggestion: suggestion), at: key.location))
        }
    }

    mutating func documentType(_ entry: PlistValue, index: Int) -> DocumentType {
        var type = DocumentType(index: index, location: entry.location)
        type.name = string(entry, "CFBundleTypeName")
        type.role = string(entry, "CFBundleTypeRole")
        type.rank = string(entry, "LSHandlerRank")
        (type.contentTypes, type.contentTypesLocation) = identifiers(entry, "LSItemContentTypes")
        type.iconFiles = strings(entry, "CFBundleTypeIconFiles").values
        type.iconFile = string(entry, "CFBundleTypeIconFile")
        type.iconSystemGenerated = boolean(entry, "CFBundleTypeIconSystemGenerated")
        type.isPackage = boolean(entry, "LSTypeIsPackage")
        type.documentClass = string(entry, "NSDocumentClass")
        type.exportableTypes = identifiers(entry, "NSExportableTypes").values
        type.legacyExtensions = strings(entry, "CFBundleTypeExtensions").values
        type.legacyMIMETypes = strings(entry, "CFBundleTypeMIMETypes").values
        type.legacyOSTypes = strings(entry, "CFBundleTypeOSTypes").values
        unknownKeys(entry, known: KnownKeys.documentType, onlyClose: true)
        return type
    }

    mutating func declaration(_ entry: PlistValue, origin: TypeOrigin) -> TypeDeclaration? {
        unknownKeys(entry, known: KnownKeys.typeDeclaration, onlyClose: true)
        guard let identifier = string(entry, "UTTypeIdentifier") else {
            findings.append(AppBundleFinding(.missingIdentifier, at: entry.location))
            return nil
        }
        let (conformances, conformancesLocation) = identifiers(entry, "UTTypeConformsTo", stringAllowed: true)
        var tags: [TypeTag] = []
        let specification = entry["UTTypeTagSpecification"]
        if let specification {
            if specification.kind == .dictionary {
                for (tagClass, _) in specification.entries {
                    for tag in strings(specification, tagClass.text, stringAllowed: true).values {
                        tags.append(TypeTag(TagClass(rawValue: tagClass.text), tag.value, at: tag.location))
                    }
                }
                unknownKeys(specification, known: KnownKeys.tagClasses, onlyClose: true)
            } else {
                wrongType(specification, key: "UTTypeTagSpecification", expected: .dictionary)
            }
        }
        var icons = TypeIcons()
        icons.iconFile = string(entry, "UTTypeIconFile")
        (icons.iconFiles, icons.iconFilesLocation) = strings(entry, "UTTypeIconFiles")
        if let composited = entry["UTTypeIcons"] {
            if composited.kind == .dictionary {
                var fields = TypeIcons.Composited(location: composited.location)
                fields.backgroundName = string(composited, "UTTypeIconBackgroundName")
                fields.badgeName = string(composited, "UTTypeIconBadgeName")
                fields.text = string(composited, "UTTypeIconText")
                fields.symbolName = string(composited, "UTTypeSymbolName")
                fields.iconName = string(composited, "UTTypeIconName")
                fields.iconFile = string(composited, "UTTypeIconFile")
                icons.composited = fields
                unknownKeys(composited, known: KnownKeys.typeIcons, onlyClose: true)
            } else {
                wrongType(composited, key: "UTTypeIcons", expected: .dictionary)
            }
        }
        var version: Located<String>?
        if let value = entry["UTTypeVersion"] {
            switch value.kind {
            case .string: version = Located(value.text, at: value.location)
            case .integer: version = Located(value.integer?.description ?? "", at: value.location)
            case .real: version = Located(value.real.map { "\($0)" } ?? "", at: value.location)
            default: wrongType(value, key: "UTTypeVersion", expected: .string)
            }
        }
        return TypeDeclaration(
            identifier: UniformTypeIdentifier(identifier.value), identifierLocation: identifier.location,
            origin: origin, location: entry.location, conformances: conformances,
            conformancesLocation: conformancesLocation, tags: tags, tagsLocation: specification?.location,
            icons: icons, typeDescription: string(entry, "UTTypeDescription"),
            referenceURL: string(entry, "UTTypeReferenceURL"), version: version)
    }

    mutating func appIcon(_ root: PlistValue) -> AppIconDeclaration {
        var icon = AppIconDeclaration()
        if let icons = root["CFBundleIcons"] {
            if icons.kind == .dictionary, let primary = icons["CFBundlePrimaryIcon"] {
                if primary.kind == .dictionary {
                    icon.primaryIconName = string(primary, "CFBundleIconName")
                    icon.primaryIconFiles = strings(primary, "CFBundleIconFiles").values
                } else if let name = primary.string {
                    // Some projects write the primary icon as a plain name.
                    icon.primaryIconName = Located(name, at: primary.location)
                } else {
                    wrongType(primary, key: "CFBundlePrimaryIcon", expected: .dictionary)
                }
            } else if icons.kind != .dictionary {
                wrongType(icons, key: "CFBundleIcons", expected: .dictionary)
            }
        }
        icon.iconFiles = strings(root, "CFBundleIconFiles").values
        icon.iconFile = string(root, "CFBundleIconFile")
        icon.iconName = string(root, "CFBundleIconName")
        return icon
    }

    mutating func appExtension(_ value: PlistValue) -> AppExtensionDeclaration? {
        guard value.kind == .dictionary else {
            wrongType(value, key: "NSExtension", expected: .dictionary)
            return nil
        }
        var declaration = AppExtensionDeclaration(location: value.location)
        declaration.pointIdentifier = string(value, "NSExtensionPointIdentifier")
        declaration.principalClass = string(value, "NSExtensionPrincipalClass")
        if let attributes = value["NSExtensionAttributes"] {
            if attributes.kind == .dictionary {
                (declaration.supportedContentTypes, declaration.supportedContentTypesLocation) = identifiers(
                    attributes, "QLSupportedContentTypes")
            } else {
                wrongType(attributes, key: "NSExtensionAttributes", expected: .dictionary)
            }
        }
        return declaration
    }
}
