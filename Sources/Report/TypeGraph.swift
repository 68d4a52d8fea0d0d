import AppBundle
import Lint
import PropertyList
import UniformTypes

/// The app's types and all their supertypes down to the system roots, each with its origin and
/// its problems: lint findings, an undeclared (unknown) supertype, membership of a cycle.
///
/// Only system types on a path from an app type to a root are here: system subtrees the app does
/// not reach are never drawn.
struct TypeGraph {
    /// Who declares a type, as the report colours it.
    typealias Origin = SupertypeGraph.Origin

    /// What is wrong with a type.
    struct Problems {
        var errors = 0
        var warnings = 0
        var infos = 0
        /// The first few finding messages, for the tooltip.
        var messages: [String] = []
        /// Whether the type is declared nowhere though something refers to it.
        var isUnknown = false
        /// Whether the type is in a conformance cycle.
        var inCycle = false

        /// `error`, `warning`, `info` or nil: the worst finding.
        var worst: String? {
            errors > 0 ? "error" : warnings > 0 ? "warning" : infos > 0 ? "info" : nil
        }

        /// The number of findings.
        var findings: Int { errors + warnings + infos }

        /// Whether anything at all is wrong.
        var any: Bool { findings > 0 || isUnknown || inCycle }
    }

    /// One type.
    struct Node {
        var identifier: UniformTypeIdentifier
        var origin: Origin
        var problems = Problems()
        /// Where the app declares it (nil for system types).
        var location: SourceLocation?
    }

    /// The types: the app's (in declaration order), then supertypes breadth-first.
    var nodes: [Node] = []
    /// The direct supertypes of each node, as node indices, in declared order.
    var supertypes: [[Int]] = []
    /// The node of each identifier.
    var index: [UniformTypeIdentifier: Int] = [:]

    /// The graph of `seeds` and all their supertypes over `catalog` (``SupertypeGraph``), each type
    /// with its origin, where the app declares it, and whether it is declared nowhere or in a cycle.
    init(catalog: TypeCatalog, seeds: [UniformTypeIdentifier]) {
        let drawn = SupertypeGraph(catalog: catalog, seeds: seeds)
        nodes = drawn.nodes.map { node in
            var problems = Problems()
            problems.isUnknown = node.origin == .undeclared
            return Node(identifier: node.identifier, origin: node.origin, problems: problems, location: node.location)
        }
        supertypes = drawn.supertypes
        index = drawn.index
        for cycle in catalog.graph.cycles {
            for member in cycle.members {
                if let number = index[member] { nodes[number].problems.inCycle = true }
            }
        }
    }

    /// The graph of the types `app` names (``AppUnit/namedTypes``) over `catalog`; `diagnostics`
    /// mark the types they are about.
    init(app: AppUnit, catalog: TypeCatalog, diagnostics: [Diagnostic]) {
        self.init(catalog: catalog, seeds: app.namedTypes)
        let subjects = FindingSubjects(app: app)
        for diagnostic in diagnostics {
            guard let identifier = subjects.identifier(for: diagnostic.location), let number = index[identifier]
            else { continue }
            switch diagnostic.severity {
            case .error: nodes[number].problems.errors += 1
            case .warning: nodes[number].problems.warnings += 1
            case .info: nodes[number].problems.infos += 1
            }
            if nodes[number].problems.messages.count < 4 {
                nodes[number].problems.messages.append("\(diagnostic.severity.rawValue): \(diagnostic.message)")
            }
        }
    }

    /// Whether node `number` is one of the app's own (not a system type).
    func isAppType(_ number: Int) -> Bool { nodes[number].origin != .system }
}

/// Which type a finding is about, read from its key path: the identifier a document type or
/// extension lists there (`LSItemContentTypes[2]`), or the declaration it is inside.
struct FindingSubjects {
    /// The roots of the app's and its extensions' files.
    let roots: [String: PlistValue]

    /// The lists whose strings are identifiers.
    static let identifierLists: Set<String> = ["LSItemContentTypes", "QLSupportedContentTypes", "NSExportableTypes"]

    init(app: AppUnit) {
        var roots: [String: PlistValue] = [:]
        for plist in [app.infoPlist] + app.extensions {
            if let document = plist.document { roots[document.file] = document.root }
        }
        self.roots = roots
    }

    /// The identifier `location` is about, or nil.
    func identifier(for location: SourceLocation) -> UniformTypeIdentifier? {
        guard var current = roots[location.file] else { return nil }
        var found: UniformTypeIdentifier?
        var lastKey: String?
        for component in location.keyPath.components {
            if current.kind == .dictionary, let declared = current["UTTypeIdentifier"]?.string {
                found = UniformTypeIdentifier(declared)
            }
            switch component {
            case .key(let key):
                guard let next = current[key] else { return found }
                current = next
                lastKey = key
            case .index(let position):
                guard let next = current.element(at: position) else { return found }
                if let key = lastKey, Self.identifierLists.contains(key), let listed = next.string {
                    return UniformTypeIdentifier(listed)
                }
                current = next
                lastKey = nil
            }
        }
        if current.kind == .dictionary, let declared = current["UTTypeIdentifier"]?.string {
            found = UniformTypeIdentifier(declared)
        }
        return found
    }
}
