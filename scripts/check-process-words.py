#!/usr/bin/env python3
"""Fails when a tracked file speaks of how the project was made instead of what it does.

The files describe the product; the history of what was tried lives in `docs/research-log.md`,
with dates. Words that number the work's own steps have no meaning for a reader of the code or
the manual, so any of these, case-insensitive, in any tracked text file (outside `.git`) fails:

  * a numbered step: the word "stop" or "stops", a space, then a number;
  * the phrases "this" + " stop" and "since" + " stop".

Write a date (`2026-11-27`), a version (generator 4, `tabular-v5`) or the product's own words
instead.

Usage: scripts/check-process-words.py [--root DIR] [--self-test]
`--self-test` writes a clean file and one planted file per pattern to a temporary directory and
fails unless each planted one is reported and the clean one is not.
Exit status: 0 no such word; 1 a word found (one line each: file:line, the word, the line).
Python 3 standard library only; reads files, runs nothing but `git ls-files`.
"""
import argparse
import re
import subprocess
import sys
import tempfile
from pathlib import Path

# Built from parts so that this file does not match itself.
STOP = "st" + "op"
PATTERNS = [
    re.compile(r"\b" + STOP + r"s? [0-9]+\b", re.IGNORECASE),
    re.compile(r"\bthis " + STOP + r"\b", re.IGNORECASE),
    re.compile(r"\bsince " + STOP + r"\b", re.IGNORECASE),
]


def tracked_files(root):
    """Tracked files when `root` is a git checkout, else every file under it (outside `.git`)."""
    try:
        listed = subprocess.run(["git", "ls-files", "-z"], cwd=root, stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, check=True).stdout
        return [root / name for name in listed.decode("utf-8").split("\0") if name]
    except (subprocess.CalledProcessError, FileNotFoundError):
        return [path for path in root.rglob("*") if path.is_file() and ".git" not in path.relative_to(root).parts]


def findings(root):
    """(relative path, line number, matched word, line) for each process word under `root`."""
    found = []
    for path in sorted(tracked_files(root)):
        try:
            data = path.read_bytes()
        except OSError:
            continue
        if b"\0" in data[:8192]:
            continue  # binary
        text = data.decode("utf-8", "replace")
        for number, line in enumerate(text.split("\n"), start=1):
            for pattern in PATTERNS:
                match = pattern.search(line)
                if match:
                    found.append((str(path.relative_to(root)), number, match.group(0), line.strip()))
                    break
    return found


def self_test():
    planted = {
        "numbered.md": f"Measured with this build ({STOP.capitalize()} 35: 400 users).\n",
        "plural.swift": f"// No variant of {STOP}s 30–32 gained more than a point.\n",
        "this.md": f"The head, since the second retrain of this {STOP}, tilts the posterior.\n",
        "since.txt": f"and since {STOP} 33 the run is shorter\n",
    }
    clean = ("Non-stop logging all day; a stopwatch of 3 s; the run stops when a gate fails.\n"
             "Measured on 2026-11-27 with generator 4.\n")
    with tempfile.TemporaryDirectory(prefix="process-words-") as directory:
        root = Path(directory)
        (root / "clean.md").write_text(clean, encoding="utf-8")
        for name, text in planted.items():
            (root / name).write_text(text, encoding="utf-8")
        reported = {path for path, _, _, _ in findings(root)}
    missed = sorted(set(planted) - reported)
    wrong = sorted(reported - set(planted))
    for name in missed:
        print(f"self-test: the planted word in {name} was not reported", file=sys.stderr)
    for name in wrong:
        print(f"self-test: {name} was reported but holds no process word", file=sys.stderr)
    if missed or wrong:
        return 1
    print(f"self-test: {len(planted)} planted process words reported, the clean file passes")
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent)
    parser.add_argument("--self-test", action="store_true", help="plant one word per pattern and check each is caught")
    arguments = parser.parse_args()
    if arguments.self_test:
        return self_test()
    found = findings(arguments.root.resolve())
    for path, number, word, line in found:
        print(f"{path}:{number}: \"{word}\" speaks of how the work was made; write a date or the product's words: {line[:160]}")
    if found:
        print(f"{len(found)} process word(s); the history goes in docs/research-log.md, with dates", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
