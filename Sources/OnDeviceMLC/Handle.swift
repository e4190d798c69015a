/// The object behind an opaque handle of `odml.h` (`odml_model *`, `odml_history *`,
/// `odml_database *`): retained when handed out, released by the handle's `*_free`. Each entry
/// point checks the handle's class, so that a handle of another kind is an invalid argument.
class Handle: @unchecked Sendable {
    /// Hands a new reference to C.
    func retained() -> OpaquePointer {
        OpaquePointer(Unmanaged.passRetained(self).toOpaque())
    }

    /// The object behind `pointer`, of the expected subclass.
    /// - Throws: `CFailure` (invalid argument) for NULL or a handle of another kind.
    static func object<Object: Handle>(_ pointer: OpaquePointer?, as type: Object.Type, _ name: String) throws -> Object {
        guard let pointer else { throw CFailure(.invalidArgument, "\(name): NULL, expected an \(name) handle") }
        guard let object = Unmanaged<Handle>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue() as? Object else {
            throw CFailure(.invalidArgument, "\(name): a handle of another kind")
        }
        return object
    }

    /// Releases the reference `retained()` handed out (NULL does nothing).
    static func release(_ pointer: OpaquePointer?) {
        guard let pointer else { return }
        Unmanaged<Handle>.fromOpaque(UnsafeRawPointer(pointer)).release()
    }
}
