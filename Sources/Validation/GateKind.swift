/// What a gate's outcome decides.
///
/// The Spike S3 go/no-go of the ShifAI architecture is two gates: a model file under 10 MB and
/// alert accuracy ≥ 60 % on irregular users, judged on the 95 % interval's lower end. They decide
/// the verdict and the exit status of `odml validate`. The Phase 2 targets (latency, no model below
/// the calendar, fine-tuned accuracy after six months) are measured and shown in their own table;
/// a gates file can make any of them a gate (`GateSpecification.parse(_:path:)`).
public enum GateKind: String, Sendable, Codable, CaseIterable {
    /// Decides the verdict and the exit status.
    case goNoGo = "go-no-go"
    /// Reported beside the verdict, with its ceiling where one exists; decides nothing.
    case target
}
