import PropertyList

/// Finds what to analyse under a folder: every Xcode project and the Info.plists its targets use,
/// built `.app` bundles, and stand-alone Info.plists outside both.
///
/// Build products and vendored trees are skipped: `.git`, `.build`, `DerivedData`, `build`,
/// `Pods`, `Carthage/Checkouts`, `node_modules`. Each app target with its embedded extensions is
/// one unit; a bundle target (a Quick Look generator, say) or extension that no app embeds is a
/// unit of its own; test, framework, library and tool targets are left out. Paths start with the
/// folder as the user named it. The walk uses `readdir` and visits entries in byte order, so the
/// result is deterministic.
public enum ProjectDiscovery {
    /// The result of a discovery.
    public struct Result: Sendable {
        /// The units found, sorted by source and name.
        public var units: [DiscoveredUnit]
        /// The projects read, in path order.
        public var projects: [XcodeProject]
        /// Problems met: unreadable projects and folders, findings from the projects' settings.
        public var findings: [AppBundleFinding]
        /// The Swift files the walk met outside the folders a walk for sources skips
        /// (``SwiftSourceFiles/entersFolder(_:)``), by folder, in walk order: what loose Info.plists
        /// are paired with, found in the same walk.
        public var swiftFolders: [(folder: String, files: [String])] = []
    }

    /// Folder names never descended into.
    public static let skippedNames: Set<String> = [".git", ".build", "DerivedData", "build", "Pods", "node_modules"]

    /// Whether discovery skips the folder `name` inside `parent`.
    public static func isSkipped(name: String, parent: String) -> Bool {
        if skippedNames.contains(name) { return true }
        return name == "Checkouts" && Path.lastComponent(of: parent) == "Carthage"
    }

    /// Whether a file name looks like an Info.plist (`Info.plist`, `App-Info.plist`…).
    public static func isInfoPlistName(_ name: String) -> Bool {
        name == "Info.plist" || name.hasSuffix("-Info.plist") || name.hasSuffix("_Info.plist")
            || name.hasSuffix(".Info.plist") || name.hasSuffix(" Info.plist")
    }

    /// Discovers the units under `root` (a folder). Targets are read under `configuration`
    /// (default Release) with `overrides` applied.
    public static func discover(
        root: String, configuration: String? = nil, overrides: BuildSettingOverrides = BuildSettingOverrides()
    ) -> Result {
        var walk = Walk()
        walk.run(root: root)
        var findings = walk.findings
        var units: [DiscoveredUnit] = []
        var projects: [XcodeProject] = []
        var usedPlists = Set<String>()

        for projectPath in walk.projects {
            let project: XcodeProject
            do {
                project = try XcodeProject.read(path: projectPath)
            } catch {
                findings.append(
                    AppBundleFinding(
                        .unreadablePropertyList(path: projectPath, reason: error.message), at: error.location))
                continue
            }
            projects.append(project)
            findings.append(contentsOf: project.findings)
            let (projectUnits, plists) = Self.projectUnits(
                of: project, configuration: configuration, overrides: overrides)
            units.append(contentsOf: projectUnits)
            usedPlists.formUnion(plists)
        }
        for bundle in walk.bundles {
            units.append(bundleUnit(bundle))
        }
        for plist in walk.infoPlists where !usedPlists.contains(Path.normalize(plist)) {
            units.append(
                DiscoveredUnit(
                    source: .standaloneInfoPlist, name: Path.lastComponent(of: Path.directory(of: plist)),
                    infoPlist: plist, productType: nil, folder: Path.directory(of: plist), extensions: []))
        }
        var result = Result(units: units, projects: projects, findings: findings.sortedForReport())
        result.swiftFolders = walk.swiftFolders
        return result
    }

