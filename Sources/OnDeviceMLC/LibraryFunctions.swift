import Foundation
import TensorCore

// The library's own entry points (`odml.h`, "Library").

/// The ABI version of `odml.h` this library implements (`ODML_ABI_VERSION`).
let abiVersion: UInt32 = 1
private let versionText = StaticCString(OnDeviceMLVersion.current)
private let statusNames = Dictionary(uniqueKeysWithValues: CStatus.allCases.map { ($0.rawValue, StaticCString($0.name)) })
private let unknownStatusName = StaticCString("ODML_UNKNOWN")

/// `odml_version`.
@_cdecl("odml_version")
public func odml_version() -> UnsafePointer<CChar>? {
    versionText.pointer
}

/// `odml_abi_version`.
@_cdecl("odml_abi_version")
public func odml_abi_version() -> UInt32 {
    abiVersion
}

/// `odml_last_error`.
@_cdecl("odml_last_error")
public func odml_last_error() -> UnsafePointer<CChar>? {
    LastError.current
}

/// `odml_status_name`.
@_cdecl("odml_status_name")
public func odml_status_name(_ status: Int32) -> UnsafePointer<CChar>? {
    (statusNames[status] ?? unknownStatusName).pointer
}

/// `odml_string_free`.
@_cdecl("odml_string_free")
public func odml_string_free(_ string: UnsafeMutablePointer<CChar>?) {
    free(string)
}
