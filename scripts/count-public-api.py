#!/usr/bin/env python3
"""Counts the public declarations an app sees through `import <Product>`, per runtime product.

An app that imports a product sees the public declarations of the product's modules and of the
modules they re-export (`@_exported import`), transitively. For each product this prints that
number and the modules it comes from, with the product's aim (what an app should have to read),
and fails when it is above the product's ceiling (the count when the ceiling was last lowered: it
may only go down, towards the aim). Cross-module plumbing uses `package` access and is not counted.

A declaration is a line (comments removed) whose modifiers include `public` or `open` and that
declares a type, function, initializer, subscript, property, associated type, type alias or
operator; a public enum's cases each count once more. Python 3 standard library only: it reads
the sources, not a build.

Usage: scripts/count-public-api.py [--package-path DIR] [--json]
Exit status: 0 within every ceiling, 1 a product above its ceiling.
"""
import argparse
import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _swift_sources import read_lines  # noqa: E402

# Each app's runtime product (its umbrella module): the ceiling on what it shows, and the aim.
PRODUCTS = {"ShifAIRuntime": (649, 700), "ElaroRuntime": (274, 300)}

DECLARATION = re.compile(
    r"^\s*(?:@[\w.]+(?:\([^)]*\))?\s+)*(?:(?:public|open|final|static|class|override|mutating|nonmutating|indirect|"
    r"convenience|required|nonisolated|lazy|dynamic|weak|unowned|optional|prefix|postfix|infix|"
    r"private\(set\)|internal\(set\)|fileprivate\(set\)|package\(set\))\s+)*"
    r"(?:struct|enum|class|actor|protocol|extension|func|init[?!]?|subscript|var|let|typealias|associatedtype|case|operator)\b")
PUBLIC = re.compile(r"(?:^|\s)(?:public|open)\s")
EXPORTED = re.compile(r"^\s*@_exported\s+import\s+(\w+)")
ENUM_CASE = re.compile(r"^\s*(?:indirect\s+)?case\s+(.*)$")


def module_sources(package, module):
    """The Swift files of `Sources/<module>`."""
    return sorted((package / "Sources" / module).rglob("*.swift"))


def public_declarations(package, module):
    """The public declarations of `module`: their count, and the re-exported modules."""
    count, exported = 0, []
    for path in module_sources(package, module):
        in_public_enum_depth = []
        depth = 0
        for line in read_lines(path):
            code = line.code
            match = EXPORTED.match(code)
            if match:
                exported.append(match.group(1))
                continue
            if DECLARATION.match(code) and PUBLIC.search(" " + code) and not re.match(r"^\s*(?:public\s+)?extension\b", code):
                count += 1
                if re.search(r"\benum\s", code) and "{" in code:
                    in_public_enum_depth.append(depth + 1)
            elif in_public_enum_depth and depth == in_public_enum_depth[-1]:
                case = ENUM_CASE.match(code)
                if case:
                    # `case a, b(x: Int, y: Int)` declares two cases: commas inside an associated
                    # value's parentheses (or a raw value's string) do not separate cases.
                    names = re.sub(r"\([^()]*\)|\"[^\"]*\"", "", case.group(1))
                    count += len([part for part in names.split(",") if part.strip()])
            depth += code.count("{") - code.count("}")
            while in_public_enum_depth and depth < in_public_enum_depth[-1]:
                in_public_enum_depth.pop()
    return count, exported


def visible_modules(package, product):
    """The product's module and every module it re-exports, transitively, in discovery order."""
    seen, queue = [], [product]
    while queue:
        module = queue.pop(0)
        if module in seen or not (package / "Sources" / module).is_dir():
            continue
        seen.append(module)
        queue.extend(public_declarations(package, module)[1])
    return seen


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--package-path", default=".")
    parser.add_argument("--json", action="store_true", help="one JSON object instead of lines")
    arguments = parser.parse_args()
    package = Path(arguments.package_path)
    report, failed = {}, False
    for product, (ceiling, aim) in PRODUCTS.items():
        modules = visible_modules(package, product)
        counts = {module: public_declarations(package, module)[0] for module in modules}
        total = sum(counts.values())
        report[product] = {"declarations": total, "ceiling": ceiling, "aim": aim, "modules": counts}
        failed |= total > ceiling
    if arguments.json:
        print(json.dumps(report, indent=2, sort_keys=True))
    else:
        for product, entry in report.items():
            modules = ", ".join(f"{name} {count}" for name, count in entry["modules"].items())
            verdict = "within" if entry["declarations"] <= entry["ceiling"] else "ABOVE"
            print(f"count-public-api: import {product} shows {entry['declarations']} public declarations "
                  f"({verdict} the ceiling of {entry['ceiling']}; aim {entry['aim']}): {modules}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
