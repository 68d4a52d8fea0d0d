import AppBundle
import Foundation
import PropertyList
import Testing

/// Checks against the shared corpus of real projects (`../shared/corpus`); skipped when absent.
@Suite(.enabled(if: Corpus.isAvailable, "../shared/corpus is not present"))
struct CorpusTests {
    @Test func everyProjectReadsIntoTargets() throws {
        let corpus = try Corpus()
        #expect(!corpus.projects.isEmpty)
        for entry in corpus.projects {
            let project = try XcodeProject.read(path: entry.file, sourceRoot: entry.sourceRoot)
            #expect(!project.targets.isEmpty, "\(entry.file)")
            #expect(
                !project.findings.contains {
                    if case .malformedProject = $0.kind { return true } else { return false }
                }, "\(entry.file): \(project.findings)")
            for target in project.targets {
                let settings = project.settings(for: target)
                #expect(!target.name.isEmpty)
                // The corpus holds no xcconfig files: naming them is all that may go wrong, and a
                // setting that lives in one is then unknown.
                let missingXCConfig = settings.findings.contains {
                    if case .unreadableXCConfig = $0.kind { return true } else { return false }
                }
                #expect(
                    settings.findings.allSatisfy {
                        if case .unreadableXCConfig = $0.kind { return true } else { return false }
                    },
                    "\(entry.file) \(target.name): \(settings.findings)")
                if (target.productType.isApplication || target.productType.isExtension) && !missingXCConfig {
                    #expect(
                        settings.infoPlistSetting != nil || settings.generatesInfoPlist,
                        "\(entry.file) \(target.name) has no Info.plist")
                    #expect(settings.bundleIdentifier != nil, "\(entry.file) \(target.name) has no bundle identifier")
                }
            }
        }
    }

    @Test func everyReferenceInTheInfoPlistsIsResolvedOrReported() throws {
        let corpus = try Corpus()
        var resolvedByProject = 0
        var references = 0
        var reported = 0
        for entry in corpus.plists {
            guard let document = try? PropertyListReader().read(contentsOf: entry.file) else { continue }
            let settings = corpus.settings(forInfoPlist: entry)
            if settings != nil { resolvedByProject += 1 }
            let resolved = ResolvedInfoPlist.resolve(
                document, settings: settings?.settings, generate: settings?.generatesInfoPlist ?? false,
                productType: settings?.target.productType)
            let reportedNames = Set(
                resolved.findings.compactMap { finding -> String? in
                    if case .unresolvedBuildSetting(let name) = finding.kind { return name }
                    return nil
                })
            Corpus.walk(resolved.root) { value in
                let written = value.writtenText ?? value.string ?? ""
                guard written.contains("$(") || written.contains("${") else { return }
                references += 1
                let text = value.string ?? ""
                let left = text.contains("$(") || text.contains("${")
                if left {
                    reported += 1
                    #expect(!value.unresolved.isEmpty, "\(entry.file): '\(written)' left unexpanded without a finding")
                    #expect(value.unresolved.allSatisfy(reportedNames.contains), "\(entry.file): \(value.unresolved)")
                }
            }
        }
        #expect(references > 0)
        print(
            "corpus: \(corpus.plists.count) Info.plists, \(resolvedByProject) matched to a project target; \(references) values with references, \(references - reported) fully resolved, \(reported) reported"
        )
    }
}

/// The corpus as MANIFEST.tsv lists it.
struct Corpus {
    struct Entry {
        var file: String
        var repository: String
        var originalPath: String
        var kind: String

        /// For a project: the folder holding the `.xcodeproj`, as a path in its repository.
        var sourceRoot: String { Path.directory(of: Path.directory(of: originalPath)) }
    }

    static let directory = packageDirectory + "/../shared/corpus"
    static var isAvailable: Bool { FileManager.default.fileExists(atPath: directory + "/MANIFEST.tsv") }

    var projects: [Entry] = []
    var plists: [Entry] = []
    /// Per repository: each project's targets with their settings.
    private var targets: [String: [TargetSettings]] = [:]

    init() throws {
        let manifest = try String(contentsOfFile: Self.directory + "/MANIFEST.tsv", encoding: .utf8)
        for line in manifest.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 5 else { continue }
            let entry = Entry(
                file: Self.directory + "/" + fields[0], repository: fields[1], originalPath: fields[2], kind: fields[4])
            if entry.kind == "pbxproj" {
                projects.append(entry)
            } else {
                plists.append(entry)
            }
        }
        for entry in projects {
            guard let project = try? XcodeProject.read(path: entry.file, sourceRoot: entry.sourceRoot) else { continue }
            targets[entry.repository, default: []] += project.targets.map { project.settings(for: $0) }
        }
    }

    /// The settings of the target, in the same repository, whose INFOPLIST_FILE is this file.
    func settings(forInfoPlist entry: Entry) -> TargetSettings? {
        targets[entry.repository]?.first { settings in
            settings.infoPlistPath.map { Path.normalize($0) } == Path.normalize(entry.originalPath)
        }
    }

    /// Calls `body` on every value under `value`.
    static func walk(_ value: InfoPlistValue, _ body: (InfoPlistValue) -> Void) {
        body(value)
        for element in value.elements { walk(element, body) }
        for entry in value.entries { walk(entry.value, body) }
    }
}
