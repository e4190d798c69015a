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
    /// Files at least this large are memory-mapped by `withContents(of:_:)`; smaller ones are read,
    /// which costs less than setting up and tearing down a mapping. Reading a larger file costs
    /// more: its buffer comes from fresh heap pages (the kernel zeroes each on first touch, and
    /// `free` hands them back when the heap's top grows past 128 KiB), while a mapping shares
    /// the page cache's pages. Measured on Linux x86-64: a 100 KB file loads about 30 % faster
    /// mapped, a 30 KB one about 15 % slower.
    static let mappingThreshold = 32 << 10

    /// Calls `body` with the whole file at `url`. Files of `mappingThreshold` bytes or more are
    /// memory-mapped read-only (no copy, and no fresh pages to zero); smaller ones, and any file
    /// that cannot be mapped, are read into memory with one `fstat` and as few `read` calls as the
    /// kernel allows. The bytes are valid only during `body`.
    ///
    /// A mapped file that another process truncates while `body` runs raises SIGBUS, as with any
    /// memory-mapped reader; `ModelFile` itself never truncates a file in place (writes are atomic
    /// renames, and a renamed-over file stays intact while it is mapped).
    static func withContents<Result>(of url: URL, _ body: (UnsafeRawBufferPointer) throws -> Result) throws -> Result {
        let path = url.path
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ModelFileError.fileSystem(path: path, operation: "open", errorNumber: errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw ModelFileError.fileSystem(path: path, operation: "fstat", errorNumber: errno) }
        let size = Int(status.st_size)
        if size >= mappingThreshold, (status.st_mode & S_IFMT) == S_IFREG, let mapping = map(descriptor, size) {
            defer { munmap(mapping, size) }
            return try body(UnsafeRawBufferPointer(start: mapping, count: size))
        }
        return try readAll(descriptor, path: path, size: size).withUnsafeBytes(body)
    }

    /// A read-only private mapping of the first `size` bytes of `descriptor`, or `nil` on failure.
    private static func map(_ descriptor: Int32, _ size: Int) -> UnsafeMutableRawPointer? {
        #if os(Linux)
        let flags = MAP_PRIVATE | MAP_POPULATE
        #else
        let flags = MAP_PRIVATE
        #endif
        guard let mapping = mmap(nil, size, PROT_READ, flags, descriptor, 0), mapping != MAP_FAILED else { return nil }
        return mapping
    }

    /// The whole file behind `descriptor`, `size` bytes by `fstat`, and whatever was appended since.
    private static func readAll(_ descriptor: Int32, path: String, size: Int) throws -> [UInt8] {
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
        guard bytes.count == size else { return bytes }   // the file shrank after fstat
        // The file may have grown after fstat: read the rest (usually one read that returns 0).
        var chunk = [UInt8](repeating: 0, count: 4096)
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
