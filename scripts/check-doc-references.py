#!/usr/bin/env python3
"""Fails when the manual names a repository path, a link target or a `Type.member` that does not exist.

The pages checked are README.md, docs/**/*.md, Models/**/*.md and Datasets/*.md. Outside fenced
code blocks (whose commands `scripts/docs-check.py` runs for the walkthroughs), it reads:

  * every inline code span's words that start with a top-level folder of the repository
    (`Sources/Cycles/Rules/AlertPolicy.swift`, `Datasets/ideal-observer/`, `notebooks-md/03-*.md`):
    the path must exist; `<placeholder>`, `*`, `…` and `...` match any name;
  * every Markdown link to a local file (`[guide](docs/results.md#figures)`), resolved from the
    page's own folder;
  * every inline code span that is a dotted Swift reference (`CycleEvaluator.isHit`,
    `Cycles.ModelKindRegistry`, `Quantile.interpolated(masses:)`): each step must be declared in
    the step before it — a member (func, var, let, case, init, nested type) inside the type's body
    or one of its extensions, or a type inside the module (a folder of `Sources/`). A reference
    whose first name is neither a type of the repository nor a module is left alone (the standard
    library's and Foundation's types).

It also keeps the manual short: README.md at most 200 lines (the front door), and no page under
`docs/` over 3,000 words.

Usage: scripts/check-doc-references.py [--root DIR] [--self-test]
`--self-test` copies the checked pages and `Sources/` to a temporary directory, plants a stale
path, a stale link, a stale member, a stale module type and an over-long page there, and fails
unless each is reported (and the clean copy passes).
Exit status: 0 every reference resolves; 1 a stale reference (one line each: page:line, what,
why). Python 3 standard library only; reads files, runs nothing.
"""
import argparse
import fnmatch
import re
import shutil
import sys
import tempfile
from pathlib import Path

TOP_LEVEL = ("Sources", "Tests", "Benchmarks", "Datasets", "Models", "Examples", "bindings", "docs", "scripts",
             "notebooks-md", ".ci")
FILE_EXTENSIONS = {"md", "swift", "json", "csv", "py", "sh", "sql", "odml", "txt", "html", "png", "svg",
                   "tflite", "onnx", "mlmodel", "yml", "yaml", "h", "c", "docc", "jsonl", "sqlite"}
FENCE = re.compile(r"^\s*(```|~~~)")
SPAN = re.compile(r"(?<!`)`([^`\n]+)`(?!`)")
LINK = re.compile(r"\]\(([^)\s]+)\)")
DOTTED = re.compile(r"^([A-Z_][A-Za-z0-9_]*)((?:\.[A-Za-z_][A-Za-z0-9_]*)+)(\([^()]*\))?$")
PLACEHOLDER = re.compile(r"<[^<>/]*>|\.\.\.|…|\{[^{}/]*\}")
TYPE_KEYWORDS = ("struct", "class", "enum", "protocol", "actor", "extension")
TYPE_DECLARATION = re.compile(r"\b(struct|class|enum|protocol|actor|extension)\s+([A-Za-z_][A-Za-z0-9_.]*)")
MEMBER_DECLARATION = re.compile(
    r"\b(func|var|let|init|subscript|typealias|associatedtype|struct|class|enum|protocol|actor)\b[\s?!]*([A-Za-z_][A-Za-z0-9_]*|`[^`]+`)?")
CASE_DECLARATION = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:indirect\s+)?case\s+(.+)$")
KEYWORDS = {"func", "var", "let", "where", "some", "any", "static", "final", "class", "inout"}


def pages(root):
    found = [root / "README.md"] if (root / "README.md").exists() else []
    for folder, pattern in (("docs", "**/*.md"), ("Models", "**/*.md"), ("Datasets", "*.md")):
        if (root / folder).is_dir():
            found += sorted((root / folder).glob(pattern))
    return found


def _strip_code(line, state):
    """The line without comments and string literals; `state` carries open block comments and
    multi-line strings across lines."""
    result, index = [], 0
    while index < len(line):
        if state["block_comment"]:
            end = line.find("*/", index)
            if end < 0:
                return "".join(result)
            state["block_comment"] -= 1
            index = end + 2
            continue
        if state["multiline_string"]:
            end = line.find('"""', index)
            if end < 0:
                return "".join(result)
            state["multiline_string"] = False
            index = end + 3
            continue
        if line.startswith("//", index):
            break
        if line.startswith("/*", index):
            state["block_comment"] += 1
            index += 2
            continue
        if line.startswith('"""', index):
            state["multiline_string"] = True
            index += 3
            continue
        if line[index] == '"':
            index += 1
            while index < len(line) and line[index] != '"':
                index += 2 if line[index] == "\\" else 1
            index += 1
            result.append('""')
            continue
        result.append(line[index])
        index += 1
    return "".join(result)


