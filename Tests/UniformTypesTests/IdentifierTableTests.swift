import Testing

@testable import UniformTypes

@Suite struct IdentifierTableTests {
    /// Random inserts and look-ups, with spellings differing in case and repeated identifiers,
    /// answered as a `Dictionary` keyed by identifier answers them, through every growth.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func answersAsADictionaryDoes(seed: UInt64) {
        var random = SplitMix64(state: seed)
        var table = IdentifierTable()
        var reference: [UniformTypeIdentifier: Int32] = [:]
        let words = ["com", "Example", "public", "data", "TEXT", "a", "ü", ""]
        func draw() -> UniformTypeIdentifier {
            let parts = (0..<Int(random.next() % 4)).map { _ in words[Int(random.next() % UInt64(words.count))] }
            var text = parts.joined(separator: ".") + String(random.next() % 300)
            if random.next() % 3 == 0 { text = text.uppercased() }
            return UniformTypeIdentifier(text)
        }
        #expect(table.isEmpty)
        #expect(table[draw()] == nil, "an empty table finds nothing")
        for step in 0..<5_000 {
            let key = draw()
            if random.next() % 2 == 0 {
                table.insert(Int32(step), for: key)
                reference[key] = Int32(step)
            }
            let probe = draw()
            #expect(table[probe] == reference[probe])
            #expect(table[key] == reference[key])
        }
        #expect(table.count == reference.count)
        for (key, value) in reference {
            #expect(table[UniformTypeIdentifier(key.normalized)] == value)
        }
    }

    /// Find-or-insert keeps the number stored for an identifier (in any letter case) while an
    /// insert replaces it, and the identifiers come back in the order first stored, as first spelt.
    @Test(arguments: [4, 5] as [UInt64])
    func findOrInsertKeepsTheNumberStored(seed: UInt64) {
        var random = SplitMix64(state: seed)
        var table = IdentifierTable()
        var reference: [UniformTypeIdentifier: Int32] = [:]
        var order: [String] = []
        for step in 0..<3_000 {
            var text = "com.example.t\(random.next() % 700)"
            if random.next() % 2 == 0 { text = text.uppercased() }
            let key = UniformTypeIdentifier(text)
            if reference[key] == nil { order.append(text) }
            if random.next() % 4 == 0 {
                table.insert(Int32(step), for: key)
                reference[key] = Int32(step)
            } else {
                let expected = reference[key] ?? Int32(step)
                reference[key] = expected
                #expect(table.value(for: key, inserting: Int32(step)) == expected)
            }
        }
        #expect(table.identifiers.map(\.rawValue) == order)
        #expect(table.count == reference.count)
        for (key, value) in reference { #expect(table[key] == value) }
    }

    @Test func reservedCapacityKeepsEntries() {
        var table = IdentifierTable()
        table.insert(7, for: "com.example.a")
        table.reserveCapacity(1_000)
        for index in 0..<1_000 { table.insert(Int32(index), for: UniformTypeIdentifier("com.example.t\(index)")) }
        #expect(table["COM.EXAMPLE.A"] == 7)
        #expect(table["com.example.t999"] == 999)
        #expect(table["com.example.t1000"] == nil)
        #expect(table.count == 1_001)
    }
}
