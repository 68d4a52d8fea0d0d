/// A statement of a function or closure body, as much as ``HandlerFlow`` needs: control flow
/// and where each part's tokens are. Ranges are token ranges; a body's range is inside its
/// braces, and `close` is the index of its `}`.
indirect enum Statement {
    /// An expression or a declaration.
    case expression(Range<Int>)
    /// `return` or `throw` (at `keyword`) with the expression after it.
    case exit(keyword: Int, isThrow: Bool, expression: Range<Int>)
    /// A call that never returns (`fatalError(…)`, `preconditionFailure(…)`).
    case terminator(Range<Int>)
    /// `break` or `continue` (with `isFallthrough`, `fallthrough`).
    case jump(keyword: Int, isFallthrough: Bool)
    /// `if … { } else if … { } else { }`: each condition with its body; the `else` body if any.
    case conditional(branches: [(condition: Range<Int>, body: Range<Int>)], elseBody: Range<Int>?)
    /// `guard … else { … }`.
    case guardElse(condition: Range<Int>, body: Range<Int>)
    /// `switch … { case …: … }`: the subject and each case's body (labels left out).
    case switchCases(subject: Range<Int>, cases: [Range<Int>])
    /// `for`, `while` or `repeat … while`: the header (and trailing condition) and the body.
    case loop(header: Range<Int>, body: Range<Int>)
    /// `do { } catch { }`: the body and each `catch` body.
    case doCatch(body: Range<Int>, catches: [Range<Int>])
    /// `defer { … }`.
    case deferBlock(Range<Int>)
    /// A nested function or type declaration.
    case nestedDeclaration(Range<Int>)
    /// An `#if` group whose branches hold whole statements: each active branch, whether a build
    /// takes one of them for sure, and the group's index (for parsing its branches).
    case compilationBranches(branches: [Range<Int>], exhaustive: Bool, group: Int)
}

/// Splits a body into ``Statement``s.
///
/// Statements end at a line break unless the next line continues the expression (it starts
/// with `.`, an operator, `{`, or the line ends with an operator, `,` or `.`), or at `;`.
/// Bracketed ranges are skipped whole, so closures stay inside the statement that holds them.
struct StatementParser {
    let source: SourceText
    /// Groups with an index below this may be read as statement-level `#if` branches (inner
    /// groups finish first, so a branch of group `n` only holds groups below `n`).
    var groupLimit: Int

    init(source: SourceText, groupLimit: Int? = nil) {
        self.source = source
        self.groupLimit = groupLimit ?? source.groups.count
    }

    /// The statements of `range`.
    func parse(_ range: Range<Int>) -> [Statement] {
        var statements: [Statement] = []
        var index = range.lowerBound
        let end = range.upperBound
        while index < end {
            if let (group, groupIndex) = group(at: index, within: range) {
                statements.append(
                    .compilationBranches(branches: group.branches, exhaustive: group.exhaustive, group: groupIndex))
                index = max(group.range.upperBound, index + 1)
                continue
            }
            let (statement, next) = parseStatement(at: index, end: end)
            if let statement { statements.append(statement) }
            index = max(next, index + 1)
        }
        return statements
    }

    /// The nested parser for a branch of group `index`.
    func parser(insideGroup index: Int) -> StatementParser {
        StatementParser(source: source, groupLimit: index)
    }

    /// The group to read as whole statements at `index`: the outermost one starting there whose
    /// branches are inside `range` and hold only whole bracketed ranges.
    private func group(at index: Int, within range: Range<Int>) -> (ConditionalGroup, Int)? {
        guard let candidates = source.groupsStarting[index] else { return nil }
        var found: (ConditionalGroup, Int)?
        for groupIndex in candidates where groupIndex < groupLimit {
            let group = source.groups[groupIndex]
            guard group.range.upperBound <= range.upperBound, !group.range.isEmpty,
                group.branches.allSatisfy(isSelfContained)
            else { continue }
            if found == nil || group.range.count >= (found?.0.range.count ?? 0) { found = (group, groupIndex) }
        }
        return found
    }

    /// Whether every bracket opened in `branch` closes in it, and the branch starts a statement.
    private func isSelfContained(_ branch: Range<Int>) -> Bool {
        var index = branch.lowerBound
        while index < branch.upperBound {
            let token = source.tokens[index]
            if token.isCloser { return false }
            if token.isOpener && source.partner(index) >= branch.upperBound { return false }
            index = source.skip(index)
        }
        if let first = branch.first, continuesStatement(at: first) { return false }
        return true
    }

    // MARK: One statement

