#!/usr/bin/env python3
"""Fails when an app's runtime product reaches lab or tool code, or the other app's domain.

`ShifAIRuntime` is what the cycle tracker links (the cycle engine, model files, reasoning, the loop
on the app's database); `ElaroRuntime` is what the parenting-habit coach links (the recommender,
its bandit, its reasons); `OnDeviceMLC` is the C API over both (what Android, Python and the JVM
load), which may reach both apps' modules but no lab or tool module. The transitive target closure of each (from `swift package dump-package`;
`check-package-imports.py` keeps the declared dependencies equal to the `import` lines, so the
closure is what the code imports, file by file) must not contain a lab or tool module: the
generators, importers, evaluation and training from scratch (`CyclesLab`), the learning curve and
replay (`PersonalizationLab`), Elaro's simulator (`ElaroLab`), `Validation`, the lab's charts (`SVGCharts`), the exporters
(`ModelExport`), the tools umbrella and the packages only they need (SwiftProtobuf,
ArgumentParser). Nor may one app's product reach the other app's modules.

A second pass finds lab code that still lives in a runtime module: a type declared at the top
level of an app-domain runtime module (`RUNTIME_DOMAIN`) that lab or tool code names and that no
other file of a runtime module names. Such a type is compiled into every app for the lab's sake;
it belongs in the lab (a generator's config that a dataset manifest stores included: the manifest
keeps it as opaque JSON, which the lab decodes). Names are matched as whole words in code with
comments removed.

Usage: scripts/check-runtime-closure.py [--package-path DIR] [--self-test]
Exit status: 0 clean, 1 a forbidden module in a closure (the path that reaches it is printed) or a
lab type in a runtime module, 2 the manifest could not be read. `--self-test` plants a lab import
in each runtime product, and a type only the lab uses in a runtime module, and checks that each is
caught. Python 3 standard library only; needs `swift` on PATH.
"""
import argparse
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _swift_sources import read_lines  # noqa: E402

LAB_AND_TOOLS = {"CyclesLab", "PersonalizationLab", "ElaroLab", "Validation", "ModelExport", "OnDeviceML", "SVGCharts",
                 "SwiftProtobuf", "ArgumentParser"}
# Each app's runtime product, and what it must not reach besides the lab and the tools.
FORBIDDEN = {
    "ShifAIRuntime": LAB_AND_TOOLS | {"Elaro", "ElaroRuntime", "Bandits"},
    "ElaroRuntime": LAB_AND_TOOLS | {"Cycles", "Personalization", "ShifAIRuntime", "NeuralNet", "BoostedTrees",
                                     "ModelFiles", "GRDB", "Crypto"},
    "OnDeviceMLC": LAB_AND_TOOLS,
}

# The app-domain runtime modules whose types the second pass checks, the modules that count as
# runtime users of a type, and the lab and tool code whose use alone marks a type as lab code.
RUNTIME_DOMAIN = ["Cycles", "Personalization", "ModelFiles", "Explanations", "ExplanationAdapters", "Elaro"]
RUNTIME_MODULES = RUNTIME_DOMAIN + ["TensorCore", "NeuralNet", "BoostedTrees", "Bandits", "ShifAIRuntime", "ElaroRuntime",
                                    "OnDeviceMLC"]
LAB_CODE = ["CyclesLab", "PersonalizationLab", "ElaroLab", "Validation", "ModelExport", "OnDeviceML", "SVGCharts", "odml",
            "../Benchmarks/odml-bench"]
# Runtime types the lab alone names that stay in their runtime module, and why.
KEPT_IN_RUNTIME = {
    "ModelFileInspection": "describes the container's private layout for `odml inspect`; it reads ModelFiles' internals",
}
TOP_LEVEL_TYPE = re.compile(r"^(?:@\w+\s+)*(?:(?:public|package|internal|fileprivate|private|final)\s+)*"
                            r"(?:struct|enum|class|protocol|actor)\s+(\w+)")


def swift_files(package, modules):
    """Each module's Swift files with their code (comments removed), by path."""
    files = {}
    for module in modules:
        for path in sorted((package / "Sources" / module).rglob("*.swift")):
            files[path] = "\n".join(line.code for line in read_lines(path))
    return files


