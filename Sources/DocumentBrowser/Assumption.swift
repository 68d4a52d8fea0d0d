/// An answer that rests on behaviour Apple does not document: the flag that chooses it, the value
/// in effect, and what that value means. Every answer that depends on one carries it, so the
/// output can say so.
public struct Assumption: Sendable, Hashable, Comparable {
    /// The command-line flag that changes it, without dashes: `count-role-none`.
    public var flag: String
    /// The value in effect: `yes`, `no`, `insensitive`, `likely`…
    public var value: String
    /// What the value means, lower-case first: `entries with role None count as allowed types`.
    public var statement: String

    /// Creates an assumption.
    public init(flag: String, value: String, statement: String) {
        self.flag = flag
        self.value = value
        self.statement = statement
    }

    /// `--count-role-none yes`.
    public var setting: String { "--\(flag) \(value)" }

    /// Orders by flag, then value.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.flag, lhs.value) < (rhs.flag, rhs.value)
    }
}
