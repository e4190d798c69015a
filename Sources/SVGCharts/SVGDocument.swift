import Foundation

/// The lab's one SVG writer (no dependency, deterministic output): the validation report's charts
/// draw with it directly, and `SVGLineChart` (learning curves, regret plots) draws through it.
/// Coordinates and sizes are written with one decimal.
package struct SVGDocument {
    /// Width of the canvas.
    package let width: Double
    /// Height of the canvas.
    package let height: Double
    private var elements: [String] = []

    /// Series colours, colour-blind safe (Okabe–Ito).
    package static let palette = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000"]

    /// An empty canvas of `width` × `height`.
    package init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// `value` with one decimal, as every coordinate is written.
    package static func number(_ value: Double) -> String { String(format: "%.1f", value) }

    /// `text` with `&`, `<`, `>` and `"` escaped for an element or an attribute.
    package static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// A filled rectangle (a negative height is drawn as 0).
    package mutating func rectangle(x: Double, y: Double, width: Double, height: Double, fill: String) {
        elements.append("<rect x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" width=\"\(Self.number(width))\" "
                        + "height=\"\(Self.number(max(height, 0)))\" fill=\"\(fill)\"/>")
    }

    /// A straight line, solid or dashed.
    package mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, stroke: String = "#444", width: Double = 1, dashed: Bool = false) {
        elements.append("<line x1=\"\(Self.number(x1))\" y1=\"\(Self.number(y1))\" x2=\"\(Self.number(x2))\" y2=\"\(Self.number(y2))\" "
                        + "stroke=\"\(stroke)\" stroke-width=\"\(Self.number(width))\"" + (dashed ? " stroke-dasharray=\"4 3\"" : "") + "/>")
    }

    /// An open line through `points`, 2 wide.
    package mutating func polyline(_ points: [(Double, Double)], stroke: String) {
        let list = points.map { "\(Self.number($0.0)),\(Self.number($0.1))" }.joined(separator: " ")
        elements.append("<polyline points=\"\(list)\" fill=\"none\" stroke=\"\(stroke)\" stroke-width=\"2\"/>")
    }

    /// A closed shape through `points`, filled with `fill` at `opacity`, without an outline.
    package mutating func polygon(_ points: [(Double, Double)], fill: String, opacity: Double) {
        let list = points.map { "\(Self.number($0.0)),\(Self.number($0.1))" }.joined(separator: " ")
        elements.append("<polygon points=\"\(list)\" fill=\"\(fill)\" fill-opacity=\"\(String(format: "%.2f", opacity))\" stroke=\"none\"/>")
    }

    /// A filled disc.
    package mutating func circle(x: Double, y: Double, radius: Double = 3, fill: String) {
        elements.append("<circle cx=\"\(Self.number(x))\" cy=\"\(Self.number(y))\" r=\"\(Self.number(radius))\" fill=\"\(fill)\"/>")
    }

    /// A text anchored at (`x`, `y`), escaped; `rotation` turns it (degrees) about that point.
    package mutating func text(_ content: String, x: Double, y: Double, size: Double = 11, anchor: String = "start", fill: String = "#222",
                               rotation: Double = 0) {
        let turn = rotation == 0 ? "" : " transform=\"rotate(\(Self.number(rotation)) \(Self.number(x)) \(Self.number(y)))\""
        elements.append("<text x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" font-size=\"\(Self.number(size))\" "
                        + "text-anchor=\"\(anchor)\" fill=\"\(fill)\"\(turn)>\(Self.escaped(content))</text>")
    }

    /// A legend row of coloured squares and names, from (`x`, `y`).
    package mutating func legend(_ names: [String], x: Double, y: Double) {
        var position = x
        for (index, name) in names.enumerated() {
            rectangle(x: position, y: y - 9, width: 10, height: 10, fill: Self.palette[index % Self.palette.count])
            text(name, x: position + 14, y: y)
            position += 24 + Double(name.count) * 6.5
        }
    }

    /// The document.
    package var document: String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Self.number(width))\" height=\"\(Self.number(height))\" "
            + "viewBox=\"0 0 \(Self.number(width)) \(Self.number(height))\" font-family=\"sans-serif\">\n"
            + "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
            + elements.joined(separator: "\n") + "\n</svg>\n"
    }
}
