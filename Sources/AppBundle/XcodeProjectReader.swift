import PropertyList

/// Turns the object graph of a `project.pbxproj` into an ``XcodeProject``. Dangling references
/// and unexpected shapes become findings; only a file without `objects` or a root `PBXProject`
/// is refused.
struct XcodeProjectReader {
    let document: PropertyListDocument
    let projectFile: String
    let objects: PlistValue
    /// The objects by identifier: `PlistValue`'s key lookup scans, and projects hold thousands.
    private let objectIndex: [String: PlistValue]
    var findings: [AppBundleFinding] = []
    /// Each group member's containing group, for placing file references on disk.
    private var parents: [String: String] = [:]
    /// The `PBXFileSystemSynchronizedRootGroup`s, in file order.
    private var synchronizedGroupIDs: [String] = []

    init(document: PropertyListDocument, projectFile: String) {
        self.document = document
        self.projectFile = projectFile
        self.objects = document.root["objects"] ?? document.root
        var index: [String: PlistValue] = [:]
        for (key, value) in objects.entries where value.kind == .dictionary {
            index[key.text] = value
        }
        self.objectIndex = index
    }

    mutating func project(path: String, name: String, sourceRoot: String) throws(XcodeProjectError) -> XcodeProject {
        let root = document.root
        guard root.kind == .dictionary, let objectsValue = root["objects"], objectsValue.kind == .dictionary else {
            throw .notAProject(reason: "no 'objects' dictionary", location: root.location)
        }
        guard let rootID = root["rootObject"]?.string, let project = object(rootID), isa(project) == "PBXProject"
        else {
            throw .notAProject(reason: "no root 'PBXProject' object", location: root.location)
        }
        indexGroups()
        var projectDirectory = sourceRoot
        if let projectDirPath = project["projectDirPath"]?.string, !projectDirPath.isEmpty {
            projectDirectory = Path.join(sourceRoot, projectDirPath)
        }
        let (configurations, defaultName) = configurationList(
            project["buildConfigurationList"], sourceRoot: projectDirectory)
        let targetIDs = project["targets"]?.elements.compactMap(\.string) ?? []
        // Map product references to the targets that build them, to recognise embedded products.
        var productOwners: [String: String] = [:]
        for id in targetIDs {
            if let target = object(id), let product = target["productReference"]?.string { productOwners[product] = id }
        }
        var targets: [XcodeTarget] = []
        for id in targetIDs {
            guard let value = object(id) else {
                finding(.malformedProject(detail: "target '\(id)' is not defined"), at: project["targets"])
                continue
            }
            targets.append(target(id: id, value: value, productOwners: productOwners, sourceRoot: projectDirectory))
        }
        resolveEmbedding(&targets)
        return XcodeProject(
            path: path, projectFile: projectFile, name: name, sourceRoot: projectDirectory,
            developmentRegion: project["developmentRegion"]?.string, buildConfigurations: configurations,
            defaultConfigurationName: defaultName, targets: targets, findings: findings.sortedForReport())
    }

    // MARK: Objects

    private func object(_ id: String) -> PlistValue? {
        objectIndex[id]
    }

    private func isa(_ value: PlistValue) -> String { value["isa"]?.string ?? "" }

    private mutating func finding(_ kind: AppBundleFinding.Kind, at value: PlistValue?) {
        findings.append(AppBundleFinding(kind, at: place(value)))
    }

    /// The file and line of `value`. The key path is left out: computing it walks the `objects`
    /// dictionary, which would make reading a large project quadratic.
    private func place(_ value: PlistValue?) -> SourceLocation {
        SourceLocation(file: projectFile, line: value?.line)
    }

    // MARK: Targets

