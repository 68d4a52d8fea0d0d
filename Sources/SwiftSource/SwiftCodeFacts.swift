import PropertyList
import Support
import UniformTypes

/// What an app's Swift code says about types, documents and document creation, read over all
/// of its files with names resolved across them.
///
/// Facts only: which of them are defects is for the rules to say. Each fact carries its file,
/// line and column. The order of every list is the order of the files given, then of the code.
public struct SwiftCodeFacts: Sendable {
    /// The paths of the files read.
    public var files: [String]
    /// The app's own type constants (`extension UTType { static let name = … }`).
    public var typeConstants: [TypeConstant]
    /// Every `UTType(exportedAs:)` and `UTType(importedAs:)`.
    public var declarationSites: [TypeDeclarationSite]
    /// Browser, picker, importer and launch-view creation sites and creation actions, with their
    /// lists.
    public var creationSites: [CreationSite]
    /// Types conforming to `FileDocument` / `ReferenceFileDocument`.
    public var documents: [DocumentDeclaration]
    /// `DocumentGroup` scenes and `.fileExporter`s, with the document each uses.
    public var sceneUses: [DocumentSceneUse]
    /// Each document-creation handler read: delegate methods and continuations.
    public var creationHandlers: [CreationHandler]
    /// Where `allowsDocumentCreation = true` is written.
    public var documentCreationEnabled: [SourceLocation]
    /// Document browsers created and then presented modally.
    public var browserPresentations: [BrowserPresentation]
    /// String literals in the document-app template's placeholder domain (`com.example.…`,
    /// such as `com.example.plain-text`).
    public var placeholderIdentifiers: [Located<String>]
    /// Comments holding `utiscope:` directives, by file path.
    public var directiveComments: [String: [SwiftComment]]

    /// Reads `files` together: names resolve across them (an app constant or a file-level `let`
    /// declared in one file is known in every other), then against `table`; `catalog` (the
    /// embedded one when nil, parsed only if needed) says which bare words are filename
    /// extensions.
    public init(files: [SwiftFile], table: TypeConstantTable = .embedded, catalog: SystemTypeCatalog? = nil) {
        self.files = files.map(\.path)
        var globals: [String: BindingValue] = [:]
        var statics: [String: BindingValue] = [:]
        for file in files {
            globals.merge(file.facts.globalBindings) { first, _ in first }
            statics.merge(file.facts.staticBindings) { first, _ in first }
        }
        let extensions = SystemExtensions(catalog: catalog)
        // App constants first (their values may name `let`s), then everything else through them.
        let plain = TypeResolver(
            table: table, appConstants: [:], globals: globals, statics: statics, extensions: extensions)
        var constants: [TypeConstant] = []
        var byName: [String: TypeConstant] = [:]
        for file in files {
            for constant in file.facts.constants where byName[constant.name] == nil {
                let resolved = Self.constant(constant, resolver: plain)
                constants.append(resolved)
                byName[constant.name] = resolved
            }
        }
        let resolver = TypeResolver(
            table: table, appConstants: byName, globals: globals, statics: statics, extensions: extensions)
        typeConstants = constants
        declarationSites = files.flatMap { file in
            file.facts.declarationSites.map { site in
                TypeDeclarationSite(
                    kind: site.kind, identifier: resolver.text(of: site.argument), location: site.location,
                    constantName: site.constantName)
            }
        }
        creationSites = files.flatMap { file in
            file.facts.sites.map { site in
                CreationSite(
                    kind: site.kind, location: site.location, list: resolver.resolve(site.list), detail: site.detail,
                    boundName: site.boundName)
            }
        }
        documents = Self.documents(in: files, resolver: resolver)
        sceneUses = files.flatMap { file in
            file.facts.sceneUses.map { use in
                DocumentSceneUse(
                    kind: use.kind, documentName: use.documentName, location: use.location,
                    contentTypes: resolver.resolve(use.contentTypes))
            }
        }
        creationHandlers = files.flatMap(\.facts.handlers)
        documentCreationEnabled = files.flatMap(\.facts.documentCreationEnabled)
        browserPresentations = Self.presentations(in: files)
        placeholderIdentifiers = files.flatMap(\.facts.placeholders)
        var comments: [String: [SwiftComment]] = [:]
        for file in files where !file.directiveComments.isEmpty { comments[file.path] = file.directiveComments }
        directiveComments = comments
    }

