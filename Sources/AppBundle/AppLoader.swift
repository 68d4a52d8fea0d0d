import Dispatch
import PropertyList
import SwiftSource
import UniformTypes

/// Loads apps from what a user names: an Info.plist (any format), a built `X.app` bundle, an Xcode
/// project, or a folder holding them. Extensions come from the bundle's `PlugIns/*.appex` and
/// `Extensions/*.appex` folders (`Contents/PlugIns`, `Contents/Extensions` on macOS), from the
/// targets a project's app embeds, or, for loose Info.plists in a folder, from the loose
/// extension Info.plists paired with their app (``pairingLooseExtensions(_:loose:)``).
public struct AppLoader: Sendable {
    /// The platform, instead of what each Info.plist's keys say.
    public var platform: Platform?
    /// The build configuration for Xcode projects (default Release).
    public var configuration: String?
    /// `--xcconfig` files and `--setting NAME=VALUE` assignments.
    public var overrides: BuildSettingOverrides
    /// The target (or app name) to pick when a project or folder holds several apps.
    public var target: String?
    /// Folders the resource walk never enters (the folder `browse` shows, which is the user's
    /// documents, not the app's resources).
    public var excludedFromResources: [String]
    /// Whether apps found in a project or folder are read with their Swift code (``AppUnit/code``).
    public var readsSources: Bool
    /// Folders whose Swift files are the code of an Info.plist named as a file (`--sources DIR`).
    public var sourceFolders: [String]

    /// A loader.
    public init(
        platform: Platform? = nil, configuration: String? = nil,
        overrides: BuildSettingOverrides = BuildSettingOverrides(), target: String? = nil,
        excludedFromResources: [String] = [], readsSources: Bool = true, sourceFolders: [String] = []
    ) {
        self.platform = platform
        self.configuration = configuration
        self.overrides = overrides
        self.target = target
        self.excludedFromResources = excludedFromResources
        self.readsSources = readsSources
        self.sourceFolders = sourceFolders
    }

    /// `unit` with its Swift files being read into ``AppUnit/code`` (in the background: the first
    /// use waits), when they were looked for (``AppUnit/sourcesLookedFor``) or some are given.
    public func readingCode(_ unit: AppUnit) -> AppUnit {
        guard unit.sourcesLookedFor || !unit.swiftFiles.isEmpty else { return unit }
        var unit = unit
        unit.pendingCode = PendingCode(reading: unit.swiftFiles)
        return unit
    }

    /// The app of an Info.plist read from standard input: named `-`, in the current folder, with
    /// the Swift files of ``sourceFolders`` as its code.
    public func standardInputApp(_ document: PropertyListDocument) -> AppUnit {
        var unit = AppUnit(name: "-", infoPlist: InfoPlist(document: document, platform: platform), folder: ".")
        unit.swiftFiles = sourceFolderFiles
        unit.sourcesLookedFor = !sourceFolders.isEmpty
        return readingCode(unit)
    }

    /// The resources of an app in `folder`, walked once in the background (the first use waits);
    /// `authoritative` when the folder is a bundle or a project's source root. The walk beside the
    /// reading takes it off the lint's path: gen.py's a_ios.plist beside its tree 8.50 → 8.09 ms
    /// (whole processes, 200 by turns).
    func resources(in folder: String, maxDepth: Int = ResourceIndex.maximumDepth, authoritative: Bool)
        -> Pending<ResourceIndex>
    {
        let excluded = excludedFromResources
        return Pending(on: Self.resourceQueue) {
            ResourceIndex.walking(folder, maxDepth: maxDepth, excluding: excluded, authoritative: authoritative)
        }
    }

    /// The queue resource walks run on, one after another: a folder of many apps walks one at a
    /// time beside the reading of their Info.plists.
    private static let resourceQueue = DispatchQueue(label: "utiscope.resources")

