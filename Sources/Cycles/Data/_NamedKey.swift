/// A coding key by name: a cohort file's keys (camelCase: the decoder converts the file's
/// snake_case), the lab's metric names in JSON.
package struct _NamedKey: CodingKey {
    package var stringValue: String
    package var intValue: Int? { nil }
    package init(_ name: String) { stringValue = name }
    package init?(stringValue: String) { self.stringValue = stringValue }
    package init?(intValue: Int) { nil }
}
