import PropertyList
import UniformTypes

/// Reads one file's ``FileFacts`` from its tokens in one pass.
///
/// The pass keeps a stack of scopes (the file, type bodies, function bodies, other blocks), so
/// that a `let` knows whether it is file-level, static or local, a method knows its type, and a
/// name is looked up in the local scopes around it. It stops at the names and labels the facts
/// are about; everything else is skipped a token at a time.
struct FactReader {
    private let source: SourceText
    private var facts = FileFacts()
    private var scopes: [Scope]
    /// The kind of scope each `{` found ahead (by a declaration header) opens.
    private var pending: [Int: Scope.Kind] = [:]
    /// The app constant whose value a `UTType` token starts, by token index.
    private var constantAtToken: [Int: String] = [:]
    /// `present(name, …)` calls, resolved at the end against what the file binds the name to.
    private var presentedNames: [(name: String, location: SourceLocation, index: Int)] = []

    private struct Scope {
        enum Kind {
            case file
            /// A type or extension body; the token of the type's name.
            case type(Int)
            case function
            case other
        }

        var kind: Kind
        var locals: [LocalBinding] = []
    }

    /// Reads `source`.
    static func read(_ source: SourceText) -> FileFacts {
        var reader = FactReader(source: source)
        reader.run()
        return reader.facts
    }

    private init(source: SourceText) {
        self.source = source
        scopes = [Scope(kind: .file)]
    }

    // MARK: The pass

    /// The names ``name(_:)`` and ``member(_:)`` act on; the lexer notes every name with the
    /// first byte and length of one of them (``LexedSource/events``).
    static let keyNames = [
        "struct", "enum", "extension", "actor", "protocol", "class", "allowsDocumentCreation", "present",
        "createDocumentAction", "func", "init", "deinit", "let", "var", "UTType", "DocumentGroup", "DocumentLaunchView",
        "DocumentGroupLaunchScene", "NewDocumentButton", "fileImporter", "fileExporter", "forOpening",
        "forOpeningFilesWithContentTypes", "forOpeningContentTypes", "documentTypes",
    ]

    private mutating func run() {
        for event in source.events {
            let index = Int(event)
            switch source.tokens[index].kind {
            case .openBrace:
                scopes.append(Scope(kind: pending.removeValue(forKey: index) ?? .other))
            case .closeBrace:
                if scopes.count > 1 { scopes.removeLast() }
            case .string:
                placeholder(index)
            case .identifier:
                if index > 0 && source.tokens[index - 1].kind == .dot {
                    member(index)
                } else {
                    name(index)
                }
            default:
                break
            }
        }
        resolvePresentations()
    }

    /// A name not after `.`.
    private mutating func name(_ index: Int) {
        let bytes = source.bytes(of: index)
        guard let first = bytes.first, !source.tokens[index].flags.contains(.escapedName) else { return }
        switch first {
        case UInt8(ascii: "s"), UInt8(ascii: "e"), UInt8(ascii: "a"), UInt8(ascii: "p"), UInt8(ascii: "c"):
            if source.isWord(index, "struct") || source.isWord(index, "enum") || source.isWord(index, "extension")
                || source.isWord(index, "actor") || source.isWord(index, "protocol") || source.isWord(index, "class")
            {
                typeHeader(index)
            } else if source.isWord(index, "allowsDocumentCreation") {
                documentCreation(index)
            } else if source.isWord(index, "present") {
                presentation(index)
            } else if source.isWord(index, "createDocumentAction") {
                calls.createDocumentAction(index, into: &facts)
            }
        case UInt8(ascii: "f"):
            if source.isWord(index, "func") {
                function(index)
            } else if source.kind(index - 1) == .openParen && source.kind(index + 1) == .colon {
                calls.labelledCall(open: index - 1, into: &facts)
            }
        case UInt8(ascii: "i"), UInt8(ascii: "d"):
            if source.isWord(index, "init") || source.isWord(index, "deinit") {
                functionLike(index)
            } else if source.kind(index - 1) == .openParen && source.kind(index + 1) == .colon {
                calls.labelledCall(open: index - 1, into: &facts)
            }
        case UInt8(ascii: "l"), UInt8(ascii: "v"):
            if source.isWord(index, "let") || source.isWord(index, "var") { binding(index) }
        case UInt8(ascii: "U"):
            if source.isWord(index, "UTType") { typeInitializer(at: index) }
        case UInt8(ascii: "D"):
            if source.isWord(index, "DocumentGroup") {
                calls.documentGroup(index, into: &facts)
            } else if source.isWord(index, "DocumentLaunchView") {
                calls.launchView(index, into: &facts)
            } else if source.isWord(index, "DocumentGroupLaunchScene") {
                calls.launchScene(index, into: &facts)
            }
        case UInt8(ascii: "N"):
            if source.isWord(index, "NewDocumentButton") { calls.newDocumentButton(index, into: &facts) }
        default:
            break
        }
    }