    /// Reads every file (on all cores: each file is read on its own) and then reads them
    /// together, as ``init(files:table:catalog:)`` does.
    public static func reading(
        _ sources: [(path: String, bytes: [UInt8])], table: TypeConstantTable = .embedded,
        catalog: SystemTypeCatalog? = nil
    ) -> SwiftCodeFacts {
        let files = ParallelMap.map(sources.map { SourceBytes(path: $0.path, bytes: $0.bytes) }) { source in
            SwiftFile(path: source.path, bytes: source.bytes)
        }
        return SwiftCodeFacts(files: files, table: table, catalog: catalog)
    }

    /// A file's path and bytes, as one value for ``ParallelMap``.
    private struct SourceBytes: Sendable {
        var path: String
        var bytes: [UInt8]
    }

    /// The documents some `DocumentGroup` scene uses (a document only handed to `.fileExporter`
    /// is left out).
    public var documentsInDocumentGroups: [DocumentDeclaration] {
        let names = Set(sceneUses.filter(\.kind.isDocumentGroup).compactMap(\.documentName))
        return documents.filter { names.contains($0.name) }
    }

    /// Whether some type implements `documentBrowser(_:didRequestDocumentCreationWithHandler:)`.
    public var implementsDocumentCreation: Bool {
        creationHandlers.contains { $0.kind == .browserDelegate }
    }

    /// The app constant named `name` (as in `.name`), if the code declares one.
    public func typeConstant(named name: String) -> TypeConstant? {
        typeConstants.first { $0.name == name }
    }

    // MARK: Building

    private static func constant(_ constant: FileFacts.Constant, resolver: TypeResolver) -> TypeConstant {
        var form = TypeConstant.Form.plain
        var identifier: String?
        switch constant.value {
        case .declaration(let kind, let argument):
            form = kind == .exported ? .exported : .imported
            identifier = resolver.text(of: argument)
        default:
            if case .identifier(let resolved, _) = resolver.resolve(constant.value) { identifier = resolved }
        }
        return TypeConstant(name: constant.name, identifier: identifier, form: form, location: constant.location)
    }

    private static func documents(in files: [SwiftFile], resolver: TypeResolver) -> [DocumentDeclaration] {
        var documents: [DocumentDeclaration] = []
        var position: [String: Int] = [:]
        for file in files {
            for header in file.facts.typeHeaders where position[header.name] == nil {
                let conformance: DocumentDeclaration.Conformance
                if header.inherits.contains("FileDocument") {
                    conformance = .fileDocument
                } else if header.inherits.contains("ReferenceFileDocument") {
                    conformance = .referenceFileDocument
                } else {
                    continue
                }
                position[header.name] = documents.count
                documents.append(
                    DocumentDeclaration(name: header.name, conformance: conformance, location: header.location))
            }
        }
        for file in files {
            for member in file.facts.documentMembers {
                guard let index = position[member.typeName] else { continue }
                let list = resolver.resolve(member.list)
                switch member.member {
                case .readable:
                    if documents[index].readableContentTypes == nil { documents[index].readableContentTypes = list }
                case .writable:
                    if documents[index].writableContentTypes == nil { documents[index].writableContentTypes = list }
                case .misspeltWritable:
                    documents[index].misspeltWritableContentTypes.append(member.location)
                }
            }
        }
        return documents
    }

    /// Presentations of `UIDocumentBrowserViewController` or of a class inheriting from it
    /// (in any file, through any number of classes).
    private static func presentations(in files: [SwiftFile]) -> [BrowserPresentation] {
        var superclasses: [String: [String]] = [:]
        for file in files {
            for header in file.facts.typeHeaders where !header.isExtension {
                superclasses[header.name, default: []] += header.inherits
            }
        }
        var browsers: Set<String> = ["UIDocumentBrowserViewController"]
        var changed = true
        while changed {
            changed = false
            for (name, parents) in superclasses
            where !browsers.contains(name) && parents.contains(where: browsers.contains) {
                browsers.insert(name)
                changed = true
            }
        }
        return files.flatMap { file in
            file.facts.presentations.compactMap { presentation in
                guard let type = presentation.createdType, browsers.contains(type) else { return nil }
                return BrowserPresentation(
                    location: presentation.location, browserType: type, creationLocation: presentation.creationLocation)
            }
        }
    }
}