    /// The units of one project, and the normalised Info.plist paths its targets use.
    static func projectUnits(
        of project: XcodeProject, configuration: String?, overrides: BuildSettingOverrides
    ) -> ([DiscoveredUnit], Set<String>) {
        var plistOf: [String: String] = [:]
        var used = Set<String>()
        for target in project.targets {
            let settings = project.settings(for: target, configuration: configuration, overrides: overrides)
            if let path = settings.infoPlistPath {
                plistOf[target.objectID] = path
                used.insert(Path.normalize(path))
            }
        }
        let embedded = Set(project.targets.flatMap { $0.embeddedTargets.map(\.objectID) })
        var units: [DiscoveredUnit] = []
        for target in project.targets {
            let isUnit: Bool
            if target.productType.isApplication {
                isUnit = true
            } else if target.productType.isBuildSupport || embedded.contains(target.objectID) {
                isUnit = false
            } else {
                isUnit = plistOf[target.objectID] != nil
            }
            guard isUnit else { continue }
            let extensions = target.embeddedTargets.compactMap { item -> DiscoveredExtension? in
                guard let embeddedTarget = project.target(withID: item.objectID) else { return nil }
                return DiscoveredExtension(
                    name: embeddedTarget.name, infoPlist: plistOf[item.objectID],
                    productType: embeddedTarget.productType)
            }
            units.append(
                DiscoveredUnit(
                    source: .xcodeTarget(project: project.path, target: target.name), name: target.name,
                    infoPlist: plistOf[target.objectID], productType: target.productType, folder: project.sourceRoot,
                    extensions: extensions))
        }
        return (units, used)
    }

    /// A built bundle: its Info.plist and the extensions in `PlugIns` and `Extensions`.
    static func bundleUnit(_ bundle: String) -> DiscoveredUnit {
        let contents = Path.join(bundle, "Contents")
        let base = FileSystem.isFile(Path.join(contents, "Info.plist")) ? contents : bundle
        let plist = Path.join(base, "Info.plist")
        var extensions: [DiscoveredExtension] = []
        for folder in ["PlugIns", "Extensions"] {
            let directory = Path.join(base, folder)
            for entry in FileSystem.entries(of: directory) ?? [] where Path.pathExtension(of: entry.name) == "appex" {
                let appex = Path.join(directory, entry.name)
                let nested = Path.join(Path.join(appex, "Contents"), "Info.plist")
                let extensionPlist = FileSystem.isFile(nested) ? nested : Path.join(appex, "Info.plist")
                extensions.append(
                    DiscoveredExtension(
                        name: Path.baseName(of: entry.name),
                        infoPlist: FileSystem.isFile(extensionPlist) ? extensionPlist : nil, productType: nil))
            }
        }
        return DiscoveredUnit(
            source: .bundle(path: bundle), name: Path.baseName(of: bundle),
            infoPlist: FileSystem.isFile(plist) ? plist : nil, productType: nil, folder: bundle, extensions: extensions)
    }

    /// The folder walk: projects, bundles and Info.plist candidates, in byte order.
    private struct Walk {
        var projects: [String] = []
        var bundles: [String] = []
        var infoPlists: [String] = []
        var findings: [AppBundleFinding] = []
        var swiftFolders: [(folder: String, files: [String])] = []

        mutating func run(root: String) {
            let start = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
            if Path.pathExtension(of: start) == "xcodeproj" {
                projects.append(start)
                return
            }
            if Path.pathExtension(of: start) == "app" {
                bundles.append(start)
                return
            }
            visit(start, depth: 0, sources: true)
        }

        /// Visits `folder`; `sources` false below a folder a walk for sources skips.
        private mutating func visit(_ folder: String, depth: Int, sources: Bool) {
            guard depth < 64 else { return }
            guard let entries = FileSystem.entries(of: folder) else {
                findings.append(AppBundleFinding(.unreadableDirectory(path: folder), at: SourceLocation(file: folder)))
                return
            }
            var swiftFiles: [String] = []
            defer { if !swiftFiles.isEmpty { swiftFolders.append((folder, swiftFiles)) } }
            for entry in entries {
                let path = Path.join(folder, entry.name)
                switch entry.kind {
                case .directory:
                    let fileExtension = Path.pathExtension(of: entry.name)
                    if fileExtension == "xcodeproj" {
                        if FileSystem.isFile(Path.join(path, "project.pbxproj")) { projects.append(path) }
                    } else if fileExtension == "app" {
                        bundles.append(path)
                    } else if fileExtension == "xcassets" || fileExtension == "xcworkspace"
                        || ProjectDiscovery.isSkipped(name: entry.name, parent: folder)
                    {
                        continue
                    } else {
                        visit(path, depth: depth + 1, sources: sources && SwiftSourceFiles.entersFolder(entry.name))
                    }
                case .file:
                    if ProjectDiscovery.isInfoPlistName(entry.name) {
                        infoPlists.append(path)
                    } else if sources && depth < SwiftSourceFiles.maximumDepth
                        && SwiftSourceFiles.isSwiftFile(entry.name)
                    {
                        swiftFiles.append(path)
                    }
                case .other:
                    continue
                }
            }
        }
    }
}