    /// A name after `.`.
    private mutating func member(_ index: Int) {
        if source.isWord(index, "fileImporter") {
            calls.fileImporter(index, into: &facts)
        } else if source.isWord(index, "fileExporter") {
            calls.fileExporter(index, into: &facts)
        } else if source.isWord(index, "init") {
            if source.kind(index + 1) == .openParen && !source.isWord(index - 2, "UTType") {
                typeInitializer(at: index - 1)
            }
        } else if source.isWord(index, "allowsDocumentCreation") {
            documentCreation(index)
        } else if source.isWord(index, "present") {
            presentation(index)
        } else if source.isWord(index, "createDocumentAction") {
            calls.createDocumentAction(index, into: &facts)
        }
    }

    // MARK: Scopes and declarations

    private var expressions: ExpressionReader {
        ExpressionReader(source: source, locals: localBindings, typeName: enclosingType)
    }

    /// The local scopes' `let`s, outermost first, up to the innermost type body.
    private var localBindings: [LocalBinding] {
        var scopeIndex = scopes.count - 1
        while scopeIndex > 0 {
            if case .type = scopes[scopeIndex].kind { break }
            scopeIndex -= 1
        }
        return scopes[(scopeIndex + 1)...].flatMap(\.locals)
    }

    /// A reader of declaration headers.
    private var headers: DeclarationHeader { DeclarationHeader(source: source) }

    /// A reader of the call at hand.
    private var calls: CallReader {
        CallReader(source: source, expressions: expressions, enclosingType: enclosingType)
    }

    /// The innermost enclosing type body's name.
    private var enclosingType: String? {
        for scope in scopes.reversed() {
            if case .type(let name) = scope.kind { return source.text(name) }
        }
        return nil
    }

    /// `struct|class|enum|actor|protocol|extension Name …: A, B … {`. Only headers that matter
    /// are kept: classes (for subclasses of the browser) and conformances to the document
    /// protocols.
    private mutating func typeHeader(_ index: Int) {
        // `class func`, `class var`: a modifier, not a class.
        guard source.kind(index + 1) == .identifier else { return }
        let isClass = source.isWord(index, "class")
        if isClass,
            source.isWord(index + 1, "func") || source.isWord(index + 1, "var") || source.isWord(index + 1, "let")
                || source.isWord(index + 1, "subscript") || source.isWord(index + 1, "override")
                || source.isWord(index + 1, "final") || source.isWord(index + 1, "public")
                || source.isWord(index + 1, "private") || source.isWord(index + 1, "internal")
        {
            return
        }
        // `extension Module.Type`: the last component names the type.
        var nameIndex = index + 1
        while source.kind(nameIndex + 1) == .dot && source.kind(nameIndex + 2) == .identifier { nameIndex += 2 }
        guard let open = headers.declarationBody(from: nameIndex + 1) else { return }
        let isProtocol = source.isWord(index, "protocol")
        pending[open] = isProtocol ? .other : .type(nameIndex)
        guard !isProtocol else { return }
        let inherits = headers.inheritance(from: nameIndex + 1, to: open)
        guard !inherits.isEmpty else { return }
        let isDocument = inherits.contains {
            source.isWord($0, "FileDocument") || source.isWord($0, "ReferenceFileDocument")
        }
        let isLaunchController = isClass && inherits.contains { source.isWord($0, "UIDocumentViewController") }
        guard isClass || isDocument else { return }
        let header = FileFacts.TypeHeader(
            name: source.text(nameIndex), isExtension: source.isWord(index, "extension"),
            inherits: inherits.map { source.text($0) }, location: source.location(nameIndex))
        facts.typeHeaders.append(header)
        if isLaunchController {
            facts.sites.append(
                FileFacts.Site(kind: .documentViewController, location: header.location, list: .absent))
        }
    }

