/// Reads call arguments, type expressions and type lists from token ranges.
///
/// A type expression is one of the forms ``TypeExpression`` names: a string literal; `.name` or
/// `UTType.name`; `kUTTypeName` (with `as String`, `as CFString` or inside `String(…)`);
/// `UTType("id")`, `UTType(exportedAs: …)`, `UTType(importedAs: …)` (also `.init(…)`); a
/// name. A trailing `!`/`?`, `.identifier` or `as Type` is looked through, and so are
/// parentheses. Names bound by a `let` in an enclosing local scope are replaced by their value
/// here; other names are left for the app's files to resolve. Everything else is dynamic.
struct ExpressionReader {
    let source: SourceText
    /// The `let`s of the enclosing local scopes, innermost last, read when looked up.
    var locals: [LocalBinding] = []
    /// The innermost enclosing type's name (for `Self.name` and bare static names).
    var typeName: String?
    /// How many initializers and local names deep this reading is: past ``depthLimit`` an
    /// expression is dynamic (hostile input nests `UTType(UTType(…))` or chains `let`s
    /// thousands deep, and the reading recurses on each).
    var depth = 0
    private static let depthLimit = 32

    /// One argument of a call.
    struct Argument {
        /// The label, if written.
        var label: String?
        /// The label's token, or the value's first.
        var start: Int
        /// The value's tokens.
        var value: Range<Int>
    }

    /// The arguments of the call whose `(` is at `open`.
    func arguments(open: Int) -> [Argument] {
        let close = min(source.partner(open), source.count)
        var arguments: [Argument] = []
        var start = open + 1
        var index = start
        while index <= close {
            if index == close || source.kind(index) == .comma {
                if start < index {
                    var label: String?
                    var valueStart = start
                    if source.kind(start) == .identifier && source.kind(start + 1) == .colon && start + 1 < index {
                        label = source.text(start)
                        valueStart = start + 2
                    }
                    arguments.append(Argument(label: label, start: start, value: valueStart..<index))
                }
                start = index + 1
                index += 1
                continue
            }
            index = source.skip(index)
        }
        return arguments
    }

    // MARK: Elements

    /// The written element for `range`.
    func element(_ range: Range<Int>) -> WrittenElement {
        WrittenElement(
            expression: expression(range), text: source.text(range), location: source.location(range.lowerBound))
    }

    /// The type expression `range` writes.
    func expression(_ range: Range<Int>) -> TypeExpression {
        let range = trimmed(range)
        guard !range.isEmpty else { return .dynamic }
        let first = range.lowerBound
        switch range.count {
        case 1:
            if source.kind(first) == .string { return source.stringValue(first).map { .string($0) } ?? .dynamic }
            guard source.kind(first) == .identifier else { return .dynamic }
            let name = source.text(first)
            if name.hasPrefix("kUTType") { return .legacyConstant(name) }
            if let bound = local(name) {
                if case .element(let expression) = bound { return expression }
                return .dynamic
            }
            if name == "nil" || name == "self" { return .dynamic }
            return .binding(name: name, qualified: typeName.map { "\($0).\(name)" })
        case 2 where source.kind(first) == .dot && source.kind(first + 1) == .identifier:
            return .constant(source.text(first + 1))
        case 3 where source.kind(first + 1) == .dot && source.kind(first + 2) == .identifier:
            guard source.kind(first) == .identifier else { return .dynamic }
            let member = source.text(first + 2)
            if source.isWord(first, "UTType") { return .constant(member) }
            if source.isWord(first, "Self") {
                guard let typeName else { return .dynamic }
                return .binding(name: member, qualified: "\(typeName).\(member)")
            }
            let owner = source.text(first)
            return .binding(name: "\(owner).\(member)", qualified: "\(owner).\(member)")
        default:
            break
        }
        // String(kUTTypeName)
        if source.isWord(first, "String"), source.kind(first + 1) == .openParen,
            source.partner(first + 1) == range.upperBound - 1, range.count == 4,
            source.kind(first + 2) == .identifier, source.text(first + 2).hasPrefix("kUTType")
        {
            return .legacyConstant(source.text(first + 2))
        }
        if let open = initializerParenthesis(range) { return initializer(open: open) }
        return .dynamic
    }

    /// The `(` of `UTType(…)`, `UTType.init(…)` or `.init(…)` spanning `range`.
    private func initializerParenthesis(_ range: Range<Int>) -> Int? {
        let first = range.lowerBound
        var open: Int?
        if source.isWord(first, "UTType") {
            if source.kind(first + 1) == .openParen {
                open = first + 1
            } else if source.kind(first + 1) == .dot && source.isWord(first + 2, "init")
                && source.kind(first + 3) == .openParen
            {
                open = first + 3
            }
        } else if source.kind(first) == .dot && source.isWord(first + 1, "init") && source.kind(first + 2) == .openParen
        {
            open = first + 2
        }
        guard let open, source.partner(open) == range.upperBound - 1 else { return nil }
        return open
    }

    /// `UTType(…)` whose `(` is at `open`.
    func initializer(open: Int) -> TypeExpression {
        guard depth < Self.depthLimit else { return .dynamic }
        var inner = self
        inner.depth += 1
        return inner.initializerArguments(open: open)
    }

