import PropertyList
import Testing

@testable import UniformTypes

/// `TypeCatalog` builds a bundle's catalog over the system's prebuilt graph and tag index; these
/// tests build the same catalogs both ways and compare everything a caller can see.
@Suite struct SystemLayerReuseTests {
    /// Random bundle declarations over the embedded catalog: new identifiers, system identifiers
    /// redeclared (exported or imported, in another letter case), duplicates within the bundle,
    /// conformances to system types, to each other, to undeclared identifiers and to themselves
    /// (cycles), and tags shared with system types.
    static func randomBundle(seed: UInt64, count: Int) -> [TypeDeclaration] {
        var random = SplitMix64(state: seed)
        let system = SystemTypeCatalog.embedded.types.map(\.identifier.rawValue)
        let own = (0..<max(1, count / 2)).map { "com.example.t\($0)" }
        let extensions = ["jpg", "JPEG", "txt", "sketch", "pdf", "md", "zip", "brush"]
        func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }
        return (0..<count).map { line in
            var identifier = random.next() % 4 == 0 ? pick(system) : pick(own)
            if random.next() % 5 == 0 { identifier = identifier.uppercased() }
            let parents = (0..<Int(random.next() % 3)).map { _ in
                switch random.next() % 4 {
                case 0: pick(system)
                case 1: pick(own)
                case 2: "com.example.undeclared\(random.next() % 3)"
                default: "public.data"
                }
            }
            let origin: TypeOrigin = random.next() % 3 == 0 ? .imported(bundle: "app") : .exported(bundle: "app")
            let tags = (0..<Int(random.next() % 3)).map { _ in pick(extensions) }
            return declaration(identifier, parents, origin: origin, line: line + 1, extensions: tags)
        }
    }

    static func expectSame(_ reused: TypeCatalog, _ whole: TypeCatalog) {
        #expect(reused.effectiveDeclarations == whole.effectiveDeclarations)
        #expect(reused.redeclarations == whole.redeclarations)
        #expect(reused.userFacingDeclarations == whole.userFacingDeclarations)
        let identifiers = whole.effectiveDeclarations.map(\.identifier)
        for identifier in identifiers {
            #expect(reused.declarations(for: identifier) == whole.declarations(for: identifier))
            // The spelling in effect, read from the graph, is the declaration's, on both builds.
            let upper = UniformTypeIdentifier(identifier.rawValue.uppercased())
            #expect(
                reused.declaredSpelling(of: upper)?.rawValue == whole.declaration(for: identifier)?.identifier.rawValue)
            #expect(
                whole.declaredSpelling(of: upper)?.rawValue == whole.declaration(for: identifier)?.identifier.rawValue)
        }
        for tag in ["jpg", "JPEG", "txt", "sketch", "pdf", "md", "zip", "brush", "png", "html", "nothing"] {
            let claimants = whole.declarations(claiming: tag, in: .filenameExtension)
            #expect(reused.declarations(claiming: tag, in: .filenameExtension) == claimants)
            // The count without the list, on both builds.
            #expect(reused.claimantCount(of: tag, in: .filenameExtension) == claimants.count)
            #expect(whole.claimantCount(of: tag, in: .filenameExtension) == claimants.count)
        }
        #expect(
            whole.claimantCount(of: "IMAGE/png", in: .mimeType)
                == whole.declarations(claiming: "image/png", in: .mimeType).count)
        #expect(reused.claimantCount(of: "image/png", in: .mimeType) >= 1)
        #expect(
            reused.declarations(claiming: "image/png", in: .mimeType)
                == whole.declarations(claiming: "image/png", in: .mimeType))
        let (a, b) = (reused.graph, whole.graph)
        #expect(a.nodeCount == b.nodeCount)
        #expect(a.declaredCount == b.declaredCount)
        #expect(a.cycles == b.cycles)
        #expect(a.unknownSupertypes == b.unknownSupertypes)
        #expect(a.closureRangeCount == b.closureRangeCount)
        for raw in 0..<Int32(b.nodeCount) {
            let node = ConformanceGraph.Node(rawValue: raw)
            let identifier = b.identifier(of: node)
            #expect(a.identifier(of: node) == identifier)
            #expect(a.node(for: identifier) == node)
            #expect(a.directSupertypes(of: identifier) == b.directSupertypes(of: identifier))
        }
        // Conformance between every bundle node and a sample of the rest, both ways.
        let sample = stride(from: 0, to: b.nodeCount, by: 7).map { ConformanceGraph.Node(rawValue: Int32($0)) }
        for identifier in identifiers
        where !whole.isSystemDeclared(identifier)
            || whole.redeclarations.contains(where: { $0.identifier == identifier })
        {
            guard let node = b.node(for: identifier) else { continue }
            #expect(a.subtypes(of: identifier) == b.subtypes(of: identifier))
            #expect(a.supertypes(of: identifier) == b.supertypes(of: identifier))
            for other in sample {
                #expect(a.conforms(node, to: other) == b.conforms(node, to: other))
                #expect(a.conforms(other, to: node) == b.conforms(other, to: node))
            }
        }
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func reusingTheSystemLayerBuildsTheSameCatalog(seed: UInt64) {
        let bundle = Self.randomBundle(seed: seed, count: Int(seed) * 12)
        let reused = TypeCatalog(system: .embedded, declarations: bundle, reusingSystemLayer: true)
        let whole = TypeCatalog(system: .embedded, declarations: bundle, reusingSystemLayer: false)
        Self.expectSame(reused, whole)
    }

    /// The node the catalog recorded for each declaration it was given is the node its identifier
    /// looks up to, on both builds and with a system declaration among them (built whole), and
    /// that node's declaration in effect is the given one or one it lost to; the node's
    /// declarations are the identifier's, shadowed ones included, and a system one among them is
    /// found at the node as by the identifier.
    @Test(arguments: [1, 4, 7] as [UInt64])
    func everyGivenDeclarationKnowsItsNode(seed: UInt64) {
        let bundle = Self.randomBundle(seed: seed, count: Int(seed) * 20)
        let withSystem =
            [
                declaration(
                    "public.plain-text", ["public.text"], origin: .system(release: "X", bundle: "b", kind: .exported))
            ]
            + bundle
        for (given, reusing) in [(bundle, true), (bundle, false), (withSystem, true)] {
            let catalog = TypeCatalog(system: .embedded, declarations: given, reusingSystemLayer: reusing)
            for (position, declaration) in given.enumerated() {
                let node = catalog.node(ofDeclarationAt: position)
                #expect(node != nil)
                #expect(node == catalog.graph.declaredNode(for: declaration.identifier), "\(declaration.identifier)")
                guard let node else { continue }
                #expect(catalog.declarations(for: declaration.identifier).contains(declaration))
                #expect(catalog.declaration(at: node) == catalog.declaration(for: declaration.identifier))
                #expect(catalog.declarations(at: node) == catalog.declarations(for: declaration.identifier))
                let systemDeclared = catalog.declarations(for: declaration.identifier).contains { $0.origin.isSystem }
                #expect(catalog.isSystemDeclared(at: node) == systemDeclared)
                #expect(catalog.isSystemDeclared(declaration.identifier) == systemDeclared)
            }
        }
    }

    /// The declarations claiming a contested tag, found in one pass over the tag index, are the
    /// bundle's with a tag that ``TypeCatalog/claimantCount(of:in:)`` finds more than one claimant
    /// of, in both builds and for each set of tag classes; system declarations are left out.
    @Test(arguments: [1, 2, 3, 5, 8] as [UInt64])
    func contestedTagClaimantsAreThoseWithASharedTag(seed: UInt64) {
        let bundle = Self.randomBundle(seed: seed, count: Int(seed) * 15)
        for reusing in [true, false] {
            let catalog = TypeCatalog(system: .embedded, declarations: bundle, reusingSystemLayer: reusing)
            for classes in [[.filenameExtension, .mimeType], [.filenameExtension], [.mimeType]] as [Set<TagClass>] {
                let contested = catalog.claimsContestedTag(in: classes)
                #expect(contested.count == catalog.graph.nodeCount)
                var found = 0
                for raw in 0..<Int32(catalog.graph.nodeCount) {
                    let node = ConformanceGraph.Node(rawValue: raw)
                    let declaration = catalog.declaration(at: node)
                    let expected =
                        declaration.map { !$0.origin.isSystem } == true
                        && declaration?.tags.contains {
                            classes.contains($0.tagClass) && catalog.claimantCount(of: $0.value, in: $0.tagClass) > 1
                        } == true
                    #expect(
                        contested[Int(raw)] == expected, "\(catalog.graph.identifier(of: node)), reusing: \(reusing)")
                    if expected { found += 1 }
                }
                // The bundles claim extensions of system types (jpg, pdf…) and each other's, no MIME type.
                #expect((found > 0) == classes.contains(.filenameExtension))
            }
        }
    }

    /// Built in two stages with work beside it (the graph and the tag index side by side when
    /// concurrent), or over declarations that include a system one (built whole), the catalog is
    /// the one the initializer builds, and the work's result comes back.
    @Test(arguments: [(1, true), (2, false), (3, true)] as [(UInt64, Bool)])
    func buildingBesideOtherWorkBuildsTheSameCatalog(seed: UInt64, concurrently: Bool) {
        let bundle = Self.randomBundle(seed: seed, count: 40)
        let (catalog, other) = TypeCatalog.building(declarations: bundle, concurrently: concurrently) {
            bundle.count * 2
        }
        Self.expectSame(catalog, TypeCatalog(system: .embedded, declarations: bundle, reusingSystemLayer: false))
        #expect(other == 80)
        for (position, declaration) in bundle.enumerated() {
            #expect(catalog.node(ofDeclarationAt: position) == catalog.graph.declaredNode(for: declaration.identifier))
        }
        let withSystem =
            bundle + [
                declaration(
                    "com.vendor.newer", ["public.data"], origin: .system(release: "X", bundle: "b", kind: .exported))
            ]
        let (whole, _) = TypeCatalog.building(declarations: withSystem, concurrently: concurrently) { 0 }
        Self.expectSame(whole, TypeCatalog(system: .embedded, declarations: withSystem, reusingSystemLayer: false))
        for (position, declaration) in withSystem.enumerated() {
            #expect(whole.node(ofDeclarationAt: position) == whole.graph.declaredNode(for: declaration.identifier))
        }
        #expect(whole.isSystemDeclared("com.vendor.newer"))
    }

    /// The nearest system supertype with given facts, found on node numbers over the reused
    /// layer, is the one a walk of `systemFacts(for:)` over `supertypes(of:)` finds, in both builds.
    @Test(arguments: [4, 5] as [UInt64])
    func nearestSystemSupertypeIsTheWalksAnswer(seed: UInt64) {
        let bundle = Self.randomBundle(seed: seed, count: 60)
        let reused = TypeCatalog(system: .embedded, declarations: bundle, reusingSystemLayer: true)
        let whole = TypeCatalog(system: .embedded, declarations: bundle, reusingSystemLayer: false)
        let predicates: [@Sendable (SystemTypeFacts) -> Bool] = [
            { $0.thumbnail.iOS == .documented || $0.thumbnail.iOS == .likely }, { $0.hasIcon }, { _ in true },
            { _ in false },
        ]
        let probes = bundle.map(\.identifier) + ["public.jpeg", "com.adobe.pdf", "public.data", "com.example.none"]
        var found = 0
        for identifier in probes {
            for predicate in predicates {
                let walked = whole.graph.supertypes(of: identifier).lazy.compactMap { supertype in
                    whole.systemFacts(for: supertype).flatMap { predicate($0) ? supertype : nil }
                }.first
                #expect(reused.nearestSystemSupertype(of: identifier, where: predicate)?.identifier == walked)
                #expect(whole.nearestSystemSupertype(of: identifier, where: predicate)?.identifier == walked)
                // The node forms answer the same (a type the graph lacks has no node to ask about).
                for catalog in [reused, whole] {
                    guard let node = catalog.graph.node(for: identifier) else {
                        #expect(walked == nil)
                        continue
                    }
                    #expect(catalog.nearestSystemSupertype(of: node, where: predicate)?.identifier == walked)
                    #expect(catalog.declaration(at: node) == catalog.declaration(for: identifier))
                    #expect(catalog.declarations(at: node) == catalog.declarations(for: identifier))
                    #expect(
                        catalog.isSystemDeclared(at: node)
                            == catalog.declarations(for: identifier).contains { $0.origin.isSystem })
                    #expect(catalog.graph.isDeclared(node) == catalog.graph.isDeclared(identifier))
                }
                if walked != nil { found += 1 }
            }
        }
        #expect(found > 0, "the draw reaches system supertypes")
    }

    @Test func theEmbeddedCatalogHasALayerAndAnEmptyBundleNeedsNothingNew() {
        #expect(SystemTypeCatalog.embedded.layer != nil)
        let reused = TypeCatalog(system: .embedded, declarations: [], reusingSystemLayer: true)
        let whole = TypeCatalog(system: .embedded, declarations: [], reusingSystemLayer: false)
        Self.expectSame(reused, whole)
    }

    @Test func aSystemCatalogWithAnUndeclaredSupertypeIsBuiltWhole() {
        let types = [
            SystemType(
                declaration: declaration(
                    "com.vendor.a", ["com.vendor.missing"], origin: .system(release: "X", bundle: "b", kind: .exported)),
                facts: SystemTypeCatalog.embedded.types[0].facts)
        ]
        let system = SystemTypeCatalog(release: "X", types: types)
        #expect(system.layer == nil)
        let catalog = TypeCatalog(system: system, declarations: [declaration("com.example.b", ["com.vendor.a"])])
        #expect(catalog.conforms("com.example.b", to: "com.vendor.missing"))
        #expect(catalog.graph.unknownSupertypes.map(\.identifier) == ["com.vendor.missing"])
    }
}
