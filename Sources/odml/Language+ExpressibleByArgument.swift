import ArgumentParser
import OnDeviceML

/// `--lang` reads a language with the one parsing rule (`Language(identifier:)`): `fr`, `fr-FR`,
/// `en`, `en-US`, …; anything else is a usage error naming the choices.
extension Language: ExpressibleByArgument {
    public init?(argument: String) { try? self.init(identifier: argument) }

    public static var allValueStrings: [String] { allCases.map(\.rawValue) }

    public var defaultValueDescription: String { rawValue }
}