    /// The one app at `path` (for `--app`): an error when there is none, or several and
    /// ``target`` does not pick one.
    public func load(_ path: String) throws(AppLoadError) -> AppUnit {
        guard FileSystem.kind(of: path) != nil else { throw .missing(path: path) }
        if !FileSystem.isDirectory(path) {
            let unit = try loadNamedInfoPlist(path)
            // Answers about an app need its keys: a file of another top level is no app.
            if let root = unit.infoPlist.document?.root, root.kind != .dictionary {
                throw .notInfoPlist(location: root.location, kind: root.kind)
            }
            return readingCode(unit)
        }
        let units = discover(path).units
        let apps = units.filter { Self.isApp($0.infoPlist) }
        let candidates = apps.isEmpty ? units : apps
        // Apps of the same name are told apart by their Info.plist.
        let names = candidates.map { unit in
            candidates.filter { $0.name == unit.name }.count > 1 ? "\(unit.name) (\(unit.infoPlist.file))" : unit.name
        }
        if let target {
            if let unit = candidates.first(where: { $0.name == target }) { return readingCode(unit) }
            throw .noSuchTarget(path: path, target: target, names: names)
        }
        guard let first = candidates.first else { throw .noApp(path: path) }
        guard candidates.count == 1 else { throw .severalApps(path: path, names: names) }
        return readingCode(first)
    }

    /// Every app under `path` (for lint): a file is one unit; a folder, bundle or project gives
    /// every unit discovery finds, with loose extensions moved into the loose app that embeds
    /// them, each with its Swift code when ``readsSources``. Problems are findings; nothing stops
    /// the walk. `discovery` is the folder walk's result (nil for a file).
    public func loadAll(_ path: String) -> (
        units: [AppUnit], findings: [AppBundleFinding], discovery: ProjectDiscovery.Result?
    ) {
        let (units, findings, discovery) = discover(path, readingAhead: true)
        return (units.map { $0.pendingCode == nil ? readingCode($0) : $0 }, findings, discovery)
    }

