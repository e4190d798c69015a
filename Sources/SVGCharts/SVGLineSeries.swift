/// One line of an `SVGLineChart`: its points in data units, an optional band (an interval at
/// each point, drawn shaded behind the line) and optional point markers.
package struct SVGLineSeries {
    /// The legend's name.
    package var name: String
    /// Stroke and fill colour (`#rrggbb`).
    package var color: String
    /// The line's points, in order.
    package var points: [(x: Double, y: Double)]
    /// An interval at each point, drawn as a shaded band (empty: none).
    package var band: [(x: Double, low: Double, high: Double)]
    /// Whether each point gets a dot.
    package var markers: Bool

    /// A series; `band` and `markers` are off unless given.
    package init(name: String, color: String, points: [(x: Double, y: Double)],
                 band: [(x: Double, low: Double, high: Double)] = [], markers: Bool = false) {
        self.name = name
        self.color = color
        self.points = points
        self.band = band
        self.markers = markers
    }
}