    /// `init` or `deinit`: a function scope.
    private mutating func functionLike(_ index: Int) {
        if let open = headers.declarationBody(from: index + 1) { pending[open] = .function }
    }

    /// `func name(…) … {`: a function scope; the creation delegate method is read.
    private mutating func function(_ index: Int) {
        guard let open = headers.declarationBody(from: index + 1) else { return }
        pending[open] = .function
        guard source.isWord(index + 1, "documentBrowser"), source.kind(index + 2) == .openParen,
            let handler = creationHandlerName(parameters: index + 2)
        else { return }
        facts.handlers.append(
            HandlerFlow.read(
                body: open, handler: handler, in: source, kind: .browserDelegate, anchor: index,
                enclosingType: enclosingType))
    }

    /// The local name of the `didRequestDocumentCreationWithHandler` parameter, if the list at
    /// `open` has one.
    private func creationHandlerName(parameters open: Int) -> String? {
        let close = min(source.partner(open), source.count)
        var index = open + 1
        var parameterStart = true
        while index < close {
            if parameterStart, source.isWord(index, "didRequestDocumentCreationWithHandler") {
                if source.kind(index + 1) == .identifier { return source.text(index + 1) }
                return source.text(index)
            }
            parameterStart = source.kind(index) == .comma
            index = source.skip(index)
        }
        return nil
    }

    /// `let`/`var`: file-level, static and local bindings, app type constants and document
    /// members. Only values that may be type expressions are read (see ``mayBeTypeValue(at:)``):
    /// most bindings cost a few token tests.
    private mutating func binding(_ index: Int) {
        guard source.kind(index + 1) == .identifier, let scope = scopes.last else { return }
        let nameIndex = index + 1
        var typeName: Int?
        if case .type(let name) = scope.kind { typeName = name }
        let isMember = typeName != nil && isDocumentMember(nameIndex)
        // The value: after `=`, or a computed property's body.
        var cursor = nameIndex + 1
        if source.kind(cursor) == .colon {
            cursor += 1
            var depth = 0
            while cursor < source.count {
                let kind = source.kind(cursor)
                if depth == 0 {
                    if source.isOperator(cursor, "=") || kind == .openBrace || kind == .semicolon || kind == .comma
                        || kind == .closeBrace || source.tokens[cursor].startsLine
                    {
                        break
                    }
                }
                if kind == .openParen || kind == .openBracket { depth += 1 }
                if kind == .closeParen || kind == .closeBracket { depth -= 1 }
                cursor += 1
            }
        }
        let isLet = source.isWord(index, "let")
        let isComputed = source.kind(cursor) == .openBrace
        // A local `let` is noted, and read only if a type expression names it.
        if case .function = scope.kind, isLet, source.isOperator(cursor, "="), mayBeTypeValue(at: cursor + 1) {
            scopes[scopes.count - 1].locals.append(LocalBinding(name: nameIndex, value: cursor + 1))
            return
        }
        if case .other = scope.kind, isLet, source.isOperator(cursor, "="), mayBeTypeValue(at: cursor + 1) {
            scopes[scopes.count - 1].locals.append(LocalBinding(name: nameIndex, value: cursor + 1))
            return
        }
        guard case .file = scope.kind, isLet || isComputed else {
            if let typeName { member(nameIndex, of: typeName, keyword: index, cursor: cursor, isMember: isMember) }
            return
        }
        guard let range = valueRange(at: cursor), mayBeTypeValue(at: range.lowerBound),
            let value = expressions.bindingValue(range)
        else { return }
        facts.globalBindings[source.text(nameIndex)] = value
    }

