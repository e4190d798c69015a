/// A coding key by name: a cohort file's keys (camelCase: the decoder converts the file's
/// snake_case), the lab's metric names in JSON.
struct _NamedKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
