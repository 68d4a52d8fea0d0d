import Foundation
import Testing

@testable import UniformTypes

/// A value threads change under a lock.
private final class Mutable<Value>: @unchecked Sendable {
    let lock = NSLock()
    var value: Value
    init(_ value: Value) { self.value = value }
}

@Suite struct SystemTypeCatalogTests {
    let catalog = SystemTypeCatalog.embedded

    private func type(_ identifier: UniformTypeIdentifier) throws -> SystemType {
        try #require(catalog.type(for: identifier))
    }

    @Test func holdsEveryTypeOfTheReference() {
        // macOS 12.7's 1,361 types and the four constants added since that it lacks.
        #expect(catalog.types.count == 1365)
        #expect(catalog.release == "macOS 12.7")
        #expect(catalog.asOf == .newest)
        #expect(catalog.types.filter(\.facts.isHardwareModel).count == 662)
        #expect(catalog.userFacingTypes.count == 703)
        #expect(catalog.types.map(\.identifier) == catalog.types.map(\.identifier).sorted())
    }

    @Test func newerTypesCarryTheReleaseThatAddedThem() throws {
        let added = catalog.types.filter { $0.introduced != nil }.map { ($0.identifier.rawValue, $0.introduced) }
        #expect(added.count == 4)
        let jpegXL = try type("public.jpeg-xl")
        #expect(jpegXL.introduced == .macOS15Point2)
        #expect(jpegXL.declaration.conformsTo == ["public.image"])
        #expect(
            jpegXL.declaration.origin
                == .system(release: "macOS 15.2", bundle: "UniformTypeIdentifiers", kind: .exported))
        #expect(try type("net.daringfireball.markdown").introduced == .macOS27)
        #expect(try type("public.geojson").introduced == .macOS15)
        #expect(try type("com.apple.linkpresentation.metadata").introduced == .macOS15)
        // A type the 12.7 catalog already had keeps its 12.7 declaration.
        #expect(try type("public.css").introduced == nil)
        // As of an older release, the later types are not there.
        let monterey = SystemTypeCatalog.embedded(as: .macOS12)
        #expect(monterey.types.count == 1361)
        #expect(!monterey.contains("public.jpeg-xl"))
        #expect(monterey.name == "macOS 12.7")
        let sequoia = SystemTypeCatalog.embedded(as: .macOS15)
        #expect(sequoia.contains("public.geojson"))
        #expect(!sequoia.contains("public.jpeg-xl"))
        #expect(sequoia.name == "macOS 12.7 with the types added up to macOS 15")
    }

    /// An older release's catalog is made on first request, once, whichever threads ask together.
    @Test func olderReleasesAreMadeOnRequestAndKept() {
        let releases = SystemRelease.allCases.filter { $0 != .newest }
        let counts = Mutable([Int](repeating: 0, count: 4 * releases.count))
        DispatchQueue.concurrentPerform(iterations: counts.value.count) { index in
            let count = SystemTypeCatalog.embedded(as: releases[index % releases.count]).types.count
            counts.lock.withLock { counts.value[index] = count }
        }
        for (index, count) in counts.value.enumerated() {
            let release = releases[index % releases.count]
            let expected = SystemTypeCatalog.embedded.types.filter { $0.introduced.map { $0 <= release } ?? true }
            #expect(count == expected.count, "\(release)")
        }
        #expect(counts.value.first == 1361)
    }

    /// The generator's format read field by field: lists split on commas (empty ones kept),
    /// conformances as the numbers of the lines declaring them (a line that does not fit still
    /// names its type), the `bundle:kind` pair, and every line that does not fit skipped — a
    /// column too few or too many (a trailing tab), a name no case has, a release that is not
    /// one, a conformance that is no line's number.
    @Test func linesThatDoNotFitAreSkipped() throws {
        let good =
            "org.example.a\t10,1\ta,,b\t\tABCD\tExample:imported\tfile\timage\tdocumented\tlikely-not\thardware\tmacos15"
        let lines = [
            good,
            "org.example.short\t10\t\t\t\tExample:exported\tnone\t-\tunknown\tunknown\t-",
            "org.example.long\t10\t\t\t\tExample:exported\tnone\t-\tunknown\tunknown\t-\t-\t",
            "org.example.kind\t10\t\t\t\tExample:declared\tnone\t-\tunknown\tunknown\t-\t-",
            "org.example.pair\t10\t\t\t\tExample\tnone\t-\tunknown\tunknown\t-\t-",
            "org.example.verdict\t10\t\t\t\tExample:exported\tnone\t-\tmaybe\tunknown\t-\t-",
            "org.example.release\t10\t\t\t\tExample:exported\tnone\t-\tunknown\tunknown\t-\tmacos99",
            "org.example.name\tpublic.data\t\t\t\tExample:exported\tnone\t-\tunknown\tunknown\t-\t-",
            "org.example.beyond\t99\t\t\t\tExample:exported\tnone\t-\tunknown\tunknown\t-\t-",
            "",
            "org.example.plain\t\t\t\t\tExample:exported\tnone\t-\tunknown\tunknown\t-\t-",
        ]
        let parsed = SystemTypeCatalog(parsing: lines.joined(separator: "\n") + "\n", release: "Test 1")
        #expect(parsed.types.map(\.identifier.rawValue) == ["org.example.a", "org.example.plain"])
        let a = try #require(parsed.type(for: "org.example.a"))
        #expect(a.declaration.conformsTo == ["org.example.plain", "org.example.short"])
        #expect(a.declaration.filenameExtensions == ["a", "", "b"])
        #expect(a.declaration.mimeTypes.isEmpty)
        #expect(a.declaration.tags(.osType) == ["ABCD"])
        #expect(a.declaration.origin == .system(release: "macOS 15", bundle: "Example", kind: .imported))
        #expect(
            a.facts
                == SystemTypeFacts(
                    icon: .file, thumbnail: SystemThumbnail(category: .image, iOS: .documented, macOS: .likelyNot),
                    isHardwareModel: true))
        #expect(a.introduced == .macOS15)
        let plain = try #require(parsed.type(for: "org.example.plain"))
        #expect(plain.declaration.conformsTo.isEmpty && plain.declaration.tags.isEmpty)
        #expect(plain.facts.thumbnail.category == nil && !plain.facts.isHardwareModel)
        #expect(plain.declaration.origin == .system(release: "Test 1", bundle: "Example", kind: .exported))
    }

    /// Lines that all fit, in order, are read lazily: each declaration made when first read, the
    /// same as the one a whole parse makes (which a line that does not fit forces).
    @Test func declarationsAreMadeWhenFirstRead() throws {
        let text = [
            "org.example.a\t1,2,1\ta,,b\t\tABCD\tExample:imported\tfile\timage\tdocumented\tlikely-not\thardware\tmacos15",
            "org.example.b\t2\tA\ttext/x-b\t\tExample:exported\tnone\t-\tunknown\tunknown\t-\t-",
            "org.example.plain\t\tb\t\t\tExample:exported\tnone\t-\tunknown\tunknown\t-\t-",
        ].joined(separator: "\n")
        let lazy = SystemTypeCatalog(parsing: text + "\n", release: "Test 1")
        let whole = SystemTypeCatalog(parsing: text + "\nnot a line\n", release: "Test 1")
        #expect(lazy.madeDeclarationCount == 0)
        #expect(lazy.identifiers == ["org.example.a", "org.example.b", "org.example.plain"])
        #expect(lazy.facts(for: "org.example.a")?.thumbnail.category == .image)
        #expect(lazy.userFacingIdentifiers == ["org.example.b", "org.example.plain"])
        #expect(lazy.madeDeclarationCount == 0)
        let b = try #require(lazy.type(for: "ORG.example.B"))
        #expect(b == whole.type(for: "org.example.b"))
        #expect(lazy.madeDeclarationCount == 1)
        #expect(Array(lazy.types) == Array(whole.types))
        #expect(lazy.madeDeclarationCount == 3)
        // The repeated conformance is one edge; the tags are indexed as the whole parse's are.
        #expect(lazy.types[0].declaration.conformsTo == ["org.example.b", "org.example.plain", "org.example.b"])
        #expect(lazy.layer?.tagIndex == whole.layer?.tagIndex)
        let catalogs = [lazy, whole].map { TypeCatalog(system: $0) }
        for catalog in catalogs {
            #expect(catalog.graph.directSupertypes(of: "org.example.a") == ["org.example.b", "org.example.plain"])
            #expect(
                catalog.declarations(claiming: "B", in: .filenameExtension).map(\.identifier.rawValue) == [
                    "org.example.a", "org.example.plain",
                ])
            #expect(
                catalog.declarations(claiming: "a", in: .filenameExtension).map(\.identifier.rawValue) == [
                    "org.example.a", "org.example.b",
                ])
        }
    }

    /// A layered catalog over the embedded types makes none of their declarations until asked,
    /// and those read from several threads at once are the ones a whole parse makes.
    @Test func layeringMakesNoSystemDeclarationUntilRead() {
        let lazy = SystemTypeCatalog(parsing: SystemTypeCatalog.embeddedText, release: "macOS 12.7")
        let whole = SystemTypeCatalog(parsing: SystemTypeCatalog.embeddedText + "\nnot a line", release: "macOS 12.7")
        let app = TypeDeclaration(
            "com.example.sketch", origin: .exported(bundle: "Sketch"), conformsTo: ["public.image"],
            extensions: ["sketch"])
        let catalog = TypeCatalog(system: lazy, declarations: [app])
        #expect(catalog.conforms("com.example.sketch", to: "public.data"))
        #expect(catalog.userFacingIdentifiers.count == 704)
        #expect(lazy.madeDeclarationCount == 0)
        #expect(catalog.declarations(claiming: "png", in: .filenameExtension).map(\.identifier) == ["public.png"])
        #expect(lazy.madeDeclarationCount == 1)
        let read = Mutable([SystemType?](repeating: nil, count: lazy.types.count))
        DispatchQueue.concurrentPerform(iterations: 4 * lazy.types.count) { index in
            let type = lazy.types[index % lazy.types.count]
            read.lock.withLock { read.value[index % lazy.types.count] = type }
        }
        #expect(read.value == whole.types.map(Optional.some))
        #expect(lazy.madeDeclarationCount == whole.types.count)
    }

    @Test func publicJPEG() throws {
        let jpeg = try type("public.jpeg")
        #expect(jpeg.declaration.conformsTo == ["public.image"])
        #expect(jpeg.declaration.filenameExtensions == ["jpeg", "jpg", "jpe"])
        #expect(jpeg.declaration.mimeTypes == ["image/jpeg", "image/jpg"])
        #expect(jpeg.declaration.tags(.osType) == ["JPEG"])
        #expect(jpeg.declaration.origin == .system(release: "macOS 12.7", bundle: "CoreTypes", kind: .exported))
        #expect(!jpeg.facts.hasIcon)
        #expect(jpeg.facts.thumbnail == SystemThumbnail(category: .image, iOS: .documented, macOS: .likely))
        #expect(!jpeg.facts.isHardwareModel)
    }

    @Test func publicPlainText() throws {
        let text = try type("public.plain-text")
        #expect(text.declaration.conformsTo == ["public.text"])
        #expect(text.declaration.filenameExtensions == ["txt", "text"])
        #expect(text.declaration.mimeTypes == ["text/plain"])
        #expect(text.declaration.tags(.osType).isEmpty)
        #expect(!text.facts.hasIcon)
        #expect(text.facts.thumbnail.category == .plainText)
        #expect(text.facts.thumbnail.iOS == .documented)
    }

    @Test func adobePDF() throws {
        let pdf = try type("com.adobe.pdf")
        #expect(pdf.declaration.conformsTo == ["public.data", "public.composite-content"])
        #expect(pdf.declaration.filenameExtensions == ["pdf"])
        #expect(pdf.declaration.tags(.osType) == ["PDF "])
        #expect(pdf.declaration.origin.kind == .imported)
        #expect(pdf.facts.hasIcon)
        #expect(pdf.facts.icon == .files)  // only the iOS-style UTTypeIconFiles list
        #expect(pdf.facts.thumbnail == SystemThumbnail(category: .pdf, iOS: .documented, macOS: .likely))
    }

    @Test func zipArchive() throws {
        let zip = try type("public.zip-archive")
        #expect(zip.declaration.conformsTo == ["com.pkware.zip-archive"])
        #expect(zip.declaration.mimeTypes == ["application/zip", "application/x-zip-compressed"])
        #expect(zip.facts.hasIcon)
        #expect(zip.facts.thumbnail == SystemThumbnail(category: .archive, iOS: .unknown, macOS: .likelyNot))
    }

    @Test func applePackage() throws {
        let package = try type(.package)
        #expect(package.declaration.conformsTo == ["public.directory"])
        #expect(package.declaration.tags.isEmpty)
        #expect(!package.facts.hasIcon)  // its UTTypeIconFiles is the placeholder "-"
        #expect(package.facts.thumbnail.category == .container)
        #expect(catalog.type(for: "public.package") == nil)
    }

    @Test func publicFolder() throws {
        let folder = try type(.folder)
        #expect(folder.declaration.conformsTo == ["public.directory"])
        #expect(folder.declaration.tags(.osType) == ["fold", "fldr", "adcL", "sbFd"])
        #expect(folder.facts.hasIcon)
        #expect(folder.facts.icon == .file)
        #expect(folder.facts.thumbnail.iOS == .unknown)
    }

    @Test func hardwareModels() throws {
        #expect(try type("com.apple.iphone").facts.isHardwareModel)
        #expect(try type("public.display").facts.isHardwareModel)
        #expect(try type("com.apple.homebuttonless-device").facts.isHardwareModel)  // MobileDevices bundle
        #expect(try type("com.apple.iphone").declaration.conformsTo == ["com.apple.ios-device"])  // main plist kept
        #expect(try !type("public.item").facts.isHardwareModel)
    }

    @Test func hardwareRuleAgreesWithTheGraph() {
        let graph = ConformanceGraph(declarations: catalog.declarations)
        for type in catalog.types {
            let conforms = graph.conforms(type.identifier, to: .device) || graph.conforms(type.identifier, to: .display)
            let bundle = type.declaration.origin.bundle
            let deviceBundle = bundle.hasPrefix("CoreTypes/MobileDevices") || bundle == "CoreTypes/MachineTypes"
            #expect(type.facts.isHardwareModel == (conforms || deviceBundle), "\(type.identifier)")
        }
    }

    @Test func everySupertypeIsDeclared() {
        let graph = ConformanceGraph(declarations: catalog.declarations)
        #expect(graph.unknownSupertypes.isEmpty)
        #expect(graph.cycles.isEmpty)
    }

    @Test func caseIsKeptAndIgnored() throws {
        let pages = try type("COM.APPLE.IWORK.PAGES.PAGES")
        #expect(pages.identifier.rawValue == "com.apple.iWork.Pages.pages")
    }

    // MARK: In sync with the reference

    /// The package folder is three levels above this file; the reference is
    /// `../shared/reference` beside it.
    static let packageFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let referenceFolder = packageFolder.deletingLastPathComponent()
        .appendingPathComponent("shared/reference")

    static var referenceIsPresent: Bool {
        FileManager.default.fileExists(atPath: referenceFolder.appendingPathComponent("system-types.json").path)
    }

    @Test(.enabled(if: referenceIsPresent, "../shared/reference is not there"))
    func embeddedDataMatchesTheReference() throws {
        let data = try Data(contentsOf: Self.referenceFolder.appendingPathComponent("system-types.json"))
        let entries = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        // The reference's types, and those newer-system-types.tsv adds.
        #expect(entries.count == catalog.types.filter { $0.introduced == nil }.count)
        for entry in entries {
            let identifier = try #require(entry["id"] as? String)
            let type = try #require(catalog.type(for: UniformTypeIdentifier(identifier)), "\(identifier)")
            let declaration = type.declaration
            #expect(declaration.identifier.rawValue == identifier)
            #expect(declaration.conformsTo.map(\.rawValue) == entry["conformsTo"] as? [String], "\(identifier)")
            #expect(declaration.filenameExtensions == entry["extensions"] as? [String], "\(identifier)")
            #expect(declaration.mimeTypes == entry["mimeTypes"] as? [String], "\(identifier)")
            #expect(declaration.tags(.osType) == entry["osTypes"] as? [String], "\(identifier)")
            #expect(type.facts.hasIcon == entry["hasIcon"] as? Bool, "\(identifier)")
            let source = "macos12.7:\(declaration.origin.bundle):\(declaration.origin.kind.rawValue)"
            #expect(source == entry["source"] as? String, "\(identifier)")
        }
    }

    @Test(
        .enabled(if: referenceIsPresent, "../shared/reference is not there"),
        .enabled(if: python3IsPresent, "python3 runs the generator"))
    func generatedSourceIsUpToDate() throws {
        let packageScript = Self.packageFolder.appendingPathComponent("Scripts/generate-system-types.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", packageScript.path, "--check", "--reference", Self.referenceFolder.path]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "run Scripts/generate-system-types.py")
    }
}

/// Whether `python3` is on `PATH` (CI installs it; elsewhere the test that needs it is skipped).
private let python3IsPresent: Bool = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/python3") }
}()
