import Testing

@testable import PropertyList

/// The block-at-a-time counts against a byte-by-byte count, on random bytes rich in the counted
/// ones (and in bytes one bit away from them) at every length and alignment.
@Suite struct ByteScanTests {
    @Test(arguments: [1, 2, 3] as [UInt64])
    func countsMatchAByteByByteCount(seed: UInt64) {
        var state = seed
        func draw() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        // Mostly the bytes counted, their neighbours in value, and bytes with the high bit set.
        let alphabet: [UInt8] = [0x3C, 0x2F, 0x0A, 0x3D, 0x0B, 0xBC, 0x8A, 0x00, 0xFF, 0x41]
        let bytes = (0..<700).map { _ in alphabet[Int(draw() % UInt64(alphabet.count))] }
        for start in 0..<9 {
            for end in stride(from: start, through: bytes.count, by: 7) {
                let slice = bytes[start..<end]
                slice.withUnsafeBufferPointer { buffer in
                    #expect(ByteScan.count(of: 0x0A, in: buffer) == slice.filter { $0 == 0x0A }.count)
                    #expect(ByteScan.count(of: 0xFF, in: buffer) == slice.filter { $0 == 0xFF }.count)
                    #expect(ByteScan.count(of: 0x3C, in: buffer) == slice.filter { $0 == 0x3C }.count)
                }
            }
        }
    }

    /// Long runs of the counted byte: each lane's 8-bit sum is added up before it could wrap, at
    /// and around the flush (255 blocks of 32 bytes).
    @Test(arguments: [0, 1, 31, 32, 8_159, 8_160, 8_161, 3 * 8_160 + 13, 100_003] as [Int])
    func longRunsAreCountedWhole(length: Int) {
        let all = [UInt8](repeating: 0x3C, count: length)
        all.withUnsafeBufferPointer { #expect(ByteScan.count(of: 0x3C, in: $0) == length) }
        // Every other byte, offset by one: the unaligned loads see the same count.
        let alternate = (0..<length + 1).map { $0 % 2 == 0 ? UInt8(0x0A) : UInt8(0x41) }
        alternate.withUnsafeBufferPointer { buffer in
            let shifted = UnsafeBufferPointer(rebasing: buffer[1...])
            #expect(ByteScan.count(of: 0x0A, in: shifted) == length / 2)
        }
    }

    @Test func theElementBoundCountsEveryAngle() {
        for text in ["", "<", "</", "<<", "1234567<", "12345678</a><b>", "<<<<<<<<////////<"] {
            let bytes = Array(text.utf8)
            #expect(XMLPlistReader.elementBound(bytes[...]) == 1 + bytes.filter { $0 == 0x3C }.count, "\(text)")
        }
        // At least the elements a document has: here 2 (and 2 end tags).
        #expect(XMLPlistReader.elementBound(Array("<plist><dict></dict></plist>".utf8)[...]) == 5)
    }
}