    private mutating func target(
        id: String, value: PlistValue, productOwners: [String: String], sourceRoot: String
    ) -> XcodeTarget {
        let name = value["name"]?.string ?? id
        let productType: ProductType
        if let identifier = value["productType"]?.string {
            productType = ProductType(identifier: identifier)
            if !productType.isKnown {
                finding(.unknownProductType(identifier: identifier), at: value["productType"])
            }
        } else {
            productType = .other("")
        }
        let (configurations, defaultName) = configurationList(value["buildConfigurationList"], sourceRoot: sourceRoot)
        var productFileName: String?
        if let productID = value["productReference"]?.string, let product = object(productID) {
            productFileName = product["path"]?.string ?? product["name"]?.string
        }
        var embedded: [EmbeddedTarget] = []
        for phaseID in value["buildPhases"]?.elements.compactMap(\.string) ?? [] {
            guard let phase = object(phaseID), isa(phase) == "PBXCopyFilesBuildPhase" else { continue }
            let destination =
                phase["dstSubfolderSpec"]?.string.flatMap { Int($0) } ?? phase["dstSubfolderSpec"]?.integer?.intValue
            let mechanism = EmbeddedTarget.Mechanism.copyFiles(
                phaseName: phase["name"]?.string, destination: destination, path: phase["dstPath"]?.string ?? "")
            for buildFileID in phase["files"]?.elements.compactMap(\.string) ?? [] {
                guard let buildFile = object(buildFileID), let fileRef = buildFile["fileRef"]?.string,
                    let owner = productOwners[fileRef], owner != id
                else { continue }
                embedded.append(EmbeddedTarget(objectID: owner, name: owner, mechanism: mechanism))
            }
        }
        var dependencies: [String] = []
        for dependencyID in value["dependencies"]?.elements.compactMap(\.string) ?? [] {
            guard let dependency = object(dependencyID) else { continue }
            if let targetID = dependency["target"]?.string {
                dependencies.append(targetID)
            } else if let proxyID = dependency["targetProxy"]?.string, let proxy = object(proxyID),
                proxy["proxyType"]?.string == "1", let remote = proxy["remoteGlobalIDString"]?.string,
                productOwners.values.contains(remote)
            {
                dependencies.append(remote)
            }
        }
        let phases = value["buildPhases"]?.elements.compactMap(\.string) ?? []
        return XcodeTarget(
            objectID: id, name: name, productName: value["productName"]?.string, productType: productType,
            buildConfigurations: configurations, defaultConfigurationName: defaultName,
            productFileName: productFileName, embeddedTargets: embedded, dependencyIDs: dependencies,
            location: place(value.keyNode ?? value), swiftSources: swiftSources(phases: phases, sourceRoot: sourceRoot),
            synchronizedFolders: synchronizedFolders(
                target: id, listed: value["fileSystemSynchronizedGroups"]?.elements.compactMap(\.string) ?? [],
                phases: Set(phases), sourceRoot: sourceRoot))
    }

    /// The Swift files of the Sources build phases among `phases`, placed on disk. A file that
    /// cannot be placed (a generated one, under `BUILT_PRODUCTS_DIR`) is left out quietly: the
    /// project is still sound.
    private mutating func swiftSources(phases: [String], sourceRoot: String) -> [String] {
        var files: [String] = []
        for phaseID in phases {
            guard let phase = object(phaseID), isa(phase) == "PBXSourcesBuildPhase" else { continue }
            for buildFileID in phase["files"]?.elements.compactMap(\.string) ?? [] {
                guard let buildFile = object(buildFileID), let fileRef = buildFile["fileRef"]?.string,
                    let reference = object(fileRef),
                    Path.pathExtension(of: reference["path"]?.string ?? "") == "swift",
                    let path = placeFile(fileRef, sourceRoot: sourceRoot, at: nil, quietly: true)
                else { continue }
                files.append(path)
            }
        }
        return files
    }

    /// The synchronised folders that give target `target` files: the groups it lists (less the
    /// exceptions of sets naming it, and the files its own build phases take instead of Sources),
    /// then the others whose exception sets name it (only those files).
    private mutating func synchronizedFolders(target: String, listed: [String], phases: Set<String>, sourceRoot: String)
        -> [SynchronizedFolder]
    {
        var folders: [SynchronizedFolder] = []
        for groupID in synchronizedGroupIDs {
            guard let group = object(groupID) else { continue }
            let isMember = listed.contains(groupID)
            var exceptions: [String] = []
            for setID in group["exceptions"]?.elements.compactMap(\.string) ?? [] {
                guard let set = object(setID) else { continue }
                let named: Bool
                switch isa(set) {
                case "PBXFileSystemSynchronizedBuildFileExceptionSet":
                    named = set["target"]?.string == target
                case "PBXFileSystemSynchronizedGroupBuildPhaseMembershipExceptionSet":
                    // Files a build phase of the target takes (copied, say): not compiled.
                    named = isMember && phases.contains(set["buildPhase"]?.string ?? "")
                default:
                    named = false
                }
                if named { exceptions += set["membershipExceptions"]?.elements.compactMap(\.string) ?? [] }
            }
            guard isMember || !exceptions.isEmpty,
                let path = placeFile(groupID, sourceRoot: sourceRoot, at: nil, quietly: true)
            else { continue }
            folders.append(SynchronizedFolder(path: path, isMember: isMember, exceptions: exceptions))
        }
        return folders
    }

    /// Names embedded targets, and adds extension dependencies that no Copy Files phase embeds.
    private func resolveEmbedding(_ targets: inout [XcodeTarget]) {
        var names: [String: String] = [:]
        var types: [String: ProductType] = [:]
        for target in targets {
            names[target.objectID] = target.name
            types[target.objectID] = target.productType
        }
        let copied = Set(targets.flatMap { $0.embeddedTargets.map(\.objectID) })
        for index in targets.indices {
            targets[index].embeddedTargets = targets[index].embeddedTargets.compactMap { embedded in
                guard let name = names[embedded.objectID] else { return nil }
                return EmbeddedTarget(objectID: embedded.objectID, name: name, mechanism: embedded.mechanism)
            }
            guard targets[index].productType.isApplication else { continue }
            for dependency in targets[index].dependencyIDs
            where !copied.contains(dependency) && types[dependency]?.isExtension == true {
                if let name = names[dependency] {
                    targets[index].embeddedTargets.append(
                        EmbeddedTarget(objectID: dependency, name: name, mechanism: .dependency))
                }
            }
        }
    }

