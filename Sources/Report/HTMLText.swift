import PropertyList
import Support

/// Makes text from input safe inside an HTML (or inline SVG) page.
///
/// Invisible and direction-changing characters are first shown as escapes, as everywhere else in
/// utiscope (``OutputEscaping``), so that a hostile identifier cannot hide or reorder what the
/// page shows; then the characters HTML gives a meaning to become character references.
public enum HTMLText {
    /// `text` for a quoted attribute value: `&`, `<`, `>`, `"` and `'` as character references,
    /// control and bidi characters as visible escapes.
    public static func attribute(_ text: String) -> String {
        replacing(OutputEscaping.escape(text), quotes: true)
    }

    /// A path (or `path:line:column`) for element content, as ``escape(_:)`` makes it, with a
    /// line-break opportunity (`<wbr>`) after each `/`: a long path wraps at its separators.
    public static func path(_ text: String) -> String {
        escape(text).replacing("/", with: "/<wbr>")
    }

    /// `text` for element content: `&`, `<` and `>` as character references, control and bidi
    /// characters as visible escapes.
    public static func escape(_ text: String) -> String {
        replacing(OutputEscaping.escape(text), quotes: false)
    }

    private static func replacing(_ shown: String, quotes: Bool) -> String {
        guard
            shown.utf8.contains(where: {
                $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || (quotes && ($0 == 0x22 || $0 == 0x27))
            })
        else { return shown }
        var result = ""
        result.reserveCapacity(shown.utf8.count + 16)
        for scalar in shown.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where quotes: result += "&quot;"
            case "'" where quotes: result += "&#39;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `text` as a JSON string literal that is also safe inside a `<script>` element: besides
    /// JSON's own escapes, `<`, `>` and `&` are written as `\u003c`… so that no input can close
    /// the element, and the line separators JavaScript once refused are escaped too.
    public static func scriptString(_ text: String) -> String {
        let quoted = JSONText.quoted(OutputEscaping.escape(text))
        guard quoted.unicodeScalars.contains(where: { "<>&\u{2028}\u{2029}".unicodeScalars.contains($0) })
        else { return quoted }
        var result = ""
        for scalar in quoted.unicodeScalars {
            switch scalar {
            case "<": result += "\\u003c"
            case ">": result += "\\u003e"
            case "&": result += "\\u0026"
            case "\u{2028}": result += "\\u2028"
            case "\u{2029}": result += "\\u2029"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `text` cut to `limit` characters with an ellipsis, for labels whose full text goes in a
    /// tooltip. Counts characters as they will be shown (escapes included).
    static func truncated(_ text: String, limit: Int) -> String {
        let shown = OutputEscaping.escape(text)
        guard shown.count > limit, limit > 1 else { return shown }
        return String(shown.prefix(limit - 1)) + "…"
    }
}
