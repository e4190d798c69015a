/// What a ranking reads of each library action besides its features, gathered once per
/// `DailyRecommender`, so that ranking 200 candidates hashes no string per candidate: tags are
/// numbered (`tagIDs` index `tags`) and the learner's arms are checked against `actionIDs` once.
struct _LibraryTraits: Sendable {
    /// Every action's id, in library order.
    let actionIDs: [String]
    /// The distinct tags of the library, in order of first use.
    let tags: [String]
    /// Each action's tags as indices into `tags`, in the action's own tag order.
    let tagIDs: [[Int]]

    init(library: ActionLibrary) {
        actionIDs = library.actions.map(\.id)
        var numbers: [String: Int] = [:]
        var tags: [String] = []
        tagIDs = library.actions.map { action in
            action.tags.map { tag in
                if let number = numbers[tag] { return number }
                numbers[tag] = tags.count
                tags.append(tag)
                return tags.count - 1
            }
        }
        self.tags = tags
    }
}
