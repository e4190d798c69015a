import Elaro
import Foundation

/// A simulator's environment as exported for peers (`odml elaro simulate --environment`).
public struct SimulationEnvironment: Sendable, Codable, Equatable {
    /// Root seed of the run.
    public var seed: UInt64
    /// Days per parent.
    public var days: Int
    /// `contentVersion` of the library the parents were drawn for.
    public var contentVersion: Int
    /// The parents (index = `parent` in the log).
    public var parents: [SimulatedParent]

    public init(seed: UInt64, days: Int, contentVersion: Int, parents: [SimulatedParent]) {
        self.seed = seed
        self.days = days
        self.contentVersion = contentVersion
        self.parents = parents
    }

    /// Reads an exported environment.
    /// - Throws: `ElaroError.fileAccess` or `.malformedJSON`.
    public static func load(contentsOf url: URL) throws -> SimulationEnvironment {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw ElaroError.fileAccess(path: url.path, detail: "cannot read the environment (\(error.localizedDescription))")
        }
        do { return try JSONDecoder().decode(SimulationEnvironment.self, from: data) } catch {
            throw ElaroError.malformedJSON(source: url.lastPathComponent, detail: "\(error)")
        }
    }
}
