import Foundation
import PropertyList
import Testing

/// Generates random property-list values, has Foundation's PropertyListSerialization write them as
/// XML and as binary, and checks that our reader reads back what Foundation wrote.
@Suite struct FoundationDifferentialTests {
    /// A small deterministic generator (SplitMix64), so failures reproduce.
    struct Generator {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

        mutating func string() -> String {
            let pieces = ["a", "Z", "0", " ", "&", "<", ">", "\"", "'", "é", "日", "😀", "\n", "\t", "public.", "]]>"]
            return (0..<below(12)).map { _ in pieces[below(pieces.count)] }.joined()
        }

        mutating func value(depth: Int) -> Any {
            let kind = depth >= 4 ? 2 + below(6) : below(8)
            switch kind {
            case 0:
                var dictionary: [String: Any] = [:]
                for _ in 0..<below(6) { dictionary[string()] = value(depth: depth + 1) }
                return dictionary
            case 1:
                return (0..<below(6)).map { _ in value(depth: depth + 1) }
            case 2: return string()
            case 3:
                let choices: [Int] = [
                    0, 1, -1, 255, 256, 65_535, 65_536, Int(Int32.max), Int(Int64.max), Int(Int64.min),
                ]
                return below(2) == 0 ? choices[below(choices.count)] : Int(bitPattern: UInt(next()))
            case 4:
                let choices: [Double] = [0, -0.5, 1e-300, 1.7976931348623157e308, 3.141592653589793, 1e21]
                return below(2) == 0 ? choices[below(choices.count)] : Double(bitPattern: next() >> 2)
            case 5: return below(2) == 0
            case 6: return Date(timeIntervalSinceReferenceDate: Double(Int(next() % 4_000_000_000)) - 1_000_000_000)
            default: return Data((0..<below(40)).map { _ in UInt8(truncatingIfNeeded: next()) })
            }
        }
    }

    /// Compares our value with Foundation's; returns the first difference, or nil.
    static func difference(_ ours: PlistValue, _ theirs: Any, path: String = "$") -> String? {
        switch theirs {
        case let dictionary as [String: Any]:
            guard ours.kind == .dictionary, ours.count == dictionary.count else {
                return "\(path): not the same dictionary"
            }
            for (key, value) in dictionary {
                guard let mine = ours[key] else { return "\(path): missing key \(key)" }
                if let difference = difference(mine, value, path: path + "." + key) { return difference }
            }
            return nil
        case let array as [Any]:
            guard ours.kind == .array, ours.count == array.count else { return "\(path): not the same array" }
            for (index, (mine, value)) in zip(ours.elements, array).enumerated() {
                if let difference = difference(mine, value, path: "\(path)[\(index)]") { return difference }
            }
            return nil
        case let string as String:
            return ours.string == string ? nil : "\(path): \(String(describing: ours.string)) != \(string)"
        case let date as Date:
            return ours.date?.secondsSinceReferenceDate == date.timeIntervalSinceReferenceDate ? nil : "\(path): date"
        case let data as Data:
            return ours.data == [UInt8](data) ? nil : "\(path): data"
        case let number as NSNumber:
            let type = String(cString: number.objCType)
            if type == "c" || type == "B" { return ours.boolean == number.boolValue ? nil : "\(path): boolean" }
            if type == "d" || type == "f" { return ours.real == number.doubleValue ? nil : "\(path): real" }
            return ours.integer == .signed(number.int64Value)
                ? nil : "\(path): integer \(String(describing: ours.integer)) != \(number)"
        default:
            return "\(path): unexpected Foundation value \(type(of: theirs))"
        }
    }

    @Test(arguments: [PropertyListSerialization.PropertyListFormat.xml, .binary])
    func readsWhatFoundationWrites(format: PropertyListSerialization.PropertyListFormat) throws {
        var generator = Generator(state: format == .xml ? 1 : 2)
        for round in 0..<200 {
            var root: [String: Any] = [:]
            for _ in 0..<(1 + generator.below(8)) { root[generator.string()] = generator.value(depth: 1) }
            let bytes = try PropertyListSerialization.data(fromPropertyList: root, format: format, options: 0)
            let document = try PropertyListReader().read([UInt8](bytes), file: "round-\(round)")
            #expect(document.format == (format == .xml ? .xml : .binary))
            // Foundation reads its own output too; compare with what it reads, not what it was given.
            let reread = try PropertyListSerialization.propertyList(from: bytes, options: [], format: nil)
            let difference = Self.difference(document.root, reread)
            #expect(difference == nil, "round \(round): \(difference ?? "")")
            if difference != nil { break }
        }
    }
}
