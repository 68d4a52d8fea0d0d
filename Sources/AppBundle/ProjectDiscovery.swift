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
        /// Every file the walk took for an Info.plist (templates among them), in byte order.
        public var infoPlists: [String] = []
        /// What the walk passed over, and why, in byte order.
        public var skipped: [SkippedPath] = []
        /// The Swift files the walk met outside the folders a walk for sources skips
        /// (``SwiftSourceFiles/entersFolder(_:)``), by folder, in walk order: what loose Info.plists
        /// are paired with, found in the same walk.
        public var swiftFolders: [(folder: String, files: [String])] = []
    }

    /// A folder or file discovery passed over.
    public struct SkippedPath: Sendable, Hashable {
        /// Why it was passed over.
        public enum Reason: String, Sendable, Hashable {
            /// A build product, version-control or vendored folder (`build`, `.git`, `Pods`…).
            case buildOrVendoredFolder = "a build product, version-control or vendored folder"
            /// A property list whose name is not an Info.plist's (`Entitlements.plist`…).
            case notAnInfoPlist = "a property list not named like an Info.plist"
            /// An Info.plist a project target uses only in another build configuration than the
            /// one read.
            case otherConfiguration = "an Info.plist a target uses only in another build configuration"
        }

        /// The path, starting with the folder as the user named it.
        public var path: String
        /// Why it was passed over.
        public var reason: Reason
    }

    /// Folder names never descended into.
    public static let skippedNames: Set<String> = [".git", ".build", "DerivedData", "build", "Pods", "node_modules"]

    /// Whether discovery skips the folder `name` inside `parent`.
    public static func isSkipped(name: String, parent: String) -> Bool {
        if skippedNames.contains(name) { return true }
        return name == "Checkouts" && Path.lastComponent(of: parent) == "Carthage"
    }

    /// Whether a file name looks like an Info.plist or a build system's template of one: a
    /// `.plist` name with `Info` as one of its words (`Info.plist`, `App-Info.plist`,
    /// `Info-Release.plist`, `release-Info.plist`), possibly followed by a template suffix
    /// (``isInfoPlistTemplateName(_:)``).
    public static func isInfoPlistName(_ name: String) -> Bool {
        var plistName = Substring(name)
        if let suffix = templateSuffixes.first(where: { name.hasSuffix($0) }) {
            plistName = plistName.dropLast(suffix.count)
        }
        guard plistName.hasSuffix(".plist") else { return false }
        let stem = plistName.dropLast(6)
        return stem.split(whereSeparator: { "-_. ".contains($0) }).contains { $0.lowercased() == "info" }
    }

    /// The suffixes of Info.plist templates that CMake (`configure_file`), autotools and other
    /// build systems expand, replacing `@NAME@` and `${NAME}` placeholders.
    public static let templateSuffixes = [".in", ".cmake", ".template"]

    /// Whether a file name is an Info.plist template's (`Info.plist.in`, `Info.plist.cmake`,
    /// `Info.plist.template`).
    public static func isInfoPlistTemplateName(_ name: String) -> Bool {
        templateSuffixes.contains { name.hasSuffix($0) } && isInfoPlistName(name)
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
        var otherConfigurationPlists = Set<String>()

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
            otherConfigurationPlists.formUnion(
                Self.infoPlistsOfOtherConfigurations(of: project, configuration: configuration, overrides: overrides))
        }
        for bundle in walk.bundles {
            units.append(bundleUnit(bundle, findings: &findings))
        }
        var skipped = walk.skipped
        for plist in walk.infoPlists where !usedPlists.contains(Path.normalize(plist)) {
            // A variant the project builds only in another configuration is that target's file,
            // not an app of its own.
            if otherConfigurationPlists.contains(Path.normalize(plist)) {
                skipped.append(SkippedPath(path: plist, reason: .otherConfiguration))
                continue
            }
            units.append(
                DiscoveredUnit(
                    source: .standaloneInfoPlist, name: Path.lastComponent(of: Path.directory(of: plist)),
                    infoPlist: plist, productType: nil, folder: Path.directory(of: plist), extensions: []))
        }
        var result = Result(
            units: units, projects: projects, findings: findings.sortedForReport(), infoPlists: walk.infoPlists,
            skipped: skipped.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) })
        result.swiftFolders = walk.swiftFolders
        return result
    }

    /// The Info.plists a project's targets use in build configurations other than
    /// `configuration`, normalised.
    static func infoPlistsOfOtherConfigurations(
        of project: XcodeProject, configuration: String?, overrides: BuildSettingOverrides
    ) -> Set<String> {
        var paths = Set<String>()
        for target in project.targets {
            for other in target.buildConfigurations {
                let settings = project.settings(for: target, configuration: other.name, overrides: overrides)
                if let path = settings.infoPlistPath { paths.insert(Path.normalize(path)) }
            }
        }
        return paths
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

    /// A built bundle: its Info.plist and the extensions in `PlugIns` and `Extensions`. Names
    /// spelt on disk in another letter case are used and reported in `findings`.
    static func bundleUnit(_ bundle: String, findings: inout [AppBundleFinding]) -> DiscoveredUnit {
        let plist = AppLoader.foundFile(["Contents/Info.plist", "Info.plist"], in: bundle, findings: &findings)
        let base = plist.map(Path.directory) ?? bundle
        var extensions: [DiscoveredExtension] = []
        for folder in ["PlugIns", "Extensions"] {
            guard let directory = AppLoader.found(folder, in: base, findings: &findings) else { continue }
            for entry in FileSystem.entries(of: directory) ?? [] where Path.pathExtension(of: entry.name) == "appex" {
                let appex = Path.join(directory, entry.name)
                extensions.append(
                    DiscoveredExtension(
                        name: Path.baseName(of: entry.name),
                        infoPlist: AppLoader.foundFile(
                            ["Contents/Info.plist", "Info.plist"], in: appex, findings: &findings),
                        productType: nil))
            }
        }
        return DiscoveredUnit(
            source: .bundle(path: bundle), name: Path.baseName(of: bundle), infoPlist: plist, productType: nil,
            folder: bundle, extensions: extensions)
    }

    /// The folder walk: projects, bundles and Info.plist candidates, in byte order.
    private struct Walk {
        var projects: [String] = []
        var bundles: [String] = []
        var infoPlists: [String] = []
        var skipped: [SkippedPath] = []
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
                        // Xcode writes this name itself, so only its own spelling counts (on
                        // every file system alike).
                        if let found = FileSystem.find("project.pbxproj", in: path), found.caseMatches,
                            FileSystem.kind(of: found.path) == .file
                        {
                            projects.append(path)
                        }
                    } else if fileExtension == "app" {
                        bundles.append(path)
                    } else if fileExtension == "xcassets" || fileExtension == "xcworkspace" {
                        continue
                    } else if ProjectDiscovery.isSkipped(name: entry.name, parent: folder) {
                        skipped.append(SkippedPath(path: path, reason: .buildOrVendoredFolder))
                    } else {
                        visit(path, depth: depth + 1, sources: sources && SwiftSourceFiles.entersFolder(entry.name))
                    }
                case .file:
                    if ProjectDiscovery.isInfoPlistName(entry.name) {
                        infoPlists.append(path)
                    } else if entry.name.hasSuffix(".plist") {
                        skipped.append(SkippedPath(path: path, reason: .notAnInfoPlist))
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
