import PropertyList

/// A value together with where it was written.
public struct Located<Value: Sendable>: Sendable {
    /// The value.
    public var value: Value
    /// Where it was written, when known (system declarations have no location).
    public var location: SourceLocation?

    /// Pairs `value` with `location`.
    public init(_ value: Value, at location: SourceLocation? = nil) {
        self.value = value
        self.location = location
    }
}

extension Located: Equatable where Value: Equatable {}
extension Located: Hashable where Value: Hashable {}
