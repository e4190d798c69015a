/// `template` with each `{name}` that `value` knows replaced, in one pass over the template's
/// UTF-8 bytes (the sentence path runs on every forecast of a bulk evaluation); a name `value`
/// does not know stays as written.
func _filled(_ template: String, _ value: (Substring) throws -> String?) rethrows -> String {
    let bytes = template.utf8
    let open = UInt8(ascii: "{"), close = UInt8(ascii: "}")
    guard bytes.contains(open) else { return template }
    var result = ""
    result.reserveCapacity(bytes.count + 48)
    var start = bytes.startIndex
    while let opening = bytes[start...].firstIndex(of: open), let closing = bytes[opening...].firstIndex(of: close) {
        result += template[start..<opening]
        if let replacement = try value(template[bytes.index(after: opening)..<closing]) {
            result += replacement
        } else {
            result += template[opening...closing]
        }
        start = bytes.index(after: closing)
    }
    result += template[start...]
    return result
}

/// `template` with each `{name}` of `values` replaced (`_filled(_:_:)`; a few pairs, no dictionary).
func _filled(_ template: String, _ values: KeyValuePairs<String, String>) -> String {
    _filled(template) { name in values.first { $0.key == name }?.value }
}

/// Whether `text` has at most `limit` characters (its UTF-8 length bounds its character count:
/// most sentences are decided without counting characters).
func _fits(_ text: String, _ limit: Int) -> Bool {
    text.utf8.count <= limit || text.count <= limit
}
