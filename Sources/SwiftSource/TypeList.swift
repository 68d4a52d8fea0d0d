import PropertyList

/// A list of types passed in code: explicit, `nil`, computed, or not passed at all.
public struct TypeList: Sendable, Hashable {
    /// What kind of list the code passes.
    public enum Form: String, Sendable, Hashable {
        /// An array literal (or a constant bound to one) whose every element is known.
        case explicit
        /// `nil`: for a document browser, the Info.plist's document types.
        case null
        /// Computed, or with an element that is not known: ``TypeList/elements`` holds what is
        /// known (the elements of array literals inside the expression).
        case dynamic
        /// The site passes no list (the API's default applies).
        case absent
    }

    /// The kind of list.
    public var form: Form
    /// Every element written in the list's array literals, the unknown ones included (they are
    /// ``ListedType/Resolution/dynamic``).
    public var elements: [ListedType]
    /// The list expression as written (empty when absent).
    public var text: String
    /// Where the list expression starts; nil when absent.
    public var location: SourceLocation?

    /// Makes a list.
    public init(form: Form, elements: [ListedType] = [], text: String = "", location: SourceLocation? = nil) {
        self.form = form
        self.elements = elements
        self.text = text
        self.location = location
    }

    /// A list that is not passed.
    public static let absent = TypeList(form: .absent)

    /// The elements whose meaning is known.
    public var knownElements: [ListedType] { elements.filter { !$0.isDynamic } }

    /// The identifiers the list is known to hold, in order.
    public var identifiers: [String] { elements.compactMap(\.identifier) }
}
