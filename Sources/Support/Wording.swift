/// `noun` after its indefinite article, for the names of value kinds: "an array", "an integer",
/// "a string".
public func withArticle(_ noun: String) -> String {
    let vowel = noun.first.map { "aeiou".contains($0) } ?? false
    return (vowel ? "an " : "a ") + noun
}
