/// A command's failure as one line a person can act on (file, value, what was expected).
/// ArgumentParser prints it as `Error: <description>` and exits with status 1; `PredictCommand`
/// and the cycle commands print `error: <description>` themselves.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
