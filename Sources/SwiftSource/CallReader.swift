import PropertyList

/// Reads the calls that make creation sites and scene uses: document browsers and pickers,
/// `.fileImporter`, the launch views and buttons, creation actions, `DocumentGroup` and
/// `.fileExporter`. Each reading appends to the file's facts.
struct CallReader {
    let source: SourceText
    let expressions: ExpressionReader
    /// The type whose body holds the call, if any.
    let enclosingType: String?

    /// A call whose first label names a browser or picker list: `(forOpening:`,
    /// `(forOpeningFilesWithContentTypes:`, `(forOpeningContentTypes:`, `(documentTypes: … in:`.
    func labelledCall(open: Int, into facts: inout FileFacts) {
        guard source.kind(open + 2) == .colon, source.kind(open + 1) == .identifier else { return }
        let kind: CreationSite.Kind
        if source.isWord(open + 1, "forOpening") {
            kind = .documentBrowser
        } else if source.isWord(open + 1, "forOpeningFilesWithContentTypes") {
            kind = .documentBrowserByIdentifiers
        } else if source.isWord(open + 1, "forOpeningContentTypes") {
            kind = .documentPicker
        } else if source.isWord(open + 1, "documentTypes") {
            kind = .documentPickerByIdentifiers
        } else {
            return
        }
        // The callee is a type (the UIKit class or a subclass of it) or an initializer: a
        // function of the app's that happens to take a `forOpening:` label is not a site.
        let callee = calleeStart(open: open)
        guard source.isWord(open - 1, "init") || startsUppercase(open - 1) else { return }
        let arguments = expressions.arguments(open: open)
        guard let first = arguments.first else { return }
        if kind == .documentPickerByIdentifiers && !(arguments.count >= 2 && arguments[1].label == "in") { return }
        let list = expressions.list(first.value)
        facts.sites.append(
            FileFacts.Site(
                kind: kind, location: source.location(callee), list: list, boundName: boundName(before: callee)))
    }

    /// Whether token `index` is a name starting with a capital letter (a type, by convention).
    func startsUppercase(_ index: Int) -> Bool {
        guard source.kind(index) == .identifier, let first = source.bytes(of: index).first else { return false }
        return first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z")
    }

    /// Where the called expression before `(` starts: `Type`, `Type.init`, `super.init`,
    /// `self.init`, `.init`.
    func calleeStart(open: Int) -> Int {
        var start = open - 1
        if source.isWord(start, "init") && source.kind(start - 1) == .dot {
            start -= 1
            if source.kind(start - 1) == .identifier { start -= 1 }
        }
        return max(start, 0)
    }

    /// The name an expression starting at `start` is assigned to: `let name = …`,
    /// `let name: T = …`, `name = …`, `self.name = …`.
    func boundName(before start: Int) -> String? {
        guard source.isOperator(start - 1, "=") else { return nil }
        var cursor = start - 2
        var steps = 0
        while cursor >= 0 && steps < 12 {
            if source.isWord(cursor, "let") || source.isWord(cursor, "var") {
                return source.kind(cursor + 1) == .identifier ? source.text(cursor + 1) : nil
            }
            if source.tokens[cursor].startsLine || source.kind(cursor) == .semicolon {
                break
            }
            cursor -= 1
            steps += 1
        }
        return source.kind(start - 2) == .identifier ? source.text(start - 2) : nil
    }

    /// `.fileImporter(…allowedContentTypes:…)`.
    func fileImporter(_ index: Int, into facts: inout FileFacts) {
        guard source.kind(index + 1) == .openParen else { return }
        let arguments = expressions.arguments(open: index + 1)
        let list = arguments.first { $0.label == "allowedContentTypes" }.map { expressions.list($0.value) } ?? .absent
        facts.sites.append(FileFacts.Site(kind: .fileImporter, location: source.location(index - 1), list: list))
    }

    /// `DocumentLaunchView(…for:…)`.
    func launchView(_ index: Int, into facts: inout FileFacts) {
        guard source.kind(index + 1) == .openParen else { return }
        let arguments = expressions.arguments(open: index + 1)
        let list = arguments.first { $0.label == "for" }.map { expressions.list($0.value) } ?? .absent
        facts.sites.append(FileFacts.Site(kind: .documentLaunchView, location: source.location(index), list: list))
    }

    /// `DocumentGroupLaunchScene(…) { … }` / `DocumentGroupLaunchScene { … }`.
    func launchScene(_ index: Int, into facts: inout FileFacts) {
        guard source.kind(index + 1) == .openParen || source.kind(index + 1) == .openBrace else { return }
        facts.sites.append(
            FileFacts.Site(kind: .documentGroupLaunchScene, location: source.location(index), list: .absent))
    }