def _case_names(text):
    names, depth, current = [], 0, []
    for character in text:
        if character in "([":
            depth += 1
        elif character in ")]":
            depth -= 1
        if character in ",:{" and depth == 0:
            names.append("".join(current))
            current = []
            if character != ",":
                break
            continue
        current.append(character)
    else:
        names.append("".join(current))
    return [match.group(0) for match in (re.match(r"\s*`?([A-Za-z_]\w*)", name) for name in names) if match]


def swift_index(root):
    """(members, types): members maps a type name to the names declared directly in its body or
    its extensions' bodies; types maps a type name to the files declaring it."""
    members, types = {}, {}
    for folder in ("Sources", "Tests", "Benchmarks", "Examples"):
        for path in sorted((root / folder).rglob("*.swift")) if (root / folder).is_dir() else []:
            if ".build" in path.parts:
                continue
            state = {"block_comment": 0, "multiline_string": False}
            # Frames: the type path of a type body, or None for any other body (functions, closures).
            frames, pending = [[]], None
            for raw in path.read_text(encoding="utf-8", errors="replace").split("\n"):
                line = _strip_code(raw, state)
                in_type_body = frames[-1] is not None
                if in_type_body:
                    case = CASE_DECLARATION.match(line)
                    if case and frames[-1]:
                        for name in _case_names(case.group(1)):
                            members.setdefault(frames[-1][-1], set()).add(name.strip("`"))
                    for match in MEMBER_DECLARATION.finditer(line):
                        keyword, name = match.group(1), match.group(2)
                        name = "init" if keyword == "init" else (name or "").strip("`")
                        if keyword == "class" and name in KEYWORDS:
                            continue
                        if name and frames[-1]:
                            members.setdefault(frames[-1][-1], set()).add(name)
                    declaration = TYPE_DECLARATION.search(line)
                    if declaration and declaration.group(2) not in KEYWORDS:
                        dotted = declaration.group(2).split(".")
                        path_of_type = dotted if declaration.group(1) == "extension" else frames[-1] + dotted
                        pending = path_of_type
                        types.setdefault(dotted[-1], set()).add(path)
                        if declaration.group(1) != "extension" and frames[-1]:
                            members.setdefault(frames[-1][-1], set()).add(dotted[-1])
                for character in line:
                    if character == "{":
                        frames.append(pending if pending is not None else None)
                        pending = None
                    elif character == "}" and len(frames) > 1:
                        frames.pop()
                if pending is not None and line.rstrip().endswith(";"):
                    pending = None
    return members, types


def ignored_patterns(root):
    """The repository's .gitignore patterns: outputs a page may name (`Benchmarks/results/latest.json`)."""
    gitignore = root / ".gitignore"
    if not gitignore.exists():
        return []
    lines = [line.strip() for line in gitignore.read_text(encoding="utf-8").split("\n")]
    return [line.lstrip("/") for line in lines if line and not line.startswith(("#", "!"))]


def _is_output(word, ignored):
    return any(fnmatch.fnmatch(word, pattern) or fnmatch.fnmatch(word, pattern.rstrip("/") + "/*")
               or word.startswith(pattern) for pattern in ignored if "/" in pattern.rstrip("/") or pattern.endswith("/"))


def _path_exists(root, base, text):
    text = text.rstrip(".,;:)")
    text = re.sub(r":\d+(?:-\d+)?$", "", text)
    if PLACEHOLDER.search(text) or "*" in text or "?" in text:
        pattern = PLACEHOLDER.sub("*", text).rstrip("/")
        parent = Path(pattern).parent
        if any(character in str(parent) for character in "*?"):
            return any(fnmatch.fnmatch(str(candidate.relative_to(base)), pattern)
                       for candidate in base.rglob("*"))
        directory = base / parent
        return directory.is_dir() and any(fnmatch.fnmatch(child.name, Path(pattern).name) for child in directory.iterdir())
    return (base / text).exists()


def check_page(root, page, members, types, modules, ignored):
    problems = []
    in_fence = False
    for number, line in enumerate(page.read_text(encoding="utf-8").split("\n"), start=1):
        if FENCE.match(line):
            in_fence = not in_fence
            continue
        if in_fence:
            continue
        where = f"{page.relative_to(root)}:{number}"
        for target in LINK.findall(line):
            if re.match(r"^[a-z]+:", target) or target.startswith("#"):
                continue
            local = target.split("#")[0]
            if local and not (page.parent / local).exists():
                problems.append(f"{where}: link target {target} does not exist (from {page.parent.relative_to(root) or '.'}/)")
        for span in SPAN.findall(line):
            for word in span.split():
                word = word.strip("'\"(),;")
                if word.startswith("./"):
                    word = word[2:]
                if ("/" in word and word.split("/")[0] in TOP_LEVEL and not _is_output(word, ignored)
                        and not _path_exists(root, root, word)):
                    problems.append(f"{where}: path {word} does not exist")
            reference = DOTTED.match(span.strip())
            if reference:
                problem = check_reference(span.strip(), reference, members, types, modules)
                if problem:
                    problems.append(f"{where}: `{span.strip()}` {problem}")
    return problems


