/// The lexer's bookkeeping for `#if` / `#elseif` / `#else` / `#endif`.
///
/// Which branches are read: only a branch whose condition is exactly `false` is inactive (and,
/// after a branch whose condition is exactly `true`, the later ones); every other condition may
/// hold in some build, so its branch is read, and so is an `#else`. An inactive branch is lexed
/// (so that a `#endif` inside one of its strings does not end it) and its tokens are dropped.
///
/// Structure when branches disagree: the tokens of every active branch follow one another, so
/// `#if os(iOS) class A: UIViewController { #else class A: NSViewController { #endif … }` would
/// open two braces for one `}`. When any branch of a group opens or closes more braces than it
/// closes or opens, the first active branch keeps its braces and, in every later branch, the
/// braces matched inside that branch keep theirs while the unmatched ones become
/// ``SwiftToken/Kind/inertBrace``: the file's structure is that of the build taking the first
/// branch, and the code of the other branches is still read for facts.
struct ConditionalCompilation {
    /// What a condition is known to be.
    enum Condition {
        /// Exactly `false`: the branch is never compiled.
        case alwaysFalse
        /// Exactly `true`: the branch is always compiled, the later ones never.
        case alwaysTrue
        /// Anything else: the branch may be compiled.
        case unknown
    }

    /// An open `#if` group.
    private struct Frame {
        /// The token ranges of the active branches closed so far.
        var branches: [Range<Int>] = []
        /// Where the current branch's tokens start.
        var branchStart: Int
        /// How many groups were finished when the current branch started.
        var groupsAtBranchStart: Int
        /// Whether the current branch's tokens are kept.
        var active: Bool
        /// Whether an earlier branch's condition is exactly `true`.
        var sawTrue: Bool
        /// Whether one of the kept branches is always taken (an `#else`, or a `true` condition).
        var exhaustive = false
    }

    private var frames: [Frame] = []
    /// The finished groups with at least one active branch, in the order their `#endif`s come.
    private(set) var groups: [ConditionalGroup] = []

    /// `#if condition`: a new group whose first branch starts at the next token.
    mutating func openIf(_ condition: Condition, tokenCount: Int) {
        frames.append(
            Frame(
                branchStart: tokenCount, groupsAtBranchStart: groups.count, active: condition != .alwaysFalse,
                sawTrue: condition == .alwaysTrue, exhaustive: condition == .alwaysTrue))
    }

    /// `#elseif condition`, or `#else` with `condition` nil.
    mutating func nextBranch(_ condition: Condition?, tokens: inout TokenBuffer) {
        guard var frame = frames.popLast() else { return }
        close(&frame, tokens: &tokens)
        frame.branchStart = tokens.count
        frame.groupsAtBranchStart = groups.count
        if let condition {
            frame.active = !frame.sawTrue && condition != .alwaysFalse
            if frame.active && condition == .alwaysTrue { frame.exhaustive = true }
            frame.sawTrue = frame.sawTrue || condition == .alwaysTrue
        } else {
            frame.active = !frame.sawTrue
            if frame.active { frame.exhaustive = true }
        }
        frames.append(frame)
    }

    /// `#endif`: the group is finished.
    mutating func endIf(tokens: inout TokenBuffer) {
        guard var frame = frames.popLast() else { return }
        close(&frame, tokens: &tokens)
        guard !frame.branches.isEmpty else { return }
        Self.reconcileBraces(of: frame.branches, in: &tokens)
        groups.append(ConditionalGroup(branches: frame.branches, exhaustive: frame.exhaustive))
    }

    /// The end of the file: groups left open end here.
    mutating func finish(tokens: inout TokenBuffer) {
        while !frames.isEmpty { endIf(tokens: &tokens) }
    }

    /// Ends the current branch: an active one is kept, an inactive one's tokens (and the groups
    /// inside it) are dropped.
    private mutating func close(_ frame: inout Frame, tokens: inout TokenBuffer) {
        if frame.active {
            frame.branches.append(frame.branchStart..<tokens.count)
        } else {
            tokens.truncate(to: frame.branchStart)
            groups.removeSubrange(frame.groupsAtBranchStart...)
        }
    }

    /// Makes the braces of the branches agree (see the type's summary).
    private static func reconcileBraces(of branches: [Range<Int>], in tokens: inout TokenBuffer) {
        guard branches.count > 1, branches.contains(where: { braceBalance(of: $0, in: tokens) != 0 }) else { return }
        for branch in branches.dropFirst() {
            var open: [Int] = []
            for index in branch {
                switch tokens[index].kind {
                case .openBrace: open.append(index)
                case .closeBrace:
                    if open.popLast() == nil { tokens[index].kind = .inertBrace }
                default: break
                }
            }
            for index in open { tokens[index].kind = .inertBrace }
        }
    }

    /// `{` minus `}` in a range of tokens.
    private static func braceBalance(of range: Range<Int>, in tokens: TokenBuffer) -> Int {
        var balance = 0
        for index in range {
            if tokens[index].kind == .openBrace { balance += 1 }
            if tokens[index].kind == .closeBrace { balance -= 1 }
        }
        return balance
    }
}

/// A finished `#if` group: the token ranges of its active branches, in order.
struct ConditionalGroup: Sendable, Equatable {
    /// The token range of each branch that is read (inactive branches left out).
    var branches: [Range<Int>]
    /// Whether some build takes one of ``branches`` for sure: the group has an `#else`, or a
    /// branch whose condition is `true`. Otherwise a build may take none.
    var exhaustive: Bool

    /// From the first branch's first token to the last branch's end.
    var range: Range<Int> {
        (branches.first?.lowerBound ?? 0)..<(branches.last?.upperBound ?? 0)
    }
}
