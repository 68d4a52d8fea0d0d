import PropertyList
import Testing

@testable import UniformTypes

@Suite struct TagResolverTests {
    let system = TypeCatalog().tagResolver
    private let app = "com.example.app"

    @Test func oneCandidate() {
        let resolution = system.resolve(extension: "jpg")
        #expect(resolution.preferred == "public.jpeg")
        #expect(resolution.reason == .onlyCandidate)
        #expect(!resolution.isAmbiguous)
        #expect(resolution.dynamicIdentifier == nil)
        #expect(resolution.candidates.map(\.isPreferredTag) == [false])  // `jpeg` is listed first
        #expect(system.resolve(extension: "jpeg").candidates.map(\.isPreferredTag) == [true])
    }

    @Test func tagsCompareCaseInsensitively() {
        #expect(system.resolve(extension: "JPG").preferred == "public.jpeg")
        #expect(system.resolve(extension: "Pdf").preferred == "com.adobe.pdf")
        #expect(system.resolve(mimeType: "IMAGE/JPEG").preferred == "public.jpeg")
        #expect(system.resolve(mimeType: "text/plain;charset=\"UTF-8\"").preferred == "public.utf8-plain-text")
        // OSTypes are exact.
        #expect(system.resolve(tag: "JPEG", in: .osType).preferred == "public.jpeg")
        #expect(system.resolve(tag: "jpeg", in: .osType).candidates.isEmpty)
    }

    @Test func publicBeatsNonPublic() {
        let resolution = system.resolve(extension: "xml")
        #expect(resolution.candidates.map(\.identifier) == ["public.xml", "com.microsoft.word.wordml"])
        #expect(resolution.preferred == "public.xml")
        #expect(resolution.reason == .publicOverNonPublic)
        #expect(system.resolve(extension: "otf").preferred == "public.opentype-font")
    }

