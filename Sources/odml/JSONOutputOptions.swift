import ArgumentParser

/// `--json`: print JSON instead of text. Declared once for every command with a JSON form; what
/// the JSON holds is the command's own (its help says so when it is not one object), and
/// `JSONOutput` writes it.
struct JSONOutputOptions: ParsableArguments {
    @Flag(name: .long, help: "Print JSON instead of text.")
    var json = false
}
