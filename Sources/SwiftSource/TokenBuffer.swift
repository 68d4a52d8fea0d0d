/// The lexer's growing list of tokens: an append is a capacity test and a store. An `Array`
/// append also tests uniqueness and goes through the generic path (`swift_isUniquelyReferenced`
/// alone was 2% of the read's profile); the gain is counted with the lexer's (see
/// `SwiftLexer.run`). The lexer tests check its tokens against their bytes.
struct TokenBuffer {
    private var base: UnsafeMutablePointer<SwiftToken>
    private var capacity: Int
    /// How many tokens the buffer holds.
    private(set) var count = 0

    /// An empty buffer with room for `capacity` tokens (it grows past that).
    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = UnsafeMutablePointer<SwiftToken>.allocate(capacity: self.capacity)
    }

    /// Adds a token at the end.
    @inline(__always)
    mutating func append(_ token: SwiftToken) {
        if count == capacity { grow() }
        (base + count).initialize(to: token)
        count += 1
    }

    @inline(never)
    private mutating func grow() {
        let larger = UnsafeMutablePointer<SwiftToken>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }

    /// The token at `index` (below ``count``).
    subscript(index: Int) -> SwiftToken {
        @inline(__always) get { base[index] }
        @inline(__always) set { base[index] = newValue }
    }

    /// The last token, if any.
    var last: SwiftToken? { count > 0 ? base[count - 1] : nil }

    /// Drops the tokens from `index` on.
    mutating func truncate(to index: Int) {
        count = min(count, max(index, 0))
    }

    /// The tokens as an array; the buffer is freed and must not be used again.
    mutating func finish() -> [SwiftToken] {
        let tokens = Array(UnsafeBufferPointer(start: base, count: count))
        base.deallocate()
        count = 0
        capacity = 0
        return tokens
    }
}
