import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// POSIX file reading and atomic writing, with errors as `ModelFileError.fileSystem`.
enum _FileIO {
    /// The whole file at `url`, read with one `fstat` and as few `read` calls as the kernel allows.
    static func readAll(_ url: URL) throws -> [UInt8] {
        let path = url.path
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ModelFileError.fileSystem(path: path, operation: "open", errorNumber: errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw ModelFileError.fileSystem(path: path, operation: "fstat", errorNumber: errno) }
        let size = Int(status.st_size)
        var failure: Int32 = 0
        var bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            while initialized < size {
                let count = read(descriptor, buffer.baseAddress! + initialized, size - initialized)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    break
                }
                if count == 0 { break }
                initialized += count
            }
        }
        if failure != 0 { throw ModelFileError.fileSystem(path: path, operation: "read", errorNumber: failure) }
        // The file grew after fstat: read the rest.
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw ModelFileError.fileSystem(path: path, operation: "read", errorNumber: errno)
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }

    /// Writes `bytes` to `url` atomically: a temporary file in the same directory is written,
    /// fsynced and renamed over `url`, then the directory is fsynced. `beforeRename` runs after the
    /// temporary file is complete; if it throws, the temporary file is removed and `url` is untouched.
    static func writeAtomically(_ bytes: [UInt8], to url: URL, beforeRename: () throws -> Void = {}) throws {
        let path = url.path
        let directory = url.deletingLastPathComponent().path
        var generator = SystemRandomNumberGenerator()
        let temporaryPath = directory + "/." + url.lastPathComponent + "." + String(generator.next(), radix: 36) + ".tmp"
        let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw ModelFileError.fileSystem(path: temporaryPath, operation: "create", errorNumber: errno) }
        var renamed = false
        defer { if !renamed { unlink(temporaryPath) } }
        do {
            defer { close(descriptor) }
            var written = 0
            while written < bytes.count {
                let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, bytes.count - written) }
                if count < 0 {
                    if errno == EINTR { continue }
                    throw ModelFileError.fileSystem(path: temporaryPath, operation: "write", errorNumber: errno)
                }
                written += count
            }
            guard fsync(descriptor) == 0 else { throw ModelFileError.fileSystem(path: temporaryPath, operation: "fsync", errorNumber: errno) }
        }
        try beforeRename()
        guard rename(temporaryPath, path) == 0 else { throw ModelFileError.fileSystem(path: path, operation: "rename", errorNumber: errno) }
        renamed = true
        let directoryDescriptor = open(directory, O_RDONLY | O_CLOEXEC)
        if directoryDescriptor >= 0 {
            _ = fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }
}
