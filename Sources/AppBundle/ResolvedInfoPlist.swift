import PropertyList

/// An Info.plist as the built product would carry it: the file's values with build settings
/// expanded (values only, never keys), generated content merged in when the target asks for it,
/// and empty strings elided for the keys Xcode elides them for.
public struct ResolvedInfoPlist: Sendable {
    /// The Info.plist file read, when there is one.
    public var path: String?
    /// That file as parsed, before expansion (for positions and the text as written).
    public var document: PropertyListDocument?
    /// The root dictionary.
    public var root: InfoPlistValue
    /// Problems met: unresolved settings (at the value that names them), unreadable files…
    public var findings: [AppBundleFinding]

    /// Keys whose empty string values Xcode removes (recursively, in dictionaries).
    public static let elidedWhenEmpty: Set<String> = [
        "CFBundleDevelopmentRegion", "CFBundleExecutable", "CFBundleGetInfoString", "CFBundleIconFile",
        "CFBundleIdentifier", "CFBundleName", "CFBundlePackageType", "CFBundleResourceSpecification",
        "CFBundleShortVersionString", "CFBundleSignature", "CFBundleTypeIconFile", "CFBundleTypeRole",
        "CFBundleVersion", "NSDocumentClass", "NSHelpFile", "NSHumanReadableCopyright", "NSMainNibFile",
        "NSPrincipalClass", "NSStickerSharingLevel",
    ]

    /// Resolves `document` (the Info.plist file, if any) against `settings` (if any). With
    /// `generate`, the content Xcode generates from settings is merged in.
    public static func resolve(
        _ document: PropertyListDocument?, settings: BuildSettings?, generate: Bool = false,
        productType: ProductType? = nil
    ) -> ResolvedInfoPlist {
        var findings: [AppBundleFinding] = []
        var settings = settings ?? BuildSettings()
        let expand =
            !settings.isAssigned("INFOPLIST_EXPAND_BUILD_SETTINGS") || settings.bool("INFOPLIST_EXPAND_BUILD_SETTINGS")
        var entries: [InfoPlistEntry] = []
        var rootOrigin = InfoPlistValue.Origin.buildSetting(name: "GENERATE_INFOPLIST_FILE", location: nil)
        if let document {
            rootOrigin = .file(document.root.location)
            // Inside an Info.plist, `$(CFBundleIdentifier)` means the plist's own identifier.
            if let identifier = document.root["CFBundleIdentifier"]?.string {
                settings.append(
                    BuildSettingLayer(
                        source: .defaults,
                        assignments: [BuildSettingAssignment(name: "CFBundleIdentifier", value: identifier)]))
            }
            let converter = Converter(settings: settings, expand: expand)
            var converted = converter.convert(document.root, findings: &findings)
            if case .dictionary(let fileEntries) = converted.content {
                entries = fileEntries
            } else {
                converted.content = .dictionary([])
            }
        }
        if generate {
            let generated = InfoPlistKeyMerge.generatedEntries(settings: settings, productType: productType)
            findings.append(contentsOf: generated.findings)
            let merged = InfoPlistKeyMerge.merge(generated.entries, into: entries)
            entries = merged.entries
            findings.append(contentsOf: merged.findings)
        }
        let root = elidingEmpty(InfoPlistValue(.dictionary(entries), origin: rootOrigin))
        return ResolvedInfoPlist(
            path: document?.file, document: document, root: root, findings: findings.sortedForReport())
    }

    private static func elidingEmpty(_ value: InfoPlistValue) -> InfoPlistValue {
        var value = value
        switch value.content {
        case .dictionary(let entries):
            value.content = .dictionary(
                entries.compactMap { entry in
                    if elidedWhenEmpty.contains(entry.key), entry.value.string?.isEmpty == true { return nil }
                    var entry = entry
                    entry.value = elidingEmpty(entry.value)
                    return entry
                })
        case .array(let elements):
            value.content = .array(elements.map(elidingEmpty))
        default:
            break
        }
        return value
    }

    /// Converts located plist values, expanding strings.
    private struct Converter {
        let settings: BuildSettings
        let expand: Bool

        func convert(_ value: PlistValue, findings: inout [AppBundleFinding]) -> InfoPlistValue {
            let origin = InfoPlistValue.Origin.file(value.location)
            switch value.kind {
            case .dictionary:
                var entries: [InfoPlistEntry] = []
                for (key, item) in value.entries {
                    let entry = InfoPlistEntry(
                        key: key.text, keyLocation: key.location, value: convert(item, findings: &findings))
                    if let index = entries.firstIndex(where: { $0.key == entry.key }) {
                        entries[index] = entry
                    } else {
                        entries.append(entry)
                    }
                }
                return InfoPlistValue(.dictionary(entries), origin: origin)
            case .array:
                return InfoPlistValue(.array(value.elements.map { convert($0, findings: &findings) }), origin: origin)
            case .string:
                let text = value.text
                guard expand else { return InfoPlistValue(.string(text), origin: origin) }
                let expansion = BuildSettingExpander.expansion(of: text, in: settings)
                findings.append(contentsOf: expansion.problems.map { AppBundleFinding($0, at: value.location) })
                return InfoPlistValue(
                    .string(expansion.value), origin: origin, writtenText: expansion.value == text ? nil : text,
                    unresolved: expansion.unresolved)
            case .integer:
                return InfoPlistValue(.integer(value.integer ?? .signed(0)), origin: origin)
            case .real:
                return InfoPlistValue(.real(value.real ?? 0), origin: origin)
            case .boolean:
                return InfoPlistValue(.boolean(value.boolean ?? false), origin: origin)
            case .date:
                return InfoPlistValue(.date(value.date ?? PlistDate(secondsSinceReferenceDate: 0)), origin: origin)
            case .data:
                return InfoPlistValue(.data(value.data ?? []), origin: origin)
            case .uid:
                return InfoPlistValue(.uid(value.uid ?? 0), origin: origin)
            }
        }
    }
}

extension TargetSettings {
    /// The target's Info.plist as built: its `INFOPLIST_FILE` read and expanded, generated keys
    /// merged in when `GENERATE_INFOPLIST_FILE = YES`.
    public func resolvedInfoPlist() -> ResolvedInfoPlist {
        var findings: [AppBundleFinding] = []
        var document: PropertyListDocument?
        if let path = infoPlistPath {
            let location = settings.assignment(for: "INFOPLIST_FILE")?.location ?? target.location
            // Matched against the folders' listings, so that a name in the wrong letter case is
            // found (and said to be) on every file system, not only on a Mac's.
            if let found = FileSystem.find(path, under: sourceRoot), FileSystem.kind(of: found.path) == .file {
                if !found.caseMatches {
                    findings.append(AppBundleFinding(.caseMismatch(path: path, onDisk: found.path), at: location))
                }
                do {
                    document = try PropertyListReader().read(contentsOf: found.path)
                } catch {
                    findings.append(
                        AppBundleFinding(
                            .unreadablePropertyList(path: path, reason: error.problem.message), at: error.location))
                }
            } else {
                findings.append(AppBundleFinding(.missingInfoPlistFile(path: path), at: location))
            }
        } else if !generatesInfoPlist {
            findings.append(AppBundleFinding(.noInfoPlist(target: target.name), at: target.location))
        }
        var resolved = ResolvedInfoPlist.resolve(
            document, settings: settings, generate: generatesInfoPlist, productType: target.productType)
        if resolved.path == nil { resolved.path = infoPlistPath }
        resolved.findings = (findings + resolved.findings).sortedForReport()
        return resolved
    }
}
