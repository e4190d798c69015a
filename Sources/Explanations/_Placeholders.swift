/// `template` with each `{name}` that `value` knows replaced, in one pass over the template (the
/// sentence path runs on every forecast of a bulk evaluation); a name `value` does not know stays
/// as written.
func _filled(_ template: String, _ value: (Substring) throws -> String?) rethrows -> String {
    guard template.utf8.contains(UInt8(ascii: "{")) else { return template }
    var result = ""
    result.reserveCapacity(template.utf8.count + 48)
    var rest = template[...]
    while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
        result += rest[..<open]
        if let replacement = try value(rest[rest.index(after: open)..<close]) {
            result += replacement
        } else {
            result += rest[open...close]
        }
        rest = rest[rest.index(after: close)...]
    }
    result += rest
    return result
}

/// `template` with each `{name}` of `values` replaced (`_filled(_:_:)`).
func _filled(_ template: String, _ values: [String: String]) -> String {
    _filled(template) { values[String($0)] }
}