    private func parseStatement(at index: Int, end: Int) -> (Statement?, Int) {
        let token = source.tokens[index]
        switch token.kind {
        case .semicolon, .closeBrace, .closeParen, .closeBracket, .inertBrace:
            return (nil, index + 1)
        case .identifier:
            break
        default:
            let next = endOfStatement(from: index, end: end)
            return (.expression(index..<next), next)
        }
        // A label (`outer: for …`).
        if source.kind(index + 1) == .colon && index + 2 < end
            && (source.isWord(index + 2, "for") || source.isWord(index + 2, "while")
                || source.isWord(index + 2, "repeat") || source.isWord(index + 2, "do")
                || source.isWord(index + 2, "if") || source.isWord(index + 2, "switch"))
        {
            return (nil, index + 2)
        }
        if source.isWord(index, "if") { return parseIf(at: index, end: end) }
        if source.isWord(index, "guard") { return parseGuard(at: index, end: end) }
        if source.isWord(index, "switch") { return parseSwitch(at: index, end: end) }
        if source.isWord(index, "for") || source.isWord(index, "while") { return parseLoop(at: index, end: end) }
        if source.isWord(index, "repeat") { return parseRepeat(at: index, end: end) }
        if source.isWord(index, "do") { return parseDo(at: index, end: end) }
        if source.isWord(index, "defer"), source.kind(index + 1) == .openBrace {
            let close = min(source.partner(index + 1), end)
            return (.deferBlock((index + 2)..<close), close + 1)
        }
        if source.isWord(index, "return") || source.isWord(index, "throw") {
            var next = index + 1
            if next < end && !source.tokens[next].startsLine && source.kind(next) != .semicolon {
                next = endOfStatement(from: next, end: end)
            }
            return (.exit(keyword: index, isThrow: source.isWord(index, "throw"), expression: (index + 1)..<next), next)
        }
        if source.isWord(index, "break") || source.isWord(index, "continue") || source.isWord(index, "fallthrough") {
            var next = index + 1
            // `break label`.
            if next < end && source.kind(next) == .identifier && !source.tokens[next].startsLine { next += 1 }
            return (.jump(keyword: index, isFallthrough: source.isWord(index, "fallthrough")), next)
        }
        if source.isWord(index, "func") || source.isWord(index, "struct") || source.isWord(index, "class")
            || source.isWord(index, "enum") || source.isWord(index, "actor")
        {
            guard let open = blockOpen(from: index + 1, end: end) else {
                let next = endOfStatement(from: index, end: end)
                return (.expression(index..<next), next)
            }
            let close = min(source.partner(open), end)
            return (.nestedDeclaration(index..<min(close + 1, end)), close + 1)
        }
        let next = endOfStatement(from: index, end: end)
        if isTerminatorCall(at: index) { return (.terminator(index..<next), next) }
        return (.expression(index..<next), next)
    }

    /// `fatalError(`, `preconditionFailure(`, `abort(`, `exit(`.
    private func isTerminatorCall(at index: Int) -> Bool {
        guard source.kind(index + 1) == .openParen else { return false }
        return source.isWord(index, "fatalError") || source.isWord(index, "preconditionFailure")
            || source.isWord(index, "abort") || source.isWord(index, "exit")
    }

    private func parseIf(at start: Int, end: Int) -> (Statement?, Int) {
        var branches: [(condition: Range<Int>, body: Range<Int>)] = []
        var elseBody: Range<Int>?
        var keyword = start
        var next = start + 1
        while true {
            guard let open = blockOpen(from: keyword + 1, end: end) else {
                let stop = endOfStatement(from: keyword, end: end)
                return (.expression(start..<stop), stop)
            }
            let close = min(source.partner(open), end)
            branches.append(((keyword + 1)..<open, (open + 1)..<close))
            next = close + 1
            guard next < end, source.isWord(next, "else") else { break }
            if source.isWord(next + 1, "if") {
                keyword = next + 1
                continue
            }
            if source.kind(next + 1) == .openBrace {
                let elseClose = min(source.partner(next + 1), end)
                elseBody = (next + 2)..<elseClose
                next = elseClose + 1
            }
            break
        }
        return (.conditional(branches: branches, elseBody: elseBody), next)
    }

    private func parseGuard(at start: Int, end: Int) -> (Statement?, Int) {
        var index = start + 1
        while index < end && !source.isWord(index, "else") {
            if source.kind(index) == .openBrace { break }
            index = source.skip(index)
        }
        guard index < end, source.isWord(index, "else"), source.kind(index + 1) == .openBrace else {
            let stop = endOfStatement(from: start, end: end)
            return (.expression(start..<stop), stop)
        }
        let close = min(source.partner(index + 1), end)
        return (.guardElse(condition: (start + 1)..<index, body: (index + 2)..<close), close + 1)
    }