    @Test func exportedBeatsImportedOnlyWhenAskedFor() {
        // Both public: Apple documents the choice as undefined.
        let resolution = system.resolve(mimeType: "audio/mp4a-latm")
        #expect(resolution.candidates.map(\.identifier) == ["public.mpeg-4-audio", "public.mp4a-latm"])
        #expect(resolution.preferred == nil)
        #expect(resolution.tied == ["public.mp4a-latm", "public.mpeg-4-audio"])
        #expect(resolution.exportedAmongTied == "public.mpeg-4-audio")
        // The undocumented rule, when asked for, settles it.
        let exportedWins = TagResolver(catalog: system.catalog, exportedWins: true).resolve(mimeType: "audio/mp4a-latm")
        #expect(exportedWins.preferred == "public.mpeg-4-audio")
        #expect(exportedWins.reason == .exportedOverImported)
        #expect(exportedWins.exportedAmongTied == nil)
        // Public over non-public stays the first rule either way.
        #expect(
            TagResolver(catalog: system.catalog, exportedWins: true).resolve(extension: "xml").reason
                == .publicOverNonPublic)
    }

    @Test func ambiguityIsReportedNotSettled() {
        let mp4 = system.resolve(extension: "mp4")
        #expect(mp4.isAmbiguous)
        #expect(mp4.preferred == nil)
        #expect(mp4.resolvedIdentifier == nil)
        #expect(mp4.tied == ["public.mpeg-4", "public.mpeg-4-audio"])
        let plist = system.resolve(extension: "plist")
        #expect(plist.isAmbiguous)
        #expect(plist.tied.count == 4)
        // Both iWork variants are imported by the system: still a tie.
        #expect(
            system.resolve(extension: "pages").tied == [
                "com.apple.iWork.Pages.pages", "com.apple.iWork.Pages.sffpages",
            ])
    }

    @Test func aRestrictionFiltersCandidates() {
        let folder = system.resolve(extension: "app", restrictedTo: .directory)
        #expect(folder.preferred == "com.apple.application-bundle")
        #expect(folder.excluded.map(\.identifier) == ["com.apple.application-file"])
        #expect(system.resolve(extension: "app", restrictedTo: .data).preferred == "com.apple.application-file")
        #expect(system.resolve(extension: "app").isAmbiguous)
        #expect(system.resolve(extension: "pages", restrictedTo: .data).preferred == "com.apple.iWork.Pages.sffpages")
    }

    @Test func nothingClaimsTheTagGivesADynamicIdentifier() {
        let sql = system.resolve(extension: "sql")
        #expect(sql.reason == .noCandidate)
        #expect(sql.preferred == nil)
        #expect(sql.dynamicIdentifier == "dyn.ah62d4rv4ge81g6pq")
        #expect(sql.resolvedIdentifier == "dyn.ah62d4rv4ge81g6pq")
        #expect(system.resolve(extension: "mcpb").dynamicIdentifier == "dyn.ah62d4rv4ge80425uqk")
    }

    @Test func aRestrictionThatExcludesEveryClaimantGivesADynamicIdentifier() throws {
        // The duti bug: archives conform to public.data only, not public.content.
        let zip = system.resolve(extension: "zip", restrictedTo: .content)
        #expect(zip.candidates.isEmpty)
        #expect(zip.excluded.map(\.identifier) == ["public.zip-archive"])
        let dynamic = try DynamicIdentifier(decoding: try #require(zip.dynamicIdentifier))
        #expect(dynamic.conformsTo == [.content])
        #expect(dynamic.tag == "zip")
    }

    @Test func bundleDeclarationsCompete() {
        let catalog = TypeCatalog(declarations: [
            declaration("com.example.keynote-like", ["public.data"], line: 5, extensions: ["key"]),
            declaration("com.example.text", ["public.data"], line: 9, extensions: ["TXT"]),
            declaration("com.example.a", ["public.data"], extensions: ["foo"]),
            declaration("com.example.b", ["public.data"], origin: .exported(bundle: "other"), extensions: ["foo"]),
        ])
        let resolver = catalog.tagResolver
        // The system only imports the Keynote types: none is public, so the choice is undefined,
        // unless an exported declaration is let win.
        let key = resolver.resolve(extension: "key")
        #expect(key.preferred == nil)
        #expect(key.tied.first == "com.apple.iwork.keynote.key")
        #expect(key.exportedAmongTied == "com.example.keynote-like")
        let keyExportedWins = catalog.tagResolver(exportedWins: true).resolve(extension: "key")
        #expect(keyExportedWins.preferred == "com.example.keynote-like")
        #expect(keyExportedWins.reason == .exportedOverImported)
        #expect(key.candidates.first?.location == nil)  // tags built without locations
        // A public system type beats the app's non-public one.
        #expect(resolver.resolve(extension: "txt").preferred == "public.plain-text")
        // Two exported non-public types: undefined.
        #expect(resolver.resolve(extension: "foo").tied == ["com.example.a", "com.example.b"])
    }

    @Test func importedTypesAreSubstitutedByThePreferredType() {
        let catalog = TypeCatalog(declarations: [
            declaration("com.example.text", ["public.data"], origin: .imported(bundle: app), extensions: ["txt"]),
            declaration("com.example.own", ["public.data"], origin: .imported(bundle: app), extensions: ["own"]),
            declaration("com.example.exported", ["public.data"], extensions: ["txt"]),
        ])
        let resolver = catalog.tagResolver
        let substitution = resolver.importedTypeSubstitution(for: "com.example.text")
        #expect(substitution?.substitute == "public.plain-text")
        #expect(substitution?.tag == "txt")
        #expect(resolver.importedTypeSubstitution(for: "com.example.own") == nil)
        #expect(resolver.importedTypeSubstitution(for: "com.example.exported") == nil)
        // com.adobe.pdf is imported by the system, and preferred for `pdf`: no substitution.
        #expect(resolver.importedTypeSubstitution(for: "com.adobe.pdf") == nil)
    }

    @Test func candidatesCarryTheirTagLocation() {
        var declared = declaration("com.example.doc", ["public.data"])
        declared.tags = [TypeTag(.filenameExtension, "exd", at: SourceLocation(file: "Info.plist", line: 33))]
        let resolution = TypeCatalog(declarations: [declared]).tagResolver.resolve(extension: "EXD")
        #expect(resolution.candidates.first?.location?.line == 33)
        #expect(resolution.candidates.first?.isPreferredTag == true)
    }
}

@Suite struct TagFoldingTests {
    @Test func foldsCaseInsensitiveClassesAsLowercasedDoes() {
        let tags = [
            "jpg", "JPG", "Tar.Gz", "x-custom_1+", "", "Ärger", "ÉCRAN", "ﬁle", "İstanbul",
            "a-long-extension-past-fifteen",
            "A-LONG-EXTENSION-PAST-FIFTEEN",
        ]
        for tag in tags {
            #expect(TagClass.filenameExtension.foldedTag(tag) == tag.lowercased(), "\(tag)")
            #expect(TagClass.mimeType.foldedTag(tag) == tag.lowercased(), "\(tag)")
            #expect(TagClass.osType.foldedTag(tag) == tag, "\(tag)")
        }
    }
}