    private func initializerArguments(open: Int) -> TypeExpression {
        let arguments = arguments(open: open)
        guard let first = arguments.first else { return .dynamic }
        switch first.label {
        case nil: return .initializer(expression(first.value))
        case "exportedAs": return .declaration(.exported, expression(first.value))
        case "importedAs": return .declaration(.imported, expression(first.value))
        default: return .dynamic
        }
    }

    /// `range` without wrapping parentheses, a trailing `!`/`?`, `.identifier`, or `as Type`.
    func trimmed(_ range: Range<Int>) -> Range<Int> {
        var range = range
        var changed = true
        while changed && !range.isEmpty {
            changed = false
            let last = range.upperBound - 1
            if source.kind(range.lowerBound) == .openParen && source.partner(range.lowerBound) == last {
                range = (range.lowerBound + 1)..<last
                changed = true
            } else if source.isOperator(last, "!") || source.isOperator(last, "?") {
                range = range.lowerBound..<last
                changed = true
            } else if range.count > 2, source.isWord(last, "identifier") || source.isWord(last, "rawValue"),
                source.kind(last - 1) == .dot
            {
                range = range.lowerBound..<(last - 1)
                changed = true
            } else if let cast = castStart(range) {
                range = range.lowerBound..<cast
                changed = true
            }
        }
        return range
    }

    /// The index of an `as` at this level of `range` (not its first token).
    private func castStart(_ range: Range<Int>) -> Int? {
        var index = source.skip(range.lowerBound)
        while index < range.upperBound {
            if source.isWord(index, "as") { return index }
            index = source.skip(index)
        }
        return nil
    }

    // MARK: Lists

    /// The list `range` writes.
    func list(_ range: Range<Int>) -> WrittenList {
        let range = trimmed(range)
        guard !range.isEmpty else { return .absent }
        let text = source.text(range)
        let location = source.location(range.lowerBound)
        let first = range.lowerBound
        if range.count == 1 && source.isWord(first, "nil") {
            return WrittenList(form: .null, text: text, location: location)
        }
        if source.kind(first) == .openBracket && source.partner(first) == range.upperBound - 1 {
            let elements = literalElements(open: first)
            let known = !elements.contains { $0.expression == .dynamic }
            return WrittenList(form: known ? .literal : .dynamic, elements: elements, text: text, location: location)
        }
        switch expression(range) {
        case .binding(let name, let qualified):
            return WrittenList(form: .binding(name: name, qualified: qualified), text: text, location: location)
        case .dynamic:
            if range.count == 1, let bound = source.kind(first) == .identifier ? local(source.text(first)) : nil,
                case .list(let list) = bound
            {
                return list
            }
        default:
            break
        }
        // Computed: keep the elements of the array literals at this level.
        var elements: [WrittenElement] = []
        var index = first
        while index < range.upperBound {
            if source.kind(index) == .openBracket { elements += literalElements(open: index) }
            index = source.skip(index)
        }
        return WrittenList(form: .dynamic, elements: elements, text: text, location: location)
    }

    /// A single type given where a list could be (`contentType: .pdf`): a one-element list.
    func single(_ range: Range<Int>) -> WrittenList {
        let range = trimmed(range)
        guard !range.isEmpty else { return .absent }
        if range.count == 1 && source.isWord(range.lowerBound, "nil") {
            return WrittenList(form: .null, text: "nil", location: source.location(range.lowerBound))
        }
        let element = element(range)
        return WrittenList(
            form: element.expression == .dynamic ? .dynamic : .literal, elements: [element], text: element.text,
            location: element.location)
    }

    /// The elements of the array literal whose `[` is at `open`.
    private func literalElements(open: Int) -> [WrittenElement] {
        let close = min(source.partner(open), source.count)
        var elements: [WrittenElement] = []
        var start = open + 1
        var index = start
        while index <= close {
            if index == close || source.kind(index) == .comma {
                if start < index { elements.append(element(start..<index)) }
                start = index + 1
                index += 1
                continue
            }
            index = source.skip(index)
        }
        return elements
    }

    // MARK: Bindings

    /// What `range` (a `let`'s value or a computed property's expression) binds.
    func bindingValue(_ range: Range<Int>) -> BindingValue? {
        let range = trimmed(range)
        guard !range.isEmpty else { return nil }
        if source.kind(range.lowerBound) == .openBracket && source.partner(range.lowerBound) == range.upperBound - 1 {
            return .list(list(range))
        }
        let expression = expression(range)
        if expression == .dynamic {
            // A `let` bound to another local list.
            if range.count == 1, source.kind(range.lowerBound) == .identifier,
                let bound = local(source.text(range.lowerBound))
            {
                return bound
            }
            return nil
        }
        return .element(expression)
    }

    /// The value a local `let` named `name` is bound to, innermost scope first (read with only
    /// the bindings declared before it in scope).
    func local(_ name: String) -> BindingValue? {
        guard depth < Self.depthLimit else { return nil }
        for index in locals.indices.reversed() where source.isName(locals[index].name, name) {
            var outer = self
            outer.locals = Array(locals[..<index])
            outer.depth += 1
            let start = locals[index].value
            let end = StatementParser(source: source).endOfStatement(from: start, end: source.count)
            return outer.bindingValue(start..<end)
        }
        return nil
    }
}

/// A local `let` whose value may be a type expression: the tokens of its name and of its value's
/// start. Read only if a type expression names it.
struct LocalBinding {
    var name: Int
    var value: Int
}