    /// A `let`/`var` in a type body: a static binding, an app type constant, a document member.
    private mutating func member(_ nameIndex: Int, of typeToken: Int, keyword: Int, cursor: Int, isMember: Bool) {
        // Instance properties (`var body: some View { … }`) are most members: they are left
        // before anything is read.
        let isStatic = isStatic(keyword)
        guard isMember || isStatic else { return }
        let range = valueRange(at: cursor)
        let typeName = source.text(typeToken)
        if isMember {
            documentMember(name: source.text(nameIndex), typeName: typeName, valueRange: range, at: nameIndex)
        }
        let isLet = source.isWord(keyword, "let")
        guard isStatic, let range, isLet || source.kind(cursor) == .openBrace, mayBeTypeValue(at: range.lowerBound),
            let value = expressions.bindingValue(range)
        else { return }
        let name = source.text(nameIndex)
        facts.staticBindings["\(typeName).\(name)"] = value
        if typeName == "UTType", case .element(let expression) = value, isTypeConstant(expression) {
            facts.constants.append(
                FileFacts.Constant(name: name, value: expression, location: source.location(nameIndex)))
            constantAtToken[range.lowerBound] = name
        }
    }

    /// The value's tokens of a binding whose name (and type) end at `cursor`: after `=`, or the
    /// expression a computed property's body returns.
    private func valueRange(at cursor: Int) -> Range<Int>? {
        if source.isOperator(cursor, "=") {
            let end = StatementParser(source: source).endOfStatement(from: cursor + 1, end: source.count)
            return (cursor + 1)..<end
        }
        if source.kind(cursor) == .openBrace {
            return computedExpression(open: cursor, close: min(source.partner(cursor), source.count))
        }
        return nil
    }

    /// Whether the name at `index` is `readableContentTypes`, `writableContentTypes` or
    /// `writeableContentTypes`.
    private func isDocumentMember(_ index: Int) -> Bool {
        source.isWord(index, "readableContentTypes") || source.isWord(index, "writableContentTypes")
            || source.isWord(index, "writeableContentTypes")
    }

    /// Whether a value starting at `index` may be a type expression or list: a string, `[`,
    /// `.name`, `UTType…`, `String(…)`, `kUTType…`, or a lone name (`other`, `Type.other`).
    private func mayBeTypeValue(at index: Int) -> Bool {
        switch source.kind(index) {
        case .string, .openBracket, .dot:
            return true
        case .identifier:
            if source.isWord(index, "UTType") || source.isWord(index, "String") { return true }
            let bytes = source.bytes(of: index)
            if bytes.count > 7 && SourceText.equal(UnsafeBufferPointer(rebasing: bytes[0..<7]), "kUTType") {
                return true
            }
            if endsValue(index + 1) { return true }
            return source.kind(index + 1) == .dot && source.kind(index + 2) == .identifier && endsValue(index + 3)
        default:
            return false
        }
    }

    /// Whether the value before `index` is complete there.
    private func endsValue(_ index: Int) -> Bool {
        index >= source.count || source.tokens[index].startsLine || source.kind(index) == .semicolon
            || source.kind(index) == .closeBrace
    }

