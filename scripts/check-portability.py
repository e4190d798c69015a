#!/usr/bin/env python3
"""Fails when Swift code that an Apple build compiles uses a Linux-only API.

Scans the Swift files of Sources/ and Benchmarks/ (what the package builds for an app or a Mac;
tests are not scanned yet). A line is fine when a condition around it rules Apple out
(`#if os(Linux)`, `#if canImport(Glibc)`, an `#else` after `#if canImport(Darwin)`, ...: see
scripts/_swift_sources.py); otherwise each pattern of `LINUX_ONLY` it matches is reported with the
file, the line, the pattern's reason and what to do. Comments are ignored, string literals are not
(a `/proc` path is Linux-only wherever it is written).

Usage: scripts/check-portability.py [--root DIR] [PATH ...]   (default: Sources Benchmarks)
Exit status: 0 clean, 1 a Linux-only use outside a Linux condition. Python 3 standard library only.
"""
import argparse
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _swift_sources import excludes_apple, read_lines, swift_files  # noqa: E402

# (pattern, why it is Linux-only)
LINUX_ONLY = [
    (r"^\s*(?:@\w+\s+)*(?:\w+\s+)?import\s+(Glibc|Musl|CBLAS)\b", "a module that exists only on Linux"),
    (r"\bGlibc\.", "a Glibc-qualified name"),
    (r"/proc/|/sys/(?:fs|kernel|devices|class)/", "a Linux pseudo-file system path"),
    (r"\b(openblas_\w+|LAPACKE_\w+|LAPACK_ROW_MAJOR)\b", "OpenBLAS/LAPACKE (Accelerate on Apple platforms)"),
    (r"\bsysconf\s*\(", "sysconf (its _SC_ constants are typed and numbered differently on Darwin)"),
    (r"\b(getauxval|mallinfo2?|malloc_usable_size|malloc_trim|sched_getaffinity|sched_setaffinity|"
     r"pthread_setaffinity_np|epoll_\w+|inotify_\w+|eventfd|timerfd_\w+|signalfd|memfd_create|prctl|"
     r"fallocate|sendfile|splice|gettid)\s*\(", "a Linux-only libc function"),
    (r"\b(MAP_POPULATE|MAP_ANONYMOUS|O_DIRECT|O_TMPFILE|MADV_HUGEPAGE|CLOCK_BOOTTIME|SOCK_NONBLOCK)\b",
     "a Linux-only flag"),
    (r"\b(RUSAGE_\w+|CLOCK_\w+|_SC_\w+)\.rawValue\b", "a Glibc C enum's rawValue (a plain Int32 on Darwin)"),
]
PATTERNS = [(re.compile(pattern), reason) for pattern, reason in LINUX_ONLY]


def check(paths, root):
    problems = []
    for directory in paths:
        for path in swift_files(directory):
            for line in read_lines(path):
                if excludes_apple(line.branches):
                    continue
                for pattern, reason in PATTERNS:
                    match = pattern.search(line.code)
                    if match:
                        problems.append(f"{path.relative_to(root)}:{line.number}: `{match.group(0).strip()}` is "
                                        f"{reason}: put it under `#if os(Linux)` with an Apple branch beside it")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent)
    parser.add_argument("paths", nargs="*", help="directories to scan, relative to --root")
    arguments = parser.parse_args()
    root = arguments.root.resolve()
    paths = [root / path for path in (arguments.paths or ["Sources", "Benchmarks"])]
    problems = check(paths, root)
    for problem in problems:
        print(problem)
    if problems:
        print(f"check-portability: {len(problems)} Linux-only use(s) an Apple build would compile")
        return 1
    print("check-portability: no Linux-only API outside a Linux condition in " +
          ", ".join(str(path.relative_to(root)) for path in paths))
    return 0


if __name__ == "__main__":
    sys.exit(main())
