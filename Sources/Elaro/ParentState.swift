import Foundation

/// A parent's saved state: profile, today's plan slot and the action history (`recommend --state`).
public struct ParentState: Sendable, Codable, Equatable {
    /// Child age in years.
    public var childAge: Int
    /// Current situations that rule actions out.
    public var situations: [String]
    /// The month's focus area.
    public var activeFocus: FocusArea
    /// Tags of accepted Focus Planner blocks.
    public var acceptedTags: [String]
    /// Today's day number (day 0 is a Monday).
    public var today: Int
    /// The part of the day being planned.
    public var timeOfDay: TimeOfDay
    /// Past instances, in any order.
    public var history: [ActionInstance]

    public init(childAge: Int, situations: [String] = [], activeFocus: FocusArea, acceptedTags: [String] = [],
                today: Int, timeOfDay: TimeOfDay, history: [ActionInstance] = []) {
        self.childAge = childAge
        self.situations = situations
        self.activeFocus = activeFocus
        self.acceptedTags = acceptedTags
        self.today = today
        self.timeOfDay = timeOfDay
        self.history = history
    }

    /// Reads a state file.
    /// - Throws: `ElaroError.fileAccess` or `.invalidValue` naming the field.
    public static func load(contentsOf url: URL) throws -> ParentState {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw ElaroError.fileAccess(path: url.path, detail: "cannot read the state file (\(error.localizedDescription))")
        }
        return try decode(data, source: url.lastPathComponent)
    }

    /// Decodes a state from its JSON (`recommend --state`'s file, the C API's argument); `source`
    /// names it in errors.
    /// - Throws: `ElaroError.invalidValue` naming the field.
    public static func decode(_ data: Data, source: String) throws -> ParentState {
        do {
            return try JSONDecoder().decode(ParentState.self, from: data)
        } catch let DecodingError.keyNotFound(key, context) {
            throw ElaroError.invalidValue(field: "\(source): \(Self.path(context.codingPath + [key]))", expected: "a value", found: "nothing")
        } catch let DecodingError.typeMismatch(type, context) {
            throw ElaroError.invalidValue(field: "\(source): \(Self.path(context.codingPath))", expected: "\(type)", found: context.debugDescription)
        } catch let DecodingError.dataCorrupted(context) {
            throw ElaroError.invalidValue(field: "\(source): \(Self.path(context.codingPath))", expected: "a valid value", found: context.debugDescription)
        } catch {
            throw ElaroError.invalidValue(field: source, expected: "a parent state JSON object", found: "\(error)")
        }
    }

    private static func path(_ keys: [CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }

    /// Today's context.
    public var context: DailyContext {
        DailyContext(day: today, timeOfDay: timeOfDay, activeFocus: activeFocus, acceptedTags: acceptedTags,
                     childAge: childAge, situations: situations)
    }

    /// Replays the history in day order into signals and a learner.
    /// - Throws: `ElaroError.invalidValue` naming an instance whose action is not in the library.
    public func replay(library: ActionLibrary) throws -> (signals: SignalsCalculator, learner: ElaroLearner) {
        var signals = SignalsCalculator()
        var learner = try ElaroLearner(library: library)
        let ordered = history.enumerated().sorted { ($0.element.day, $0.offset) < ($1.element.day, $1.offset) }
        for (offset, instance) in ordered {
            guard let template = library.action(withID: instance.actionID) else {
                throw ElaroError.invalidValue(field: "history[\(offset)].actionID", expected: "an id of the action library", found: "\"\(instance.actionID)\"")
            }
            guard [5, 10, 20].contains(instance.variantMinutes) else {
                throw ElaroError.invalidValue(field: "history[\(offset)].variantMinutes", expected: "5, 10 or 20", found: String(instance.variantMinutes))
            }
            let state = ElaroFeatures.State(isWeekend: SignalsCalculator.isWeekend(day: instance.day), frictionIndex: signals.frictionIndex,
                                            noveltyLoad: signals.noveltyLoad(onDay: instance.day), activeFocus: activeFocus)
            try learner.learn(from: instance, template: template, state: state)
            signals.record(instance, template: template)
        }
        return (signals, learner)
    }
}
