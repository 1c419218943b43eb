/// A number with its noun in the right form, for the English lines the commands print: "1 gap",
/// "2 gaps", "0 sessions". Nouns whose plural is not `noun + "s"` pass it.
enum Counted {
    /// "`count` `noun`", the noun plural unless `count` is 1.
    static func text(_ count: Int, _ noun: String, plural: String? = nil) -> String {
        "\(count) \(count == 1 ? noun : plural ?? noun + "s")"
    }
}
