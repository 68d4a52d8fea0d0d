import PropertyList

/// Reads a body's paths for what they do with a completion handler that must be consumed exactly
/// once: the document browser's creation `importHandler`, or a continuation.
///
/// A path consumes the handler by calling it (`handler(…)`, `handler?(…)`, `handler.resume(…)`),
/// by handing it on (passing it to a call, storing it, capturing it in any other way), or by
/// passing a closure that mentions it — the closure is then read as a body of its own, and its
/// own paths that end without consuming it are reported inside it (one finding per cause). A
/// path ends at `return`, at `throw` (outside a `do` with `catch`), or at the body's closing
/// brace. `if` without `else` leaves a path that takes no branch; a `switch` covers every case
/// (Swift requires it to be exhaustive, with or without `default:`); `guard … else { … }`'s body
/// must leave the scope, so only its paths that end there count; a `#if` group whose branches
/// hold whole statements is read as alternatives. `fatalError(…)` and the like end a path
/// without a finding.
///
/// Not modelled, and read conservatively (no finding where it matters): loops (a loop that
/// mentions the handler makes every path through it unsure), nested functions that mention it
/// (every later path unsure), `defer` (one that mentions it counts as consuming from there on),
/// `fallthrough`, labelled `break`/`continue` (taken to the innermost loop or `switch`), a `try`
/// that throws out of the body (its path is not followed), closures that are never called, and
/// a second name bound to the handler. Two calls in one statement (`c ? h(a) : h(b)`) count as
/// one. A call after the handler was handed on is not a repeated call; handing it on after a
/// call is (reported at the hand-off: for a closure, at its first mention of the handler).
struct HandlerFlow {
    /// What a path has done with the handler so far.
    private enum Consumption: UInt8 {
        case none
        case called
        case handedOff
    }

    /// One set of paths: what they did, and whether something unmodelled lies on them.
    private struct State: Hashable {
        var consumption: Consumption
        var unsure: Bool
    }

    private let source: SourceText
    private let handler: String
    /// Names bound to `nil` by a `let` in the body (the template's `let newDocumentURL: URL? = nil`).
    private var nilNames: Set<String> = []
    private var ends: [(index: Int, end: HandlerPathEnd)] = []
    private var repeated: Set<Int> = []
    private var callsPassNil: [Bool] = []
    private var handedOn = false
    private var fullyModelled = true
    /// States reaching the end of the innermost loop or `switch` through `break`/`continue`.
    private var breakTargets: [Set<State>] = []
    /// States entering the innermost `do`'s `catch` clauses.
    private var catchTargets: [Set<State>] = []
    /// How many blocks and closures deep the reading is: past ``depthLimit`` a block is not
    /// read (its paths are unsure), so that hostile nesting cannot exhaust the stack.
    private var depth = 0
    private static let depthLimit = 48

    private init(source: SourceText, handler: String) {
        self.source = source
        self.handler = handler
    }

    /// Reads the body inside the braces at `open` and its partner (from `start` when given: a
    /// closure's statements start after its signature) for `handler`; the result's location is
    /// `anchor`'s (the `func`, or the continuation call).
    static func read(
        body open: Int, from start: Int? = nil, handler: String, in source: SourceText, kind: CreationHandler.Kind,
        anchor: Int, enclosingType: String?
    ) -> CreationHandler {
        var flow = HandlerFlow(source: source, handler: handler)
        let close = min(source.partner(open), source.count)
        let body = (start ?? open + 1)..<close
        if !flow.mentions(body) {
            flow.ends.append((anchor, HandlerPathEnd(kind: .neverMentioned, location: source.location(anchor))))
        } else {
            flow.collectNilNames(body)
            flow.readBody(body, close: close)
        }
        let ends = flow.ends.sorted { $0.index < $1.index }.map(\.end)
        let repeated = flow.repeated.sorted().map { source.location($0) }
        return CreationHandler(
            kind: kind, location: source.location(anchor), enclosingType: enclosingType, handlerName: handler,
            unconsumedEnds: ends, repeatedCalls: repeated,
            canOnlyCancel: !flow.callsPassNil.isEmpty && flow.callsPassNil.allSatisfy { $0 } && !flow.handedOn,
            isFullyModelled: flow.fullyModelled)
    }

    // MARK: Bodies and blocks

    /// A function or closure body: paths start having done nothing; those that fall through
    /// end at `close`.
    private mutating func readBody(_ body: Range<Int>, close: Int) {
        let savedBreaks = breakTargets
        let savedCatches = catchTargets
        breakTargets = []
        catchTargets = []
        let exits = block(
            body, parser: StatementParser(source: source), entry: [State(consumption: .none, unsure: false)])
        if exits.contains(State(consumption: .none, unsure: false)) {
            let location = close < source.count ? source.location(close) : source.endLocation
            record(HandlerPathEnd(kind: .fallThrough, location: location), at: close)
        }
        breakTargets = savedBreaks
        catchTargets = savedCatches
    }

