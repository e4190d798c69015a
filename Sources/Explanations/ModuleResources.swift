import Foundation

/// Where a module finds its resource files (phrase books, templates, schemas).
///
/// On Linux and Android a module's bundle (`<package>_<module>.resources`) is looked for first in
/// the folder the environment variable `ODML_RESOURCES` names (an Android app copies the bundles
/// out of its APK and sets it), then beside the binary that holds the calling code — the
/// executable, or the shared library a module is linked into (`libOnDeviceMLC.so`): a folder that
/// ships the library with its `.resources` folders can move anywhere — and then where
/// `Bundle.module` looks (beside the executable, then the build folder). On Apple platforms it
/// is `Bundle.module`.
package enum ModuleResources {
    /// The environment variable naming a folder of resource bundles, searched first.
    package static let environmentVariable = "ODML_RESOURCES"

    /// The URL of `name.ext` in `subdirectory` of the bundle `bundleName` (`OnDeviceML_Cycles`),
    /// `nil` when neither place has it. `fallback` gives the module's `Bundle.module`; it is not
    /// called when the bundle beside the binary has the file (`Bundle.module` stops the process
    /// when it finds no bundle at all).
    package static func url(forResource name: String, withExtension ext: String, subdirectory: String, bundleName: String,
                           caller: UnsafeRawPointer = #dsohandle, fallback: () -> Bundle) -> URL? {
        #if os(Linux) || os(Android)
        let named = ProcessInfo.processInfo.environment[environmentVariable].map { URL(fileURLWithPath: $0) }
        for directory in [named, imageDirectory(containing: caller)].compactMap({ $0 }) {
            let url = directory.appendingPathComponent("\(bundleName).resources")
                .appendingPathComponent(subdirectory).appendingPathComponent("\(name).\(ext)")
            if FileManager.default.fileExists(atPath: url.path) { return url }
        }
        #endif
        return fallback().url(forResource: name, withExtension: ext, subdirectory: subdirectory)
    }

    #if os(Linux) || os(Android)
    /// The folder of the executable or shared library mapped at `address` (from the process's
    /// memory map), `nil` when the map names no file there.
    private static func imageDirectory(containing address: UnsafeRawPointer) -> URL? {
        guard let maps = processMemoryMap() else { return nil }
        let target = UInt(bitPattern: address)
        for line in maps.split(separator: "\n") {
            // start-end perms offset device inode path
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count == 6, let dash = fields[0].firstIndex(of: "-"),
                  let start = UInt(fields[0][..<dash], radix: 16), let end = UInt(fields[0][fields[0].index(after: dash)...], radix: 16),
                  start <= target, target < end else { continue }
            let path = fields[5].trimmingCharacters(in: .whitespaces)
            return path.hasPrefix("/") ? URL(fileURLWithPath: path).deletingLastPathComponent() : nil
        }
        return nil
    }

    /// The text of `/proc/self/maps`, read to its end: the kernel hands it out a page at a time,
    /// so one short read is not its end (a reader that stops there misses the later mappings).
    private static func processMemoryMap() -> String? {
        let descriptor = open("/proc/self/maps", O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var text: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            text.append(contentsOf: chunk[0..<count])
        }
        return String(decoding: text, as: UTF8.self)
    }
    #endif
}