    private func parseSwitch(at start: Int, end: Int) -> (Statement?, Int) {
        guard let open = blockOpen(from: start + 1, end: end) else {
            let stop = endOfStatement(from: start, end: end)
            return (.expression(start..<stop), stop)
        }
        let close = min(source.partner(open), end)
        var labels: [(start: Int, bodyStart: Int)] = []
        var index = open + 1
        while index < close {
            if isCaseLabel(at: index, after: open) {
                var colon = index + 1
                while colon < close && source.kind(colon) != .colon { colon = source.skip(colon) }
                labels.append((index, min(colon + 1, close)))
                index = colon + 1
                continue
            }
            index = source.skip(index)
        }
        var cases: [Range<Int>] = []
        for (number, label) in labels.enumerated() {
            let bodyEnd = number + 1 < labels.count ? labels[number + 1].start : close
            cases.append(label.bodyStart..<max(label.bodyStart, bodyEnd))
        }
        return (.switchCases(subject: (start + 1)..<open, cases: cases), close + 1)
    }

    /// Whether `case`, `default` or `@unknown default` at `index` starts a case label.
    private func isCaseLabel(at index: Int, after open: Int) -> Bool {
        let startsStatement =
            index == open + 1 || source.tokens[index].startsLine || source.kind(index - 1) == .semicolon
        guard startsStatement else { return false }
        if source.isWord(index, "case") || source.isWord(index, "default") { return true }
        return source.kind(index) == .at && source.isWord(index + 1, "unknown")
    }

    private func parseLoop(at start: Int, end: Int) -> (Statement?, Int) {
        guard let open = blockOpen(from: start + 1, end: end) else {
            let stop = endOfStatement(from: start, end: end)
            return (.expression(start..<stop), stop)
        }
        let close = min(source.partner(open), end)
        return (.loop(header: (start + 1)..<open, body: (open + 1)..<close), close + 1)
    }

    private func parseRepeat(at start: Int, end: Int) -> (Statement?, Int) {
        guard source.kind(start + 1) == .openBrace else { return (nil, start + 1) }
        let close = min(source.partner(start + 1), end)
        var next = close + 1
        var header = next..<next
        if next < end, source.isWord(next, "while") {
            let stop = endOfStatement(from: next, end: end)
            header = (next + 1)..<stop
            next = stop
        }
        return (.loop(header: header, body: (start + 2)..<close), next)
    }

    private func parseDo(at start: Int, end: Int) -> (Statement?, Int) {
        guard let open = blockOpen(from: start + 1, end: end) else { return (nil, start + 1) }
        let close = min(source.partner(open), end)
        var catches: [Range<Int>] = []
        var next = close + 1
        while next < end, source.isWord(next, "catch"), let catchOpen = blockOpen(from: next + 1, end: end) {
            let catchClose = min(source.partner(catchOpen), end)
            catches.append((catchOpen + 1)..<catchClose)
            next = catchClose + 1
        }
        return (.doCatch(body: (open + 1)..<close, catches: catches), next)
    }

    // MARK: Boundaries

    /// The first `{` at this level from `index`, before `end` (brackets skipped whole).
    func blockOpen(from index: Int, end: Int) -> Int? {
        var index = index
        while index < end {
            if source.kind(index) == .openBrace { return index }
            if source.kind(index) == .closeBrace { return nil }
            index = source.skip(index)
        }
        return nil
    }

    /// The index after the statement that starts at `index`.
    func endOfStatement(from index: Int, end: Int) -> Int {
        var index = index
        var first = true
        while index < end {
            let token = source.tokens[index]
            if !first {
                if token.kind == .semicolon || token.kind == .closeBrace { break }
                if token.startsLine && !continuesStatement(at: index) { break }
            }
            first = false
            index = min(source.skip(index), end)
        }
        return index
    }

    /// Whether the token at `index`, first on its line, continues the statement above it.
    private func continuesStatement(at index: Int) -> Bool {
        switch source.kind(index) {
        case .dot, .openBrace:
            return true
        case .operator:
            // A prefix `!` or `-` may start a statement of its own; other operators continue one.
            return !(source.isOperator(index, "!") || source.isOperator(index, "-") || source.isOperator(index, "&"))
        case .identifier:
            if source.isWord(index, "else") || source.isWord(index, "catch") || source.isWord(index, "where")
                || source.isWord(index, "as") || source.isWord(index, "is")
            {
                return true
            }
        default:
            break
        }
        guard index > 0 else { return false }
        switch source.kind(index - 1) {
        case .operator:
            // After a postfix `?`/`!` the expression is complete.
            return !(source.isOperator(index - 1, "?") || source.isOperator(index - 1, "!"))
        case .comma, .dot, .colon:
            return true
        default:
            return false
        }
    }
}