def check_reference(text, match, members, types, modules):
    steps = [match.group(1)] + match.group(2).lstrip(".").split(".")
    if steps[-1] in FILE_EXTENSIONS:
        return None
    first, rest = steps[0], steps[1:]
    if first in modules:
        if not rest:
            return None
        declared = types.get(rest[0], set())
        if not any(modules[first] in path.parents for path in declared):
            return f"names {rest[0]}, which module {first} does not declare"
        first, rest = rest[0], rest[1:]
    elif first not in types:
        return None
    owner = first
    for step in rest:
        if step not in members.get(owner, set()):
            return f"names {owner}.{step}, which is not declared in {owner} or its extensions"
        owner = step
    return None


README_LINE_LIMIT = 200
PAGE_WORD_LIMIT = 3000


def length_problems(root):
    problems = []
    readme = root / "README.md"
    if readme.exists():
        lines = readme.read_text(encoding="utf-8").count("\n")
        if lines > README_LINE_LIMIT:
            problems.append(f"README.md: {lines} lines, over {README_LINE_LIMIT}: move the detail into a guide under docs/")
    for page in sorted((root / "docs").rglob("*.md")) if (root / "docs").is_dir() else []:
        words = len(page.read_text(encoding="utf-8").split())
        if words > PAGE_WORD_LIMIT:
            problems.append(f"{page.relative_to(root)}: {words} words, over {PAGE_WORD_LIMIT}: split it")
    return problems


def run(root):
    members, types = swift_index(root)
    modules = {path.name: path for path in (root / "Sources").iterdir() if path.is_dir()} if (root / "Sources").is_dir() else {}
    ignored = ignored_patterns(root)
    problems = []
    for page in pages(root):
        problems += check_page(root, page, members, types, modules, ignored)
    return problems + length_problems(root)


def _link_missing(root, copy, sources):
    for source in sources:
        target = copy / source.relative_to(root)
        if not target.exists():
            target.symlink_to(source)
        elif source.is_dir() and not target.is_symlink():
            _link_missing(root, copy, list(source.iterdir()))


def self_test(root):
    with tempfile.TemporaryDirectory(prefix="doc-references-") as directory:
        copy = Path(directory)
        shutil.copytree(root / "Sources", copy / "Sources")
        if (root / ".gitignore").exists():
            shutil.copy(root / ".gitignore", copy / ".gitignore")
        for page in pages(root):
            target = copy / page.relative_to(root)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(page, target)
        # Pages name files anywhere in the repository: link the rest of it in, read-only.
        _link_missing(root, copy, [root / folder for folder in TOP_LEVEL if (root / folder).exists()])
        clean = run(copy)
        if clean:
            print("self-test: the unchanged copy already fails:\n  " + "\n  ".join(clean), file=sys.stderr)
            return 1
        planted = {
            "path": "See `Sources/Cycles/SyntheticCycles.swift` for the generator.",
            "link": "Read [the old guide](docs/no-such-guide.md).",
            "member": "Hits follow `CycleEvaluator.isHit`.",
            "module": "Kinds are in `Cycles.NoSuchRegistry`.",
        }
        plant = copy / "docs" / "planted.md"
        plant.parent.mkdir(exist_ok=True)
        plant.write_text("# Planted\n\n" + "\n\n".join(planted.values()) + "\n", encoding="utf-8")
        (copy / "docs" / "planted-long.md").write_text("word " * (PAGE_WORD_LIMIT + 1), encoding="utf-8")
        reported = "\n".join(run(copy))
        missed = [kind for kind, text in planted.items()
                  if f"docs/planted.md:{3 + 2 * list(planted).index(kind)}:" not in reported]
        if "docs/planted-long.md:" not in reported:
            missed.append("long page")
            planted["long page"] = f"{PAGE_WORD_LIMIT + 1} words"
    for kind in missed:
        print(f"self-test: the planted stale {kind} ({planted[kind]}) was not reported", file=sys.stderr)
    if missed:
        return 1
    print(f"self-test: {len(planted)} planted stale references and an over-long page reported, the clean copy passes")
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent)
    parser.add_argument("--self-test", action="store_true", help="plant stale references and check each is caught")
    arguments = parser.parse_args()
    root = arguments.root.resolve()
    if arguments.self_test:
        return self_test(root)
    problems = run(root)
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} stale reference(s) in the manual", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