    /// `NewDocumentButton(…contentType:…)`, and the continuations of its closures.
    func newDocumentButton(_ index: Int, into facts: inout FileFacts) {
        guard source.kind(index + 1) == .openParen else { return }
        let arguments = expressions.arguments(open: index + 1)
        let list = arguments.first { $0.label == "contentType" }.map { expressions.single($0.value) } ?? .absent
        let document = arguments.first { $0.label == "for" }.flatMap { typeName(in: $0.value) }
        facts.sites.append(
            FileFacts.Site(kind: .newDocumentButton, location: source.location(index), list: list, detail: document))
        // The closures: arguments, and a trailing closure after `)`.
        var end = min(source.partner(index + 1), source.count)
        if source.kind(end + 1) == .openBrace { end = min(source.partner(end + 1), source.count) }
        var cursor = index + 2
        while cursor < end {
            if source.isWord(cursor, "withCheckedContinuation")
                || source.isWord(cursor, "withCheckedThrowingContinuation")
                || source.isWord(cursor, "withUnsafeContinuation")
                || source.isWord(cursor, "withUnsafeThrowingContinuation")
            {
                continuation(at: cursor, into: &facts)
            }
            cursor += 1
        }
    }

    /// `withChecked…Continuation { name in … }` (or with arguments before the closure).
    func continuation(at index: Int, into facts: inout FileFacts) {
        var open = index + 1
        if source.kind(open) == .openParen {
            let close = source.partner(open)
            if source.kind(close + 1) == .openBrace {
                open = close + 1
            } else if let closure = (open..<close).first(where: { source.kind($0) == .openBrace }) {
                open = closure
            }
        }
        guard source.kind(open) == .openBrace, source.kind(open + 1) == .identifier, source.isWord(open + 2, "in")
        else { return }
        let name = source.text(open + 1)
        guard name != "_" else { return }
        facts.handlers.append(
            HandlerFlow.read(
                body: open, from: open + 3, handler: name, in: source, kind: .newDocumentContinuation, anchor: index,
                enclosingType: enclosingType))
    }

    /// `createDocumentAction(with:)` / `createDocumentAction(withIntent:)`.
    func createDocumentAction(_ index: Int, into facts: inout FileFacts) {
        guard source.kind(index + 1) == .openParen else { return }
        let arguments = expressions.arguments(open: index + 1)
        let intent = arguments.first { $0.label == "with" || $0.label == "withIntent" }.map { source.text($0.value) }
        let start = source.kind(index - 1) == .dot ? index - 1 : index
        facts.sites.append(
            FileFacts.Site(kind: .createDocumentAction, location: source.location(start), list: .absent, detail: intent)
        )
    }

    /// The type named at the start of `range`: `Doc()`, `Doc.self`, `Doc(text: "")`,
    /// `{ Doc() }`; nil for a variable or `.init()`.
    func typeName(in range: Range<Int>) -> String? {
        var index = range.lowerBound
        if source.kind(index) == .openBrace { index += 1 }
        guard index < range.upperBound, source.kind(index) == .identifier else { return nil }
        guard startsUppercase(index) else { return nil }
        return source.text(index)
    }

    // MARK: Documents and scenes

    /// `DocumentGroup(newDocument:|viewing:|editing: …)`.
    func documentGroup(_ index: Int, into facts: inout FileFacts) {
        guard source.kind(index + 1) == .openParen else { return }
        let arguments = expressions.arguments(open: index + 1)
        for argument in arguments {
            let kind: DocumentSceneUse.Kind
            switch argument.label {
            case "newDocument": kind = .newDocument
            case "viewing": kind = .viewing
            case "editing": kind = .editing
            default: continue
            }
            let contentType = arguments.first { $0.label == "contentType" }.map { expressions.single($0.value) }
            facts.sceneUses.append(
                FileFacts.SceneUse(
                    kind: kind, documentName: typeName(in: argument.value), location: source.location(index),
                    contentTypes: contentType ?? .absent))
            return
        }
    }

    /// `.fileExporter(…document:|documents:…, contentType:|contentTypes:…)`.
    func fileExporter(_ index: Int, into facts: inout FileFacts) {
        guard source.kind(index + 1) == .openParen else { return }
        let arguments = expressions.arguments(open: index + 1)
        guard let document = arguments.first(where: { $0.label == "document" || $0.label == "documents" }) else {
            return
        }
        var contentTypes = WrittenList.absent
        if let single = arguments.first(where: { $0.label == "contentType" }) {
            contentTypes = expressions.single(single.value)
        } else if let list = arguments.first(where: { $0.label == "contentTypes" }) {
            contentTypes = expressions.list(list.value)
        }
        facts.sceneUses.append(
            FileFacts.SceneUse(
                kind: .fileExporter, documentName: typeName(in: document.value), location: source.location(index - 1),
                contentTypes: contentTypes))
    }
}
