#!/usr/bin/env python3
"""Fails when the runtime product an app links reaches lab or tool code.

The `OnDeviceMLRuntime` product is what ShifAI and Elaro link: model files, the learners'
inference and on-device fine-tuning, predictions, explanations and reasoning, the app-database
loop. Its transitive target closure (from `swift package dump-package`; `check-package-imports.py`
keeps the declared dependencies equal to the `import` lines, so the closure is what the code
imports) must not contain a lab or tool module: the generators, importers, evaluation and
training-from-scratch (`CyclesLab`), the learning curve and replay (`PersonalizationLab`), Elaro's
simulator (`ElaroLab`), `Validation`, the exporters (`ModelExport`) and the packages only they
need (SwiftProtobuf, ArgumentParser).

Usage: scripts/check-runtime-closure.py [--package-path DIR]
Exit status: 0 clean, 1 a lab module in the closure (the path that reaches it is printed),
2 the manifest could not be read. Python 3 standard library only; needs `swift` on PATH.
"""
import argparse
import json
import subprocess
import sys
import tempfile

RUNTIME_PRODUCT = "OnDeviceMLRuntime"
FORBIDDEN = {"CyclesLab", "PersonalizationLab", "ElaroLab", "Validation", "ModelExport", "OnDeviceML",
             "SwiftProtobuf", "ArgumentParser"}


def dump_package(package_path):
    """The manifest as JSON, read with a scratch directory of its own (a running build holds `.build`'s lock)."""
    with tempfile.TemporaryDirectory(prefix="check-runtime-closure-") as scratch:
        result = subprocess.run(["swift", "package", "--package-path", package_path, "--scratch-path", scratch,
                                 "dump-package"], capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"check-runtime-closure: swift package dump-package failed:\n{result.stderr}")
    return json.loads(result.stdout)


def dependency_names(target):
    """The names of a target's dependencies: targets of this package and products of others."""
    names = []
    for dependency in target.get("dependencies", []):
        for kind in ("byName", "target", "product"):
            if kind in dependency:
                names.append(dependency[kind][0])
    return names


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--package-path", default=".")
    arguments = parser.parse_args()
    try:
        manifest = dump_package(arguments.package_path)
    except (OSError, json.JSONDecodeError) as error:
        print(f"check-runtime-closure: cannot read the manifest: {error}", file=sys.stderr)
        return 2
    targets = {target["name"]: target for target in manifest["targets"]}
    products = [product for product in manifest["products"] if product["name"] == RUNTIME_PRODUCT]
    if not products:
        print(f"check-runtime-closure: no product named {RUNTIME_PRODUCT} in Package.swift", file=sys.stderr)
        return 1
    reached = {name: [name] for name in products[0]["targets"]}
    queue = list(reached)
    while queue:
        name = queue.pop()
        for dependency in dependency_names(targets.get(name, {})):
            if dependency not in reached:
                reached[dependency] = reached[name] + [dependency]
                if dependency in targets:
                    queue.append(dependency)
    failures = sorted(name for name in reached if name in FORBIDDEN)
    for name in failures:
        print(f"{RUNTIME_PRODUCT} reaches {name}: {' -> '.join(reached[name])}: move the code the runtime needs "
              f"out of {name}, or the import out of the runtime module")
    if failures:
        print(f"check-runtime-closure: {len(failures)} lab or tool module(s) in the runtime product")
        return 1
    runtime_modules = sorted(name for name in reached if name in targets)
    print(f"check-runtime-closure: {RUNTIME_PRODUCT} links {len(runtime_modules)} modules "
          f"({', '.join(runtime_modules)}), no lab or tool module")
    return 0


if __name__ == "__main__":
    sys.exit(main())
