import Testing
@testable import odml

@Test func cyclesCommandsAreRegistered() {
    let names = ODML.configuration.subcommands.map { $0.configuration.commandName ?? "" }
    #expect(names.contains("info"))
}
