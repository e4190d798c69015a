import ArgumentParser

/// `--lenient`: skip the rows a reader rejects instead of failing on the first one; the skipped
/// rows are listed on stderr (`CyclesCommandSupport.loadDataset`, the importers).
struct LenientReadingOptions: ParsableArguments {
    @Flag(name: .long, help: "Skip bad rows instead of failing (they are listed on stderr).")
    var lenient = false
}