    /// ``loadAll(_:)`` without reading code: each unit's ``AppUnit/swiftFiles`` are found, and,
    /// `readingAhead`, start being read as soon as they are known (a target's when its project is
    /// read; in a folder without a project, every file the walk met, before the Info.plists).
    func discover(_ path: String, readingAhead: Bool = false) -> (
        units: [AppUnit], findings: [AppBundleFinding], discovery: ProjectDiscovery.Result?
    ) {
        if !FileSystem.isDirectory(path) {
            do {
                return ([try loadNamedInfoPlist(path)], [], nil)
            } catch {
                return ([], [Self.finding(error, path: path)], nil)
            }
        }
        let root = path.hasSuffix(".xcodeproj") ? Path.directory(of: path) : path
        let discovery = ProjectDiscovery.discover(root: root, configuration: configuration, overrides: overrides)
        // Without a project, the Swift files the walk met are the loose Info.plists' only: they
        // are read while the Info.plists are.
        var batch: SwiftFileBatch?
        if readingAhead && readsSources && discovery.projects.isEmpty && !discovery.swiftFolders.isEmpty
            && discovery.units.contains(where: { $0.source == .standaloneInfoPlist })
        {
            batch = SwiftFileBatch(reading: discovery.swiftFolders.flatMap(\.files))
        }
        var findings = discovery.findings
        var units: [AppUnit] = []
        var loose: [Int] = []
        for unit in discovery.units {
            if path.hasSuffix(".xcodeproj"), case .xcodeTarget(let project, _) = unit.source, project != path {
                continue
            }
            if case .xcodeTarget(let projectPath, let targetName) = unit.source,
                let project = discovery.projects.first(where: { $0.path == projectPath }),
                let target = project.target(named: targetName)
            {
                // An Xcode target: its Info.plist as built, with its embedded targets' as extensions;
                // its code starts being read first.
                let swiftFiles = readsSources ? SwiftSourceFiles.files(of: target) : []
                let pending = readingAhead && readsSources ? PendingCode(reading: swiftFiles) : nil
                let settings = project.settings(for: target, configuration: configuration, overrides: overrides)
                let app = resolvedModel(settings, project)
                let extensions = target.embeddedTargets.compactMap { item in
                    project.target(withID: item.objectID).map { resolvedModel(project, $0) }
                }
                var loaded = AppUnit(
                    name: unit.name, infoPlist: app, extensions: extensions, folder: unit.folder,
                    resources: resources(in: unit.folder, authoritative: true), origin: .xcodeTarget)
                loaded.settingsUsed = settingsUsed(by: app, in: settings)
                if readsSources {
                    loaded.swiftFiles = swiftFiles
                    loaded.sourcesLookedFor = true
                    loaded.pendingCode = pending
                }
                loaded.preprocessesInfoPlist = settings.settings.bool("INFOPLIST_PREPROCESS")
                if let name = settings.appIconName {
                    loaded.appIconSetName = Located(
                        name,
                        at: settings.settings.assignment(for: "ASSETCATALOG_COMPILER_APPICON_NAME")?.location)
                }
                units.append(loaded)
                continue
            }
            guard let plistPath = unit.infoPlist else { continue }
            if case .standaloneInfoPlist = unit.source {
                // A loose Info.plist is its folder's bundle: its extensions sit in PlugIns/ or
                // Extensions/ beside it, and are linted with it rather than on their own.
                if Self.isEmbeddedExtension(plistPath) { continue }
                do {
                    loose.append(units.count)
                    units.append(try loadInfoPlist(plistPath))
                } catch {
                    findings.append(Self.finding(error, path: plistPath))
                }
                continue
            }
            do {
                let app = try model(at: plistPath, name: unit.name)
                var extensions: [InfoPlist] = []
                for embedded in unit.extensions {
                    guard let extensionPath = embedded.infoPlist else { continue }
                    do {
                        extensions.append(try model(at: extensionPath, name: embedded.name))
                    } catch {
                        findings.append(Self.finding(error, path: extensionPath))
                    }
                }
                let isBundle: Bool
                if case .bundle = unit.source { isBundle = true } else { isBundle = false }
                units.append(
                    AppUnit(
                        name: unit.name, infoPlist: app, extensions: extensions, folder: unit.folder,
                        resources: resources(in: unit.folder, authoritative: isBundle),
                        origin: isBundle ? .builtBundle : .infoPlist))
            } catch {
                findings.append(Self.finding(error, path: plistPath))
            }
        }
        var paired = Self.pairingLooseExtensions(units, loose: loose)
        if readsSources {
            pairLooseSources(&paired, swiftFolders: discovery.swiftFolders, projects: discovery.projects)
            if let batch {
                for index in paired.indices where paired[index].sourcesLookedFor && paired[index].pendingCode == nil {
                    paired[index].pendingCode = PendingCode(from: batch, paths: paired[index].swiftFiles)
                }
            }
        }
        return (paired, findings.sortedForReport(), discovery)
    }

    /// Gives each loose Info.plist's unit among `units` the Swift files of `swiftFolders` (what
    /// discovery's walk met) that pair with it (``SwiftSourceFiles``), leaving out every file a
    /// target of `projects` compiles.
    func pairLooseSources(
        _ units: inout [AppUnit], swiftFolders: [(folder: String, files: [String])], projects: [XcodeProject]
    ) {
        let looseIndexes = units.indices.filter { units[$0].origin == .infoPlist }
        guard !looseIndexes.isEmpty else { return }
        var claimed: Set<String> = []
        for project in projects {
            for target in project.targets {
                claimed.formUnion(SwiftSourceFiles.files(of: target).map(Path.normalize))
            }
        }
        let assigned = SwiftSourceFiles.pairing(
            looseIndexes.map { units[$0] }, swiftFolders: swiftFolders, claimed: claimed)
        for (position, index) in looseIndexes.enumerated() {
            units[index].swiftFiles = assigned[position]
            units[index].sourcesLookedFor = true
        }
    }

    /// An Info.plist named as a file: ``loadInfoPlist(_:)``, with the Swift files of
    /// ``sourceFolders`` as its code.
    func loadNamedInfoPlist(_ path: String) throws(AppLoadError) -> AppUnit {
        var unit = try loadInfoPlist(path)
        unit.swiftFiles = sourceFolderFiles
        unit.sourcesLookedFor = !sourceFolders.isEmpty
        return unit
    }

