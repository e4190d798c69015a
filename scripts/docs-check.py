#!/usr/bin/env python3
"""Re-runs every shell block of notebooks-md/*.md and fails when an output changed.

A notebook pairs each ```sh block (commands, run by bash -e) with the ```text block right
under it (what the commands printed on stdout; a command that wants its stderr shown says
`2>&1`). The blocks of one notebook run in order, in one fresh scratch directory where
`Models/` and `Datasets/` link to the repository's and `odml` is first on PATH, so a later
block can read what an earlier one wrote.

Before comparing, both sides are normalised so that timing does not matter:
  * times such as `12.3 µs`, `1,204 µs`, `3 ms`, `0.8 s`, `2.1×` become `<time>`;
  * the scratch directory's path (`/tmp/docs-check-…`) becomes `<scratch>`;
  * runs of spaces collapse to one (tables re-align when a time's width changes);
  * lines matching a notebook's `<!-- docs-check: ignore REGEX -->` comments become `<ignored>`.
The blocks run with OPENBLAS_CORETYPE=Haswell, so that BLAS results do not depend on the CPU.

A notebook marked `<!-- docs-check: needs python-package NAME -->` is skipped (and says so) when
`import NAME` fails in the environment docs-check runs in; `make capi-test` runs it with the
package it installed on PYTHONPATH.

Usage: scripts/docs-check.py --odml PATH [--update] [NOTEBOOK.md ...]
  --update rewrites the text blocks with the new outputs (then review the diff).
Exit status: 0 all outputs match, 1 an output changed or a block failed, 2 usage error.
Python 3 standard library only.
"""
import argparse
import difflib
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FENCE = re.compile(r"^```(\w*)\s*$")
IGNORE = re.compile(r"<!--\s*docs-check:\s*ignore\s+(.+?)\s*-->")
NEEDS_PACKAGE = re.compile(r"<!--\s*docs-check:\s*needs python-package\s+(\w+)\s*-->")
SCRATCH = re.compile(r"/\S*?/docs-check-[A-Za-z0-9_]+")
TIME = re.compile(r"\d[\d,]*(?:\.\d+)?\s?(?:µs|us|ms|s|×)(?![\w])")
BLOCK_TIMEOUT_SECONDS = 300


def parse(text):
    """Returns (lines, blocks): blocks are dicts with kind, start, end (line indices of the fences)."""
    lines = text.split("\n")
    blocks, index = [], 0
    while index < len(lines):
        match = FENCE.match(lines[index])
        if match and match.group(1):
            end = index + 1
            while end < len(lines) and lines[end].rstrip() != "```":
                end += 1
            blocks.append({"kind": match.group(1), "start": index, "end": end})
            index = end + 1
        else:
            index += 1
    return lines, blocks


def normalise(output, ignores):
    result = []
    for line in output.rstrip("\n").split("\n"):
        if any(pattern.search(line) for pattern in ignores):
            result.append("<ignored>")
            continue
        line = TIME.sub("<time>", SCRATCH.sub("<scratch>", line))
        result.append(re.sub(r" {2,}", " ", line).rstrip())
    return result


def run_block(commands, directory, environment):
    try:
        completed = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", commands], cwd=directory, env=environment,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=BLOCK_TIMEOUT_SECONDS)
    except subprocess.TimeoutExpired:
        return -1, "", f"timed out after {BLOCK_TIMEOUT_SECONDS} s"
    return completed.returncode, completed.stdout.decode("utf-8", "replace"), completed.stderr.decode("utf-8", "replace")


def check(notebook, odml, update):
    text = notebook.read_text(encoding="utf-8")
    lines, blocks = parse(text)
    ignores = [re.compile(pattern) for pattern in IGNORE.findall(text)]
    scratch = Path(tempfile.mkdtemp(prefix="docs-check-"))
    for name in ("Models", "Datasets"):
        if (ROOT / name).exists():
            (scratch / name).symlink_to(ROOT / name)
    binaries = scratch / ".bin"
    binaries.mkdir()
    (binaries / "odml").symlink_to(Path(odml).resolve())
    # OpenBLAS picks its kernels by CPU (Haswell, Zen, SkylakeX, ...), and their rounding differs
    # in the last bits, which a bandit simulation amplifies; one core type makes the outputs the
    # same on every x86-64 machine with AVX2.
    environment = dict(os.environ, PATH=f"{binaries}{os.pathsep}{os.environ.get('PATH', '')}", COLUMNS="100", LC_ALL="C.UTF-8",
                       OPENBLAS_CORETYPE="Haswell")
    failures, replacements = 0, []
    try:
        for position, block in enumerate(blocks):
            if block["kind"] != "sh":
                continue
            commands = "\n".join(lines[block["start"] + 1:block["end"]])
            following = blocks[position + 1] if position + 1 < len(blocks) else None
            status, output, errors = run_block(commands, scratch, environment)
            where = f"{notebook.relative_to(ROOT)}:{block['start'] + 1}"
            expected_status = 0
            status_note = re.search(r"#\s*exit status (\d+)", commands)
            if status_note:
                expected_status = int(status_note.group(1))
            if status != expected_status:
                print(f"{where}: block exited {status}, expected {expected_status}:\n{errors.strip()[-2000:]}", file=sys.stderr)
                failures += 1
                continue
            if following is None or following["kind"] != "text" or following["start"] > block["end"] + 2:
                print(f"{where}: no ```text block right after the ```sh block", file=sys.stderr)
                failures += 1
                continue
            recorded = "\n".join(lines[following["start"] + 1:following["end"]])
            if update:
                replacements.append((following["start"] + 1, following["end"], output.rstrip("\n").split("\n")))
                continue
            want, got = normalise(recorded, ignores), normalise(output, ignores)
            if want != got:
                failures += 1
                diff = "\n".join(difflib.unified_diff(want, got, "recorded", "now", lineterm="", n=1))
                print(f"{where}: output changed\n{diff}", file=sys.stderr)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    if update and replacements:
        for start, end, new in reversed(replacements):
            lines[start:end] = new
        notebook.write_text("\n".join(lines), encoding="utf-8")
    return failures


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--odml", required=True, help="the odml binary the notebooks run")
    parser.add_argument("--update", action="store_true", help="rewrite the text blocks with the new outputs")
    parser.add_argument("notebooks", nargs="*", help="notebooks to check (default: notebooks-md/*.md)")
    arguments = parser.parse_args()
    if not os.access(arguments.odml, os.X_OK):
        print(f"{arguments.odml}: not an executable; build it first", file=sys.stderr)
        return 2
    notebooks = [Path(path).resolve() for path in arguments.notebooks] or sorted((ROOT / "notebooks-md").glob("*.md"))
    failures = 0
    for notebook in notebooks:
        needed = NEEDS_PACKAGE.findall(notebook.read_text(encoding="utf-8"))
        missing = [name for name in needed
                   if subprocess.run([sys.executable, "-c", f"import {name}"], capture_output=True).returncode != 0]
        if missing:
            print(f"{notebook.relative_to(ROOT)}: skipped (needs the Python package {', '.join(missing)}; make capi-test runs it)")
            continue
        count = check(notebook, arguments.odml, arguments.update)
        print(f"{notebook.relative_to(ROOT)}: {'updated' if arguments.update else ('ok' if count == 0 else f'{count} block(s) changed')}")
        failures += count
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
