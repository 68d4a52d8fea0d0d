import PropertyList
import Testing

@testable import UniformTypes

@Suite struct TypeCatalogTests {
    private let app = "com.example.app"

    // MARK: Precedence

    @Test func exportedBeatsImportedWhicheverComesFirst() throws {
        let imported = declaration("com.example.doc", ["public.data"], origin: .imported(bundle: app), line: 40)
        let exported = declaration("com.example.doc", ["public.content"], origin: .exported(bundle: app), line: 10)
        for order in [[imported, exported], [exported, imported]] {
            let catalog = TypeCatalog(declarations: order)
            #expect(catalog.declaration(for: "com.example.doc")?.origin == .exported(bundle: app))
            #expect(catalog.declarations(for: "com.example.doc").map(\.location?.line) == [10, 40])
            #expect(catalog.redeclarations.count == 1)
            let record = try #require(catalog.redeclarations.first)
            #expect(record.reason == .exportedOverImported)
            #expect(record.kept.location?.line == 10)
            #expect(record.shadowed.location?.line == 40)
            #expect(catalog.conforms("com.example.doc", to: "public.content"))
            #expect(!catalog.conforms("com.example.doc", to: "public.data"))
        }
    }

    @Test func anExportedDeclarationBeatsTheSystemsImportedOne() throws {
        // CoreTypes only imports com.adobe.pdf.
        let catalog = TypeCatalog(declarations: [declaration("com.adobe.pdf", ["public.data"], line: 7)])
        #expect(catalog.declaration(for: "com.adobe.pdf")?.origin == .exported(bundle: app))
        let record = try #require(catalog.redeclarations.first)
        #expect(record.reason == .exportedOverImported)
        #expect(record.shadowed.origin.isSystem)
        #expect(record.shadowed.location == nil)
        // The system still has its facts about the type.
        #expect(catalog.isSystemDeclared("com.adobe.pdf"))
        #expect(catalog.systemFacts(for: "com.adobe.pdf")?.thumbnail.category == .pdf)
    }