    /// The Swift files of ``sourceFolders`` (a folder's, or a file named), each once.
    public var sourceFolderFiles: [String] {
        var seen: Set<String> = []
        var files: [String] = []
        for folder in sourceFolders {
            let found = FileSystem.isDirectory(folder) ? SwiftSourceFiles.files(under: folder) : [folder]
            files += found.filter { seen.insert(Path.normalize($0)).inserted }
        }
        return files
    }

    /// The units with each loose extension Info.plist (one with `NSExtension` or
    /// `EXAppExtensionAttributes`, that no project target and no bundle accounts for: a checkout
    /// whose project is generated by XcodeGen or Tuist, say) moved into the loose app that embeds
    /// it, so the app is linted with its extensions as when built. The app is the one whose bundle
    /// identifier the extension's starts with, followed by a dot (Xcode refuses an embedded binary
    /// whose identifier does not); when identifiers do not tell (`$(PRODUCT_BUNDLE_IDENTIFIER)`),
    /// the app nearest in the folder tree, if exactly one is nearest and its folder is at most two
    /// levels below a folder holding the extension (`App/` or `App/Resources/` beside
    /// `Thumbnails/`). An extension with no such app stays a unit of its own. See ``isApp(_:)``.
    static func pairingLooseExtensions(_ units: [AppUnit], loose: [Int]) -> [AppUnit] {
        let apps = loose.filter { isApp(units[$0].infoPlist) }
        guard !apps.isEmpty else { return units }
        var result = units
        var moved: Set<Int> = []
        for index in loose where isExtension(units[index].infoPlist) {
            guard let app = Self.containingApp(of: units[index], among: apps.map { (index: $0, unit: units[$0]) })
            else { continue }
            result[app].extensions.append(units[index].infoPlist)
            result[app].extensions.append(contentsOf: units[index].extensions)
            result[app].findings.append(contentsOf: units[index].findings)
            moved.insert(index)
        }
        return result.indices.filter { !moved.contains($0) }.map { result[$0] }
    }

    /// Whether `plist` is an app extension's: `NSExtension` (even a malformed one) or ExtensionKit's
    /// `EXAppExtensionAttributes`.
    static func isExtension(_ plist: InfoPlist) -> Bool {
        plist.appExtension != nil || plist.document?.root["EXAppExtensionAttributes"] != nil
    }

    /// Whether `plist` may be an app's: not an extension's, not a CFPlugIn's (a Quick Look
    /// generator, a Spotlight importer: `CFPlugInTypes`, `CFPlugInFactories`), and a
    /// `CFBundlePackageType` that is `APPL`, a build setting, or absent (test bundles `BNDL` and
    /// frameworks `FMWK` are not apps).
    public static func isApp(_ plist: InfoPlist) -> Bool {
        guard !isExtension(plist) else { return false }
        let root = plist.document?.root
        if root?["CFPlugInTypes"] != nil || root?["CFPlugInFactories"] != nil { return false }
        guard let packageType = root?["CFBundlePackageType"]?.string else { return true }
        return packageType == "APPL" || packageType.contains("$")
    }

    /// The index of the app among `apps` that embeds `appExtension`, by bundle identifier or by
    /// folder (see ``pairingLooseExtensions(_:loose:)``); nil when none or several qualify.
    static func containingApp(of appExtension: AppUnit, among apps: [(index: Int, unit: AppUnit)]) -> Int? {
        func literal(_ unit: AppUnit) -> String? {
            guard let identifier = unit.infoPlist.bundleIdentifier?.value, !identifier.contains("$"),
                !identifier.isEmpty
            else { return nil }
            return identifier
        }
        func components(_ unit: AppUnit) -> [Substring] {
            Path.normalize(unit.folder).split(separator: "/").filter { $0 != "." }
        }
        let folder = components(appExtension)
        // Steps up from the extension's folder to the shared ancestor, and down to the app's.
        func distance(_ unit: AppUnit) -> (up: Int, down: Int) {
            let other = components(unit)
            let shared = zip(folder, other).prefix { $0 == $1 }.count
            return (folder.count - shared, other.count - shared)
        }
        func nearest(_ candidates: [(index: Int, unit: AppUnit)]) -> Int? {
            let measured = candidates.map { (index: $0.index, distance: distance($0.unit)) }
            guard let best = measured.map({ $0.distance.up + $0.distance.down }).min() else { return nil }
            let closest = measured.filter { $0.distance.up + $0.distance.down == best }
            return closest.count == 1 ? closest[0].index : nil
        }
        let own = literal(appExtension)
        if let own {
            let prefixed = apps.compactMap { app -> (app: (index: Int, unit: AppUnit), length: Int)? in
                guard let identifier = literal(app.unit), own.hasPrefix(identifier + ".") else { return nil }
                return (app, identifier.count)
            }
            if let longest = prefixed.map(\.length).max() {
                // Several apps with that identifier (an iOS and a macOS variant): the nearest.
                return nearest(prefixed.filter { $0.length == longest }.map(\.app))
            }
        }
        // Identifiers that are both written out and do not match rule the app out; so does an
        // app whose folder is more than two levels below a folder holding the extension.
        let possible = apps.filter { app in
            (own == nil || literal(app.unit) == nil) && distance(app.unit).down <= 2
        }
        return nearest(possible)
    }

