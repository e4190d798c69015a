#!/usr/bin/env python3
"""Fails when Package.swift's target dependencies and the targets' `import` lines disagree.

For every Swift target (library, executable, test) of `swift package dump-package`:
  * each module it imports must be a dependency it declares (a target of this package or a
    product of a package dependency), unless the module comes with the toolchain or the OS
    (`SYSTEM_MODULES`): a module reached only through another dependency is an undeclared one;
  * each dependency it declares must be imported by at least one of its Swift files;
  * a dependency declared for some platforms only (`.when(platforms:)`) that leaves out every Apple
    platform (e.g. `CBLAS`, Linux only) must be imported only under a condition that rules Apple out
    (`#if os(Linux)`, `#elseif os(Linux)` after `#if canImport(Accelerate)`, ...).
C targets and system-library targets are skipped (they import headers, not modules).

Usage: scripts/check-package-imports.py [--package-path DIR]
Exit status: 0 they agree, 1 a mismatch (one line each: target, module, file:line, what to do),
2 the manifest could not be read. Needs `swift` on PATH; Python 3 standard library only.
"""
import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _swift_sources import excludes_apple, imports, swift_files  # noqa: E402

# Modules that come with the Swift toolchain or the OS SDK and need no declaration.
SYSTEM_MODULES = {
    "Swift", "_Concurrency", "_StringProcessing", "Synchronization", "RegexBuilder", "Observation", "Distributed",
    "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking", "FoundationXML",
    "CoreFoundation", "Dispatch", "Glibc", "Musl", "Bionic", "Android", "WASILibc", "WinSDK", "ucrt", "CRT",
    "Darwin", "ObjectiveC", "os", "Accelerate", "CoreML", "Testing", "XCTest",
}
APPLE_PLATFORMS = {"macos", "ios", "tvos", "watchos", "visionos", "maccatalyst", "driverkit"}


def dump_package(package_path):
    """The manifest as JSON, read with a scratch directory of its own (a running build holds `.build`'s lock)."""
    with tempfile.TemporaryDirectory(prefix="check-package-imports-") as scratch:
        result = subprocess.run(["swift", "package", "--package-path", str(package_path), "--scratch-path", scratch,
                                 "dump-package"], capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"check-package-imports: swift package dump-package failed:\n{result.stderr}")
    return json.loads(result.stdout)


def declared(target):
    """`{module: platforms or None}` for the dependencies of a dump-package target."""
    modules = {}
    for dependency in target["dependencies"]:
        (kind, fields), = dependency.items()
        condition = fields[-1] if kind in ("byName", "target") else fields[3]
        platforms = set(condition["platformNames"]) if condition and condition.get("platformNames") else None
        modules[fields[0]] = platforms
    return modules


def source_directory(package_path, target):
    if target.get("path"):
        return package_path / target["path"]
    return package_path / ("Tests" if target["type"] == "test" else "Sources") / target["name"]


def check(package_path):
    manifest = dump_package(package_path)
    problems = []
    for target in manifest["targets"]:
        if target["type"] not in ("regular", "executable", "test"):
            continue
        directory = source_directory(package_path, target)
        files = swift_files(directory, target.get("exclude") or ())
        if not files:
            continue   # a C target
        dependencies = declared(target)
        sites = {}   # module -> ["file:line", ...]
        for path in files:
            relative = path.relative_to(package_path)
            for line, module in imports(path):
                sites.setdefault(module, []).append(f"{relative}:{line.number}")
                platforms = dependencies.get(module)
                if platforms is not None and not platforms & APPLE_PLATFORMS and not excludes_apple(line.branches):
                    problems.append(f"{target['name']}: {relative}:{line.number} imports {module}, declared for "
                                    f"{', '.join(sorted(platforms))} only, outside a condition that rules Apple "
                                    f"out: wrap it in `#if os(Linux)` (or `#elseif os(Linux)` after "
                                    f"`#if canImport(Accelerate)`)")
        for module, where in sorted(sites.items()):
            if module == target["name"] or module in SYSTEM_MODULES or module in dependencies:
                continue
            more = f" (and {len(where) - 1} more)" if len(where) > 1 else ""
            problems.append(f"{target['name']}: {where[0]}{more} imports {module}, which Package.swift does not "
                            f"declare for this target: add \"{module}\" to its dependencies")
        for module in sorted(set(dependencies) - set(sites)):
            problems.append(f"{target['name']}: Package.swift declares {module}, which no file of "
                            f"{directory.relative_to(package_path)} imports: remove it from the target's dependencies")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--package-path", type=Path, default=Path(__file__).resolve().parent.parent)
    arguments = parser.parse_args()
    problems = check(arguments.package_path.resolve())
    for problem in problems:
        print(problem)
    if problems:
        print(f"check-package-imports: {len(problems)} mismatch(es) between Package.swift and the imports")
        return 1
    print("check-package-imports: Package.swift dependencies match the imports of every Swift target")
    return 0


if __name__ == "__main__":
    sys.exit(main())