    // MARK: Configurations

    private mutating func configurationList(
        _ reference: PlistValue?, sourceRoot: String
    ) -> ([XcodeBuildConfiguration], String?) {
        guard let listID = reference?.string else { return ([], nil) }
        guard let list = object(listID) else {
            finding(.malformedProject(detail: "configuration list '\(listID)' is not defined"), at: reference)
            return ([], nil)
        }
        var configurations: [XcodeBuildConfiguration] = []
        for id in list["buildConfigurations"]?.elements.compactMap(\.string) ?? [] {
            guard let value = object(id) else {
                finding(.malformedProject(detail: "build configuration '\(id)' is not defined"), at: list)
                continue
            }
            configurations.append(configuration(value, sourceRoot: sourceRoot))
        }
        return (configurations, list["defaultConfigurationName"]?.string)
    }

    private mutating func configuration(_ value: PlistValue, sourceRoot: String) -> XcodeBuildConfiguration {
        var assignments: [BuildSettingAssignment] = []
        for (key, setting) in value["buildSettings"]?.entries ?? [] {
            let written = key.text
            guard let parsed = BuildSettingAssignment.parseName(written) else {
                finding(.malformedProject(detail: "build setting name '\(written)'"), at: key)
                continue
            }
            let text: String
            switch setting.kind {
            case .array: text = setting.elements.map { Self.listElement($0.text) }.joined(separator: " ")
            case .string: text = setting.text
            default: text = ""
            }
            assignments.append(
                BuildSettingAssignment(
                    name: parsed.name, value: text, conditions: parsed.conditions, location: place(key)))
        }
        var basePath: String?
        if let referenceID = value["baseConfigurationReference"]?.string {
            basePath = placeFile(referenceID, sourceRoot: sourceRoot, at: value["baseConfigurationReference"])
        } else if let anchorID = value["baseConfigurationReferenceAnchor"]?.string,
            let relative = value["baseConfigurationReferenceRelativePath"]?.string
        {
            basePath = placeFile(anchorID, sourceRoot: sourceRoot, at: value["baseConfigurationReferenceAnchor"])
                .map { Path.join($0, relative) }
        }
        return XcodeBuildConfiguration(
            name: value["name"]?.string ?? "", settings: assignments, baseConfigurationPath: basePath,
            location: place(value.keyNode ?? value))
    }

    /// An element of an array-valued setting, quoted when it holds spaces, so that the joined
    /// string reads back as the same list.
    private static func listElement(_ text: String) -> String {
        guard text.contains(" ") || text.isEmpty, !text.hasPrefix("\"") else { return text }
        return "\"" + text + "\""
    }

    // MARK: Groups and file references

    private mutating func indexGroups() {
        for (key, value) in objects.entries where value.kind == .dictionary {
            for child in value["children"]?.elements.compactMap(\.string) ?? [] {
                parents[child] = key.text
            }
            if isa(value) == "PBXFileSystemSynchronizedRootGroup" { synchronizedGroupIDs.append(key.text) }
        }
    }

    /// The on-disk path of the file or group `id`, following `sourceTree` through its groups;
    /// `quietly`, a reference that cannot be placed is no finding.
    private mutating func placeFile(_ id: String, sourceRoot: String, at reference: PlistValue?, quietly: Bool = false)
        -> String?
    {
        var components: [String] = []
        var current: String? = id
        var steps = 0
        while let currentID = current {
            steps += 1
            guard steps < 256, let value = object(currentID) else {
                if !quietly {
                    finding(.malformedProject(detail: "file reference '\(currentID)' is not defined"), at: reference)
                }
                return nil
            }
            let path = value["path"]?.string ?? ""
            let sourceTree = value["sourceTree"]?.string ?? "<group>"
            switch sourceTree {
            case "<absolute>":
                return Path.normalize(([path] + components.reversed()).reduce("") { Path.join($0, $1) })
            case "SOURCE_ROOT":
                return Path.normalize(([sourceRoot, path] + components.reversed()).reduce("") { Path.join($0, $1) })
            case "<group>":
                components.append(path)
                current = parents[currentID]
            default:
                let name = value["name"]?.string ?? path
                if !quietly { finding(.unresolvableFileReference(name: name, sourceTree: sourceTree), at: reference) }
                return nil
            }
        }
        // Reached the main group: its path is relative to the project's folder.
        return Path.normalize(([sourceRoot] + components.reversed()).reduce("") { Path.join($0, $1) })
    }
}
