#!/usr/bin/env python3
"""Checks the C API's shipped library (scripts/capi-dist.sh's folder): what it exports, what it
needs, and that it runs from wherever it is copied.

  * exports: the dynamic symbols it defines are exactly the functions `odml.h` declares;
  * dependencies: `ldd` names nothing inside the Swift toolchain's folder (the Swift runtime and
    Foundation are linked in, `-static-stdlib`), and no RUNPATH points into it;
  * relocation: the folder copied elsewhere still loads, forecasts and recommends, reading its
    phrase books and Elaro's action library from beside the library (a marker written into the
    copy's phrase book and into its action titles shows up in the sentences);
  * size: the stripped library's size, printed.

Usage: scripts/check-capi-library.py --dist DIST [--toolchain DIR]
Exit status: 0 every check passed, 1 a check failed (each failure on one line). Python 3 standard
library only; needs cc, nm, ldd and readelf.
"""
import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

DECLARATION = re.compile(r"^(?:const char \*|odml_status |void |uint32_t )\s*\**(odml_\w+)\(", re.M)


def declared_functions(header):
    return sorted(set(DECLARATION.findall(header.read_text(encoding="utf-8"))))


def exported_functions(library):
    output = subprocess.run(["nm", "-D", "--defined-only", str(library)], capture_output=True, text=True, check=True).stdout
    return sorted(fields[2] for fields in (line.split() for line in output.splitlines()) if len(fields) == 3 and fields[1].isupper())


def toolchain_folder(explicit):
    if explicit:
        return Path(explicit).resolve()
    swift = shutil.which("swift")
    return Path(swift).resolve().parent.parent if swift else None


def relocated_forecast(dist):
    """Copies DIST, marks the copy's English headline and Elaro action titles, forecasts and
    recommends through the copy; the forecast's sentence and the first pick's, one a line."""
    with tempfile.TemporaryDirectory(prefix="capi-relocated-") as scratch:
        copy = Path(scratch) / "moved"
        shutil.copytree(dist, copy)
        phrases = copy / "lib" / "OnDeviceML_Cycles.resources" / "Phrases" / "phrases.json"
        text = phrases.read_text(encoding="utf-8")
        marked = text.replace("Period expected", "Period (relocated) expected", 1)
        if marked == text:
            return None, "the Cycles phrase book has no \"Period expected\" headline to mark"
        phrases.write_text(marked, encoding="utf-8")
        actions = copy / "lib" / "OnDeviceML_Elaro.resources" / "Content" / "actions.json"
        if not actions.is_file():
            return None, f"{actions.relative_to(copy)} missing from the folder"
        library = json.loads(actions.read_text(encoding="utf-8"))
        for action in library["actions"]:
            action["title"]["en"] = "(relocated) " + action["title"]["en"]
        actions.write_text(json.dumps(library, ensure_ascii=False), encoding="utf-8")
        state = (Path(__file__).resolve().parents[1] / "Datasets/elaro/example-state.json").read_text(encoding="utf-8")
        script = f"""
import ctypes, json, sys
lib = ctypes.CDLL({str(copy / 'lib' / 'libOnDeviceMLC.so')!r})
lib.odml_last_error.restype = ctypes.c_char_p
model, history, out = ctypes.c_void_p(), ctypes.c_void_p(), ctypes.c_char_p()
document = {{"profile": {{"id": "moved", "created_at": "2024-01-01"}},
            "days": [{{"date": d, "flow_intensity": 3}} for d in ("2024-01-03", "2024-01-04", "2024-01-31", "2024-02-01")]}}
assert lib.odml_model_load(b"rules", None, ctypes.byref(model)) == 0, lib.odml_last_error()
assert lib.odml_history_from_json(json.dumps(document).encode(), ctypes.byref(history)) == 0, lib.odml_last_error()
assert lib.odml_predict(model, history, b"2024-02-10", b"en", ctypes.byref(out)) == 0, lib.odml_last_error()
print(json.loads(out.value)["reasoning"]["text"])
assert lib.odml_elaro_recommend({state.encode()!r}, None, b"en", 1, ctypes.byref(out)) == 0, lib.odml_last_error()
print(json.loads(out.value)["picks"][0]["whySummary"])
"""
        completed = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
        if completed.returncode != 0:
            return None, f"the moved copy failed: {completed.stderr.strip()[-500:]}"
        ldd = subprocess.run(["ldd", str(copy / "lib" / "libOnDeviceMLC.so")], capture_output=True, text=True).stdout
        return (completed.stdout.strip(), ldd), None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--dist", type=Path, required=True)
    parser.add_argument("--toolchain", help="the Swift toolchain's folder (default: two levels above `swift`)")
    arguments = parser.parse_args()
    library, header = arguments.dist / "lib" / "libOnDeviceMLC.so", arguments.dist / "include" / "odml.h"
    failures = []
    declared, exported = declared_functions(header), exported_functions(library)
    if declared != exported:
        failures.append(f"exports: not in odml.h: {sorted(set(exported) - set(declared))}; "
                        f"declared, not exported: {sorted(set(declared) - set(exported))}")
    else:
        print(f"check-capi-library: exports the {len(declared)} functions of odml.h and nothing else")
    toolchain = toolchain_folder(arguments.toolchain)
    ldd = subprocess.run(["ldd", str(library)], capture_output=True, text=True).stdout
    needed = [line.split()[0] for line in ldd.splitlines() if line.strip()]
    dynamic = subprocess.run(["readelf", "-d", str(library)], capture_output=True, text=True).stdout
    runpath = re.findall(r"\((?:RUNPATH|RPATH)\).*\[(.*)\]", dynamic)
    inside = [line.strip() for line in ldd.splitlines() if toolchain and str(toolchain) in line]
    if inside or any(toolchain and str(toolchain) in path for path in runpath):
        failures.append(f"dependencies inside the toolchain {toolchain}: {inside} RUNPATH {runpath}")
    else:
        print(f"check-capi-library: needs {', '.join(needed)}; nothing from {toolchain} (RUNPATH {runpath or 'none'})")
    result, problem = relocated_forecast(arguments.dist)
    if problem:
        failures.append(f"relocation: {problem}")
    elif len(result[0].splitlines()) != 2 or not all("(relocated)" in line for line in result[0].splitlines()):
        failures.append(f"relocation: the moved copy did not read its own phrase book and action library: {result[0]!r}")
    else:
        print(f"check-capi-library: a moved copy forecasts and recommends with its own resources: {result[0]!r}")
    with tempfile.TemporaryDirectory() as scratch:
        stripped = Path(scratch) / "stripped.so"
        subprocess.run(["strip", "--strip-unneeded", "-o", str(stripped), str(library)], check=True)
        size = stripped.stat().st_size
    print(f"check-capi-library: stripped size {size / 1e6:.1f} MB ({size} bytes)")
    for failure in failures:
        print(f"check-capi-library: {failure}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
