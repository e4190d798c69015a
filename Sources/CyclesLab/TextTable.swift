/// Plain-text tables of the lab's reports (`odml evaluate`, `compare`, `validate`).
public enum TextTable {
    /// The lines of a table given as rows of cells: columns padded to their widest cell (never
    /// truncated), separated by two spaces, the last cell of a row unpadded.
    public static func aligned(_ rows: [[String]]) -> [String] {
        var widths: [Int] = []
        for row in rows {
            for (column, cell) in row.enumerated() {
                if column < widths.count { widths[column] = max(widths[column], cell.count) } else { widths.append(cell.count) }
            }
        }
        return rows.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.count)
            }.joined(separator: "  ")
        }
    }
}