    /// Whether an `extension UTType` static's value makes a type (not a string or a number).
    private func isTypeConstant(_ expression: TypeExpression) -> Bool {
        switch expression {
        case .initializer, .declaration, .constant: return true
        default: return false
        }
    }

    /// The expression a computed property's body returns: its only statement, or the one after
    /// `return`; nil for `get`/`set` bodies and longer ones.
    private func computedExpression(open: Int, close: Int) -> Range<Int>? {
        var start = open + 1
        guard start < close, !source.isWord(start, "get"), !source.isWord(start, "set"),
            !source.isWord(start, "willSet"), !source.isWord(start, "didSet")
        else { return nil }
        if source.isWord(start, "return") { start += 1 }
        let end = StatementParser(source: source).endOfStatement(from: start, end: close)
        guard end == close, start < end else { return nil }
        return start..<end
    }

    /// Whether the `let`/`var` at `index` has a `static` or `class` modifier.
    private func isStatic(_ index: Int) -> Bool {
        var cursor = index - 1
        while cursor >= 0 {
            if source.isWord(cursor, "static") || source.isWord(cursor, "class") { return true }
            let isModifier =
                source.kind(cursor) == .closeParen || source.kind(cursor) == .openParen || source.isWord(cursor, "set")
                || source.isWord(cursor, "unsafe") || source.isWord(cursor, "public")
                || source.isWord(cursor, "private")
                || source.isWord(cursor, "fileprivate") || source.isWord(cursor, "internal")
                || source.isWord(cursor, "package") || source.isWord(cursor, "open") || source.isWord(cursor, "final")
                || source.isWord(cursor, "lazy") || source.isWord(cursor, "nonisolated")
                || source.isWord(cursor, "override")
            guard isModifier else { return false }
            cursor -= 1
        }
        return false
    }

    /// `readableContentTypes`, `writableContentTypes`, `writeableContentTypes` in a type body.
    private mutating func documentMember(name: String, typeName: String, valueRange: Range<Int>?, at index: Int) {
        let member: FileFacts.DocumentMember.Member
        switch name {
        case "readableContentTypes": member = .readable
        case "writableContentTypes": member = .writable
        case "writeableContentTypes": member = .misspeltWritable
        default: return
        }
        let list = valueRange.map { expressions.list($0) } ?? WrittenList(form: .dynamic)
        facts.documentMembers.append(
            FileFacts.DocumentMember(typeName: typeName, member: member, list: list, location: source.location(index)))
    }

    // MARK: Types made in code

    /// `UTType(exportedAs:)` / `UTType(importedAs:)` at `index` (the `UTType`, or the `.` of
    /// `.init(`).
    private mutating func typeInitializer(at index: Int) {
        var open = index + 1
        if source.kind(index) == .dot {
            open = index + 2
        } else if source.kind(open) == .dot && source.isWord(open + 1, "init") {
            open += 2
        }
        guard source.kind(open) == .openParen, source.kind(open + 2) == .colon else { return }
        let kind: TypeDeclarationKind
        if source.isWord(open + 1, "exportedAs") {
            kind = .exported
        } else if source.isWord(open + 1, "importedAs") {
            kind = .imported
        } else {
            return
        }
        guard let argument = expressions.arguments(open: open).first else { return }
        facts.declarationSites.append(
            FileFacts.DeclarationSite(
                kind: kind, argument: expressions.expression(argument.value), location: source.location(index),
                constantName: constantAtToken[index]))
    }

    // MARK: Browser configuration

    /// `allowsDocumentCreation = true`.
    private mutating func documentCreation(_ index: Int) {
        guard source.isOperator(index + 1, "="), source.isWord(index + 2, "true") else { return }
        let next = index + 3
        guard
            next >= source.count || source.tokens[next].startsLine || source.kind(next) == .semicolon
                || source.kind(next) == .closeBrace
        else { return }
        facts.documentCreationEnabled.append(source.location(index))
    }