    @Test func theSystemBeatsABundleOfTheSameKind() {
        let catalog = TypeCatalog(declarations: [
            declaration("public.jpeg", ["public.data"], origin: .exported(bundle: app), line: 3),
            declaration("com.microsoft.word.doc", [], origin: .imported(bundle: app), line: 9),
            declaration("public.png", [], origin: .imported(bundle: app), line: 20),
        ])
        #expect(catalog.declaration(for: "public.jpeg")?.origin.isSystem == true)
        #expect(catalog.declaration(for: "com.microsoft.word.doc")?.origin.isSystem == true)
        #expect(catalog.declaration(for: "public.png")?.origin.isSystem == true)
        #expect(
            catalog.redeclarations.map { "\($0.identifier) \($0.reason.rawValue) \($0.shadowed.location?.line ?? 0)" }
                == [
                    "com.microsoft.word.doc system-over-bundle 9",
                    "public.jpeg system-over-bundle 3",
                    "public.png exported-over-imported 20",
                ])
        #expect(catalog.conforms("public.jpeg", to: "public.image"))
    }

    @Test func duplicatesKeepTheFirstAndNoteCaseDifferences() throws {
        let catalog = TypeCatalog(declarations: [
            declaration("com.example.Doc", [], line: 1), declaration("com.example.doc", [], line: 5),
        ])
        #expect(catalog.declaration(for: "COM.EXAMPLE.DOC")?.identifier.rawValue == "com.example.Doc")
        let record = try #require(catalog.redeclarations.first)
        #expect(record.reason == .firstDeclared)
        #expect(record.differsInCase)
        #expect(record.shadowed.identifierLocation == SourceLocation(file: "Info.plist", line: 5, column: 10))
    }

    @Test func undeclaredTypesAreNotInTheCatalog() {
        let catalog = TypeCatalog()
        #expect(!catalog.contains("com.example.nothing"))
        #expect(catalog.declaration(for: "public.package") == nil)
        #expect(catalog.systemFacts(for: "com.example.nothing") == nil)
        #expect(catalog.effectiveDeclarations.count == 1365)
        #expect(catalog.redeclarations.isEmpty)
    }

    @Test func appTypesJoinTheSystemGraph() {
        let catalog = TypeCatalog(declarations: [declaration("com.example.doc", ["public.json"])])
        #expect(catalog.conforms("com.example.doc", to: "public.text"))
        #expect(catalog.conforms("com.example.doc", to: .data))
        #expect(catalog.graph.subtypes(of: "public.json").contains("com.example.doc"))
        #expect(catalog.graph.unknownSupertypes.isEmpty)
    }

    @Test func userFacingDeclarationsLeaveOutHardware() {
        let catalog = TypeCatalog(declarations: [declaration("com.example.doc", ["public.data"])])
        let identifiers = Set(catalog.userFacingDeclarations.map(\.identifier))
        #expect(identifiers.contains("public.jpeg"))
        #expect(identifiers.contains("com.example.doc"))
        #expect(!identifiers.contains("com.apple.iphone"))
        #expect(!identifiers.contains("public.device"))
        #expect(identifiers.count == 704)
    }

    // MARK: Layered system declarations (--system-types)

    private let newer = TypeOrigin.system(release: "newer.plist", bundle: "CoreTypes", kind: .exported)

    @Test func newerSystemDeclarationsReplaceEmbeddedOnes() throws {
        var avif = declaration("public.avif", ["public.heif-standard"], origin: newer, extensions: ["avif"])
        avif.icons = TypeIcons(iconFile: Located("avif.icns"))
        let jpeg = declaration("public.jpeg", ["public.image", "public.data"], origin: newer, extensions: ["jpg"])
        let catalog = TypeCatalog(declarations: [avif, jpeg])

        #expect(catalog.declaration(for: "public.avif")?.origin == newer)
        #expect(catalog.conforms("public.avif", to: "public.image"))
        let avifFacts = try #require(catalog.systemFacts(for: "public.avif"))
        #expect(avifFacts.icon == .file)
        #expect(avifFacts.thumbnail == SystemThumbnail(category: .image, iOS: .documented, macOS: .likely))
        #expect(!avifFacts.isHardwareModel)

        #expect(catalog.declaration(for: "public.jpeg")?.origin == newer)
        #expect(catalog.declaration(for: "public.jpeg")?.filenameExtensions == ["jpg"])
        #expect(catalog.redeclarations.map(\.reason) == [.newerSystemRelease])
        // Thumbnail and hardware facts stay those of the embedded type; icons come from the new declaration.
        let jpegFacts = try #require(catalog.systemFacts(for: "public.jpeg"))
        #expect(jpegFacts.thumbnail.category == .image)
        #expect(jpegFacts.icon == .none)
        #expect(catalog.tagResolver.resolve(extension: "jpeg").reason == .noCandidate)
    }

    @Test func newerHardwareModelsAreRecognisedByConformance() throws {
        let phone = declaration("com.apple.iphone99-1", ["com.apple.iphone"], origin: newer)
        let catalog = TypeCatalog(declarations: [phone])
        #expect(try #require(catalog.systemFacts(for: "com.apple.iphone99-1")).isHardwareModel)
        #expect(!catalog.userFacingDeclarations.contains { $0.identifier == "com.apple.iphone99-1" })
    }

    @Test func aBundleDeclarationStillLosesToANewerSystemOne() {
        let catalog = TypeCatalog(declarations: [
            declaration("public.avif", ["public.data"], origin: .imported(bundle: app), line: 4),
            declaration("public.avif", ["public.image"], origin: newer),
        ])
        #expect(catalog.declaration(for: "public.avif")?.origin == newer)
        #expect(catalog.redeclarations.map(\.reason) == [.exportedOverImported])
    }
}
