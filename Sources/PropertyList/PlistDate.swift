/// A date as a plist holds it: seconds since 2001-01-01T00:00:00Z (Apple's reference date).
public struct PlistDate: Sendable, Hashable, CustomStringConvertible {
    /// Seconds since 2001-01-01T00:00:00Z; negative before it.
    public var secondsSinceReferenceDate: Double

    /// Creates a date from seconds since 2001-01-01T00:00:00Z.
    public init(secondsSinceReferenceDate: Double) {
        self.secondsSinceReferenceDate = secondsSinceReferenceDate
    }

    /// Days from 0000-03-01 based civil calendar to 1970-01-01 (Howard Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146097 + dayOfEra - 719468
    }

    static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let dayOfEra = z - era * 146097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Seconds from 1970-01-01 to 2001-01-01.
    static let referenceOffset: Double = 978_307_200

    /// The seconds from 2001-01-01 of the first instant of year 0000 and of year 10000: the dates
    /// an XML plist can write lie between.
    static let writableRange: Range<Double> = {
        let start = Double(daysFromCivil(year: 0, month: 1, day: 1)) * 86_400 - referenceOffset
        let end = Double(daysFromCivil(year: 10_000, month: 1, day: 1)) * 86_400 - referenceOffset
        return start..<end
    }()

    /// Whether an XML plist can write the date (years 0000 to 9999).
    public var isWritable: Bool { Self.writableRange.contains(secondsSinceReferenceDate) }

    /// Seconds as a message shows them: whole seconds without a fraction, others as they are.
    static func secondsText(_ seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e18 ? String(Int64(seconds)) : String(seconds)
    }

    /// Parses `YYYY-MM-DDTHH:MM:SSZ` (optionally with a fraction of a second before the `Z`).
    /// Returns nil when the text is not of that form or names a time that does not exist.
    static func parse(_ text: some Collection<UInt8>) -> PlistDate? {
        let bytes = Array(text)
        guard bytes.count >= 20, bytes.last == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for position in range {
                let byte = bytes[position]
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19)
        else { return nil }
        var fraction = 0.0
        if bytes.count > 20 {
            // A fraction: '.' and 1…9 digits before the Z.
            guard bytes[19] == UInt8(ascii: "."), bytes.count - 21 >= 1, bytes.count - 21 <= 9,
                let digits = number(20..<bytes.count - 1)
            else { return nil }
            var scale = 1.0
            for _ in 0..<(bytes.count - 21) { scale *= 10 }
            fraction = Double(digits) / scale
        }
        guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
            hour <= 23, minute <= 59, second <= 59
        else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let unix = Double(days * 86400 + hour * 3600 + minute * 60 + second) + fraction
        return PlistDate(secondsSinceReferenceDate: unix - referenceOffset)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2:
            let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
            return leap ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// `YYYY-MM-DDTHH:MM:SSZ`, with `.fff` when the date has a fraction of a second; nil for a
    /// date that is not finite or is outside years 0…9999.
    public var iso8601: String? {
        let unix = secondsSinceReferenceDate + Self.referenceOffset
        guard unix.isFinite, unix > -62_167_219_200 - 1, unix < 253_402_300_800 else { return nil }
        let whole = unix.rounded(.down)
        var milliseconds = Int(((unix - whole) * 1000).rounded())
        var seconds = Int(whole)
        if milliseconds == 1000 {
            milliseconds = 0
            seconds += 1
        }
        let days = seconds >= 0 ? seconds / 86400 : (seconds - 86399) / 86400
        let secondOfDay = seconds - days * 86400
        let (year, month, day) = Self.civilFromDays(days)
        guard (0...9999).contains(year) else { return nil }
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        var text = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T"
        text += "\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2))"
        if milliseconds != 0 { text += "." + pad(milliseconds, 3) }
        return text + "Z"
    }

    /// The ISO 8601 form, or the raw seconds when the date has none.
    public var description: String {
        iso8601 ?? "\(secondsSinceReferenceDate) seconds since 2001-01-01T00:00:00Z"
    }
}