    private mutating func block(_ range: Range<Int>, parser: StatementParser, entry: Set<State>) -> Set<State> {
        guard depth < Self.depthLimit else {
            fullyModelled = false
            return Set(entry.map { State(consumption: mentions(range) ? .handedOff : $0.consumption, unsure: true) })
        }
        depth += 1
        defer { depth -= 1 }
        var states = entry
        for statement in parser.parse(range) {
            if states.isEmpty { break }
            states = self.statement(statement, parser: parser, states: states)
        }
        return states
    }

    private mutating func statement(_ statement: Statement, parser: StatementParser, states: Set<State>) -> Set<State> {
        switch statement {
        case .expression(let range):
            noteThrowingCall(in: range, states: states)
            return expression(range, states: states)
        case .exit(let keyword, let isThrow, let range):
            let after = expression(range, states: states)
            if isThrow, !catchTargets.isEmpty {
                catchTargets[catchTargets.count - 1].formUnion(after)
            } else if after.contains(State(consumption: .none, unsure: false)) {
                record(
                    HandlerPathEnd(
                        kind: isThrow ? .throwStatement : .returnStatement, location: source.location(keyword)),
                    at: keyword)
            }
            return []
        case .terminator:
            return []
        case .jump(_, let isFallthrough):
            if isFallthrough { fullyModelled = false }
            let leaving = isFallthrough ? Set(states.map { State(consumption: $0.consumption, unsure: true) }) : states
            if !breakTargets.isEmpty { breakTargets[breakTargets.count - 1].formUnion(leaving) }
            return []
        case .conditional(let branches, let elseBody):
            var current = states
            var out: Set<State> = []
            for branch in branches {
                current = expression(branch.condition, states: current)
                out.formUnion(block(branch.body, parser: parser, entry: current))
            }
            if let elseBody {
                out.formUnion(block(elseBody, parser: parser, entry: current))
            } else {
                out.formUnion(current)
            }
            return out
        case .guardElse(let condition, let body):
            let after = expression(condition, states: states)
            // The body must leave the scope: its paths end inside it, and none come out.
            _ = block(body, parser: parser, entry: after)
            return after
        case .switchCases(let subject, let cases):
            let after = expression(subject, states: states)
            guard !cases.isEmpty else { return after }
            var out: Set<State> = []
            for body in cases {
                breakTargets.append([])
                out.formUnion(block(body, parser: parser, entry: after))
                out.formUnion(breakTargets.removeLast())
            }
            return out
        case .loop(let header, let body):
            var entry = states
            if mentions(header) || mentions(body) {
                fullyModelled = false
                entry = Set(states.map { State(consumption: $0.consumption, unsure: true) })
            }
            breakTargets.append([])
            var out = block(body, parser: parser, entry: entry)
            out.formUnion(breakTargets.removeLast())
            out.formUnion(entry)
            return out
        case .doCatch(let body, let catches):
            guard !catches.isEmpty else { return block(body, parser: parser, entry: states) }
            catchTargets.append([])
            var out = block(body, parser: parser, entry: states)
            let caught = catchTargets.removeLast()
            if !caught.isEmpty {
                for body in catches { out.formUnion(block(body, parser: parser, entry: caught)) }
            }
            return out
        case .deferBlock(let body):
            guard mentions(body) else { return states }
            return Set(states.map { State(consumption: .handedOff, unsure: $0.unsure) })
        case .nestedDeclaration(let range):
            guard mentions(range) else { return states }
            fullyModelled = false
            return Set(states.map { State(consumption: $0.consumption, unsure: true) })
        case .compilationBranches(let branches, let exhaustive, let group):
            let inner = parser.parser(insideGroup: group)
            var out: Set<State> = exhaustive ? [] : states
            for branch in branches { out.formUnion(block(branch, parser: inner, entry: states)) }
            return out
        }
    }

    /// A `try` (not `try?`/`try!`) inside a `do` with `catch` may jump there with the paths as
    /// they are before the statement.
    private mutating func noteThrowingCall(in range: Range<Int>, states: Set<State>) {
        guard !catchTargets.isEmpty else { return }
        for index in range where source.isWord(index, "try") {
            if source.isOperator(index + 1, "?") || source.isOperator(index + 1, "!") { continue }
            catchTargets[catchTargets.count - 1].formUnion(states)
            return
        }
    }

    // MARK: Expressions