    /// `present(x, …)`: a browser created here and presented.
    private mutating func presentation(_ index: Int) {
        guard source.kind(index + 1) == .openParen else { return }
        let arguments = expressions.arguments(open: index + 1)
        guard let first = arguments.first, first.label == nil else { return }
        let value = first.value
        let location = source.location(index)
        if let type = calls.typeName(in: value), source.kind(value.lowerBound + 1) == .openParen {
            facts.presentations.append(
                FileFacts.Presentation(
                    location: location, createdType: type, creationLocation: source.location(value.lowerBound)))
        } else if let last = value.last, source.kind(last) == .identifier,
            value.count == 1 || (value.count == 3 && source.isWord(value.lowerBound, "self"))
        {
            presentedNames.append((source.text(last), location, index))
        }
    }

    /// Presented names resolved to what this file binds them to: a browser creation site's
    /// name, or `let|var name = Type(…)` (looked up only for presented names: they are rare).
    private mutating func resolvePresentations() {
        guard !presentedNames.isEmpty else { return }
        var browsers: [String: SourceLocation] = [:]
        for site in facts.sites where site.kind.isDocumentBrowser {
            if let name = site.boundName { browsers[name] = site.location }
        }
        for (name, location, index) in presentedNames {
            if let creation = browsers[name] {
                facts.presentations.append(
                    FileFacts.Presentation(
                        location: location, createdType: "UIDocumentBrowserViewController", creationLocation: creation))
            } else if let (type, creation) = construction(of: name, near: index) {
                facts.presentations.append(
                    FileFacts.Presentation(location: location, createdType: type, creationLocation: creation))
            }
        }
    }

    /// The type and location of `name = Type(…)` (also `let|var name = …`, `let name: T = …`)
    /// nearest before the token at `index`, or else the first after it.
    private func construction(of name: String, near index: Int) -> (String, SourceLocation)? {
        let before = stride(from: index - 1, through: 0, by: -1)
        let after = stride(from: index + 1, to: source.count, by: 1)
        for candidate in before where source.isName(candidate, name) {
            if let found = construction(at: candidate) { return found }
        }
        for candidate in after where source.isName(candidate, name) {
            if let found = construction(at: candidate) { return found }
        }
        return nil
    }

    /// `name = Type(…)` or `name: T = Type(…)` with the name at `index`.
    private func construction(at index: Int) -> (String, SourceLocation)? {
        var cursor = index + 1
        if source.kind(cursor) == .colon {
            while cursor < source.count && !source.isOperator(cursor, "=") && !source.tokens[cursor].startsLine {
                cursor += 1
            }
        }
        guard source.isOperator(cursor, "="), source.kind(cursor + 1) == .identifier,
            source.kind(cursor + 2) == .openParen
        else { return nil }
        return (source.text(cursor + 1), source.location(cursor + 1))
    }

    // MARK: Strings

    /// A string literal whose value starts with the document-app template's placeholder domain
    /// (tested on the bytes after the opening delimiter before the value is made).
    private mutating func placeholder(_ index: Int) {
        let token = source.tokens[index]
        let start = Int(token.start) + Int(token.hashes) + (token.flags.contains(.multiline) ? 3 : 1)
        let prefix: StaticString = "com.example."
        let width = prefix.utf8CodeUnitCount
        if token.flags.contains(.multiline) {
            // The value starts on the next line, after its indentation.
            guard let value = source.stringValue(index), value.hasPrefix("com.example.") else { return }
            facts.placeholders.append(Located(value, at: source.location(index)))
            return
        }
        guard start + width <= Int(token.end),
            SourceText.equal(UnsafeBufferPointer(rebasing: source.bytes[start..<(start + width)]), prefix),
            let value = source.stringValue(index)
        else { return }
        facts.placeholders.append(Located(value, at: source.location(index)))
    }
}