def lab_types_in_runtime(package, planted=None):
    """One line per top-level type of a runtime-domain module that only lab or tool code names.
    `planted` is `(path, code)` of an extra runtime file, for the self-test."""
    runtime, lab = swift_files(package, RUNTIME_MODULES), swift_files(package, LAB_CODE)
    if planted:
        runtime[Path(planted[0])] = planted[1]
    domain = [path for path in runtime
              if any(str(path).startswith(str(package / "Sources" / module) + "/") for module in RUNTIME_DOMAIN)]
    lines = []
    for path in domain:
        for code_line in runtime[path].splitlines():
            match = TOP_LEVEL_TYPE.match(code_line)
            if not match:
                continue
            if match.group(1) in KEPT_IN_RUNTIME:
                continue
            name = re.compile(rf"\b{re.escape(match.group(1))}\b")
            if any(name.search(code) for other, code in runtime.items() if other != path):
                continue
            users = [str(other.relative_to(package)) for other, code in lab.items() if name.search(code)]
            if users:
                lines.append(f"{path.relative_to(package)} declares {match.group(1)}, which only lab or tool code uses "
                             f"({', '.join(users[:3])}): move it to the lab")
    return lines


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


def violations(manifest):
    """One line per forbidden module that a runtime product reaches, with the path that reaches it."""
    targets = {target["name"]: target for target in manifest["targets"]}
    products = {product["name"]: product for product in manifest["products"]}
    lines = []
    for product_name, forbidden in FORBIDDEN.items():
        if product_name not in products:
            lines.append(f"no product named {product_name} in Package.swift")
            continue
        reached = {name: [name] for name in products[product_name]["targets"]}
        queue = list(reached)
        while queue:
            name = queue.pop()
            for dependency in dependency_names(targets.get(name, {})):
                if dependency not in reached:
                    reached[dependency] = reached[name] + [dependency]
                    if dependency in targets:
                        queue.append(dependency)
        for name in sorted(set(reached) & forbidden):
            lines.append(f"{product_name} reaches {name}: {' -> '.join(reached[name])}: move the code the runtime "
                         f"needs out of {name}, or the import out of the runtime module")
        if not set(reached) & forbidden:
            modules = sorted(name for name in reached if name in targets)
            print(f"check-runtime-closure: {product_name} links {len(modules)} modules ({', '.join(modules)}), "
                  f"no lab, tool or other-app module")
    return lines


def self_test(manifest, package_path):
    """Plants a lab module in a ShifAI runtime module and in the C API, each app's module in the other's, and a
    runtime type named only by the lab (`ValidationReport`, which `Validation` names); each must be caught."""
    failures = 0
    plants = (("Cycles", "CyclesLab"), ("Elaro", "Cycles"), ("Personalization", "Elaro"), ("OnDeviceMLC", "Validation"))
    for planted_in, planted in plants:
        planted_manifest = json.loads(json.dumps(manifest))
        for target in planted_manifest["targets"]:
            if target["name"] == planted_in:
                target.setdefault("dependencies", []).append({"byName": [planted, None]})
        caught = [line for line in violations(planted_manifest) if f"reaches {planted}" in line]
        if not caught:
            print(f"check-runtime-closure --self-test: {planted} planted in {planted_in} was not caught", file=sys.stderr)
            failures += 1
    print(f"check-runtime-closure --self-test: {len(plants) - failures} of {len(plants)} planted imports caught")
    package = Path(package_path)
    planted_file = package / "Sources" / "Cycles" / "PlantedLabOnlyType.swift"
    planted_code = "package struct ValidationReport2 {}"
    lab_only = [line for line in lab_types_in_runtime(package, (planted_file, planted_code.replace("2", "")))
                if "declares ValidationReport," in line]
    if not lab_only:
        print("check-runtime-closure --self-test: a runtime type only the lab uses was not caught", file=sys.stderr)
        failures += 1
    else:
        print("check-runtime-closure --self-test: a runtime type only the lab uses was caught")
    return 1 if failures else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--package-path", default=".")
    parser.add_argument("--self-test", action="store_true", help="check that planted lab imports are caught")
    arguments = parser.parse_args()
    try:
        manifest = dump_package(arguments.package_path)
    except (OSError, json.JSONDecodeError) as error:
        print(f"check-runtime-closure: cannot read the manifest: {error}", file=sys.stderr)
        return 2
    if arguments.self_test:
        return self_test(manifest, arguments.package_path)
    failures = violations(manifest) + lab_types_in_runtime(Path(arguments.package_path))
    for line in failures:
        print(line)
    if failures:
        print(f"check-runtime-closure: {len(failures)} forbidden module(s) or lab type(s) in a runtime product")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