    /// What an expression does to the paths: calls, hand-offs, closures that mention the handler.
    private mutating func expression(_ range: Range<Int>, states: Set<State>) -> Set<State> {
        var calls: [Int] = []
        /// Where the handler is first handed on (for a closure, its first mention inside).
        var handOff: Int?
        var index = range.lowerBound
        while index < range.upperBound {
            let token = source.tokens[index]
            if token.kind == .openBrace {
                let close = min(source.partner(index), source.count)
                if let mention = firstMention((index + 1)..<close) {
                    readClosure(open: index, close: close)
                    if handOff == nil { handOff = mention }
                }
                index = close + 1
                continue
            }
            if isHandler(index) {
                if let arguments = callArguments(at: index) {
                    calls.append(index)
                    callsPassNil.append(firstArgumentIsNil(open: arguments))
                } else {
                    if handOff == nil { handOff = index }
                    handedOn = true
                }
            }
            index += 1
        }
        guard !calls.isEmpty || handOff != nil else { return states }
        var out: Set<State> = []
        for var state in states {
            if !calls.isEmpty {
                switch state.consumption {
                case .none: state.consumption = .called
                case .called:
                    // Two calls in one statement are alternatives (a ternary) more often than not.
                    if !state.unsure && calls.count == 1 { repeated.insert(calls[0]) }
                case .handedOff: break
                }
            } else if let handOff, state.consumption == .called, !state.unsure {
                // Called, then handed on (to a closure that calls it, or stored): a second
                // consumption, reported at the hand-off's first mention.
                repeated.insert(handOff)
            }
            if handOff != nil { state.consumption = .handedOff }
            out.insert(state)
        }
        return out
    }

    /// Reads a closure that mentions the handler as a body of its own.
    private mutating func readClosure(open: Int, close: Int) {
        var start = open + 1
        // Skip the closure's signature (`[weak self] url in`).
        var index = open + 1
        while index < close {
            if source.isWord(index, "in") {
                start = index + 1
                break
            }
            if source.tokens[index].startsLine && index > open + 1 { break }
            if source.kind(index) == .openBrace || isStatementKeyword(index) { break }
            index = source.skip(index)
        }
        readBody(start..<close, close: close)
    }

    private func isStatementKeyword(_ index: Int) -> Bool {
        source.isWord(index, "let") || source.isWord(index, "var") || source.isWord(index, "if")
            || source.isWord(index, "guard") || source.isWord(index, "return") || source.isWord(index, "for")
            || source.isWord(index, "switch") || source.isWord(index, "while") || source.isWord(index, "do")
    }

    /// Whether token `index` names the handler (not a member `x.handler`, not an argument label).
    private func isHandler(_ index: Int) -> Bool {
        guard source.isName(index, handler), source.kind(index - 1) != .dot else { return false }
        if source.kind(index + 1) == .colon {
            let previous = source.kind(index - 1)
            if previous == .openParen || previous == .comma { return false }
        }
        return true
    }

    /// When the handler at `index` is called, the index of its argument list's `(`.
    private func callArguments(at index: Int) -> Int? {
        if source.kind(index + 1) == .openParen { return index + 1 }
        if source.isOperator(index + 1, "?") && source.kind(index + 2) == .openParen { return index + 2 }
        if source.kind(index + 1) == .dot && source.kind(index + 2) == .identifier
            && source.kind(index + 3) == .openParen
        {
            return index + 3
        }
        return nil
    }

    /// Whether a call's first argument is `nil` or a name bound to `nil`.
    private func firstArgumentIsNil(open: Int) -> Bool {
        let first = open + 1
        guard first < source.count else { return false }
        let next = source.kind(first + 1)
        guard next == .comma || next == .closeParen else { return false }
        if source.isWord(first, "nil") { return true }
        return source.kind(first) == .identifier && nilNames.contains(source.text(first))
    }

    /// Whether the handler is named anywhere in `range` (closures included).
    private func mentions(_ range: Range<Int>) -> Bool {
        firstMention(range) != nil
    }

    /// The first token in `range` naming the handler (closures included).
    private func firstMention(_ range: Range<Int>) -> Int? {
        range.first { isHandler($0) }
    }

    /// The names the body binds to `nil` with `let` (and never rebinds: a `let` cannot be).
    private mutating func collectNilNames(_ body: Range<Int>) {
        for index in body where source.isWord(index, "let") && source.kind(index + 1) == .identifier {
            var cursor = index + 2
            while cursor < body.upperBound && !source.isOperator(cursor, "=") && !source.tokens[cursor].startsLine {
                cursor += 1
            }
            guard source.isOperator(cursor, "="), source.isWord(cursor + 1, "nil") else { continue }
            let after = cursor + 2
            if after >= body.upperBound || source.tokens[after].startsLine || source.kind(after) == .semicolon {
                nilNames.insert(source.text(index + 1))
            }
        }
    }

    private mutating func record(_ end: HandlerPathEnd, at index: Int) {
        guard !ends.contains(where: { $0.index == index }) else { return }
        ends.append((index, end))
    }
}