    /// An Info.plist named directly: its folder is treated as its bundle, so extensions are
    /// found in `PlugIns/*.appex/` and `Extensions/*.appex/` beside it.
    func loadInfoPlist(_ path: String) throws(AppLoadError) -> AppUnit {
        let app = try model(at: path, name: nil)
        let folder = Path.directory(of: path)
        var extensions: [InfoPlist] = []
        var findings: [AppBundleFinding] = []
        for plugins in ["PlugIns", "Extensions"] {
            guard let directory = Self.found(plugins, in: folder, findings: &findings) else { continue }
            for entry in (FileSystem.entries(of: directory) ?? []).map(\.name).sorted() where entry.hasSuffix(".appex")
            {
                let bundle = Path.join(directory, entry)
                guard
                    let plist = Self.foundFile(["Info.plist", "Contents/Info.plist"], in: bundle, findings: &findings)
                else { continue }
                do {
                    extensions.append(try model(at: plist, name: entry))
                } catch {
                    findings.append(Self.finding(error, path: plist))
                }
            }
        }
        // A named Info.plist's resources sit beside it (a target's folder) or just below: look two
        // levels down, not through whatever tree the file happens to be in.
        let bundleFolder = folder.hasSuffix("/Contents") ? Path.directory(of: folder) : folder
        let isBundle = Path.pathExtension(of: bundleFolder) == "app"
        return AppUnit(
            name: Path.lastComponent(of: bundleFolder), infoPlist: app, extensions: extensions, folder: bundleFolder,
            resources: resources(
                in: bundleFolder, maxDepth: isBundle ? ResourceIndex.maximumDepth : 2, authoritative: isBundle),
            origin: isBundle ? .builtBundle : .infoPlist, findings: findings)
    }

    /// A target's Info.plist as built: its file with build settings expanded, generated keys
    /// merged in; findings of both the settings and the model.
    func resolvedModel(_ project: XcodeProject, _ target: XcodeTarget) -> InfoPlist {
        resolvedModel(project.settings(for: target, configuration: configuration, overrides: overrides), project)
    }

    /// The same, from settings already computed.
    func resolvedModel(_ settings: TargetSettings, _ project: XcodeProject) -> InfoPlist {
        let resolved = settings.resolvedInfoPlist()
        var model = InfoPlist(
            resolved: resolved, file: resolved.path ?? project.projectFile, document: resolved.document,
            platform: platform)
        model.findings = Array(Set(model.findings + settings.findings)).sortedForReport()
        if model.platform.platform == .unknown, let sdk = settings.value(of: "SDKROOT")?.value {
            // The keys do not say; the SDK the target builds with does.
            let location = settings.settings.assignment(for: "SDKROOT")?.location
            if sdk.hasPrefix("iphone") {
                model.platform = PlatformEvidence(platform: .iOS, key: "SDKROOT", location: location)
            } else if sdk.hasPrefix("macosx") {
                model.platform = PlatformEvidence(platform: .macOS, key: "SDKROOT", location: location)
            }
        }
        return model
    }

    /// The settings an Info.plist file refers to in its string values, each once, in name order.
    func settingsUsed(by model: InfoPlist, in settings: TargetSettings) -> [UsedBuildSetting] {
        guard let document = model.document else { return [] }
        var names = Set<String>()
        var stack = [document.root]
        while let value = stack.popLast() {
            switch value.kind {
            case .string: names.formUnion(Self.referencedNames(value.text))
            case .array: stack.append(contentsOf: value.elements)
            case .dictionary: stack.append(contentsOf: value.entries.map(\.value))
            default: break
            }
        }
        return names.sorted().map { name in
            UsedBuildSetting(
                name: name, value: settings.value(of: name)?.value,
                location: settings.settings.assignment(for: name)?.location)
        }
    }

    /// The names in `$(NAME)`, `${NAME}` and `$(NAME:operator)` references, outermost only.
    static func referencedNames(_ text: String) -> [String] {
        var names: [String] = []
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index + 1 < scalars.count {
            guard scalars[index] == "$", scalars[index + 1] == "(" || scalars[index + 1] == "{" else {
                index += 1
                continue
            }
            var end = index + 2
            while end < scalars.count,
                scalars[end] == "_" || scalars[end].properties.isAlphabetic || ("0"..."9").contains(scalars[end])
            {
                end += 1
            }
            if end > index + 2 {
                names.append(String(String.UnicodeScalarView(scalars[(index + 2)..<end])))
            }
            index = end
        }
        return names
    }

    func model(at path: String, name: String?) throws(AppLoadError) -> InfoPlist {
        do {
            let document = try PropertyListReader().read(contentsOf: path)
            return InfoPlist(document: document, platform: platform)
        } catch {
            throw .unreadable(error)
        }
    }

    /// Whether `path` is the Info.plist of an `.appex` in the `PlugIns` or `Extensions` folder of a
    /// bundle whose own Info.plist is there to embed it.
    static func isEmbeddedExtension(_ path: String) -> Bool {
        var folder = Path.directory(of: path)
        if Path.lastComponent(of: folder) == "Contents" { folder = Path.directory(of: folder) }
        guard Path.pathExtension(of: folder) == "appex" else { return false }
        let plugins = Path.directory(of: folder)
        guard ["PlugIns", "Extensions"].contains(Path.lastComponent(of: plugins)) else { return false }
        // Found in any letter case, as the bundle's own Info.plist is read in any case (and the
        // case reported) when the bundle is loaded.
        return FileSystem.findFile(["Info.plist"], in: Path.directory(of: plugins)) != nil
    }

    /// The path of `name` (a folder or file a bundle is expected to hold) in `folder`, as spelt on
    /// disk; a spelling that differs only in letter case is used all the same and reported in
    /// `findings`. `nil` when it is not there.
    static func found(_ name: String, in folder: String, findings: inout [AppBundleFinding]) -> String? {
        guard let found = FileSystem.find(name, in: folder) else { return nil }
        if !found.caseMatches { findings.append(caseMismatch(Path.join(folder, name), found)) }
        return found.path
    }

    /// The first of `candidates` that is a file in `folder` (see ``FileSystem/findFile(_:in:)``),
    /// as spelt on disk; a case mismatch is reported in `findings`.
    static func foundFile(_ candidates: [String], in folder: String, findings: inout [AppBundleFinding]) -> String? {
        guard let (written, found) = FileSystem.findFile(candidates, in: folder) else { return nil }
        if !found.caseMatches { findings.append(caseMismatch(Path.join(folder, written), found)) }
        return found.path
    }

    /// The finding for `written`, found only as `found`.
    static func caseMismatch(_ written: String, _ found: FileSystem.Found) -> AppBundleFinding {
        AppBundleFinding(.caseMismatch(path: written, onDisk: found.path), at: SourceLocation(file: found.path))
    }

    static func finding(_ error: AppLoadError, path: String) -> AppBundleFinding {
        switch error {
        case .unreadable(let reading):
            return AppBundleFinding(
                .unreadablePropertyList(path: path, reason: reading.problem.message), at: reading.location)
        default:
            return AppBundleFinding(
                .unreadablePropertyList(path: path, reason: error.description), at: SourceLocation(file: path))
        }
    }
}
