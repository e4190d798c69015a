"""Reads Swift sources for the CI checks: code lines without comments, their `#if` branches, imports.

Shared by scripts/check-package-imports.py and scripts/check-portability.py (one reader, so the
two checks agree on what a line's conditions are). Python 3 standard library only.

A line's branches are the `#if` / `#elseif` / `#else` arms that enclose it, outermost first;
`excludes_apple(branches)` says whether an Apple build can never compile the line: one arm's own
condition rules Apple out (`os(Linux)`, `canImport(Glibc)`, ...), or the arm is an `#else` /
`#elseif` after an arm that every Apple platform takes (`canImport(Darwin)`, `!os(Linux)`, ...).
"""
import re
from dataclasses import dataclass
from pathlib import Path

# Conditions that no Apple platform satisfies.
LINUX_ONLY_ATOMS = {"os(Linux)", "os(Android)", "canImport(Glibc)", "canImport(Musl)", "canImport(Bionic)",
                    "canImport(Android)", "canImport(CBLAS)", "!canImport(Darwin)", "!canImport(Accelerate)"}
# Conditions that every Apple platform satisfies: the arms after them are not compiled there.
APPLE_COVERING_ATOMS = {"canImport(Darwin)", "canImport(Accelerate)", "!os(Linux)"}

IMPORT = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+"
    r"(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_]\w*)")
DIRECTIVE = re.compile(r"^\s*#(if|elseif|else|endif)\b(.*)$")


@dataclass(frozen=True)
class Branch:
    """One arm of an `#if` chain: its own condition (None for `#else`) and the conditions of the arms before it."""
    condition: str | None
    earlier: tuple[str, ...]


@dataclass(frozen=True)
class Line:
    """A source line with comments removed (string literals kept), its number and enclosing arms."""
    number: int
    code: str
    branches: tuple[Branch, ...]


def _atoms(condition, operator):
    """The operands of a top-level `&&` or `||` chain (parentheses around the whole stripped)."""
    text = re.sub(r"\s+", "", condition)
    while text.startswith("(") and text.endswith(")") and _balanced(text[1:-1]):
        text = text[1:-1]
    parts, depth, start = [], 0, 0
    for index, character in enumerate(text):
        depth += {"(": 1, ")": -1}.get(character, 0)
        if depth == 0 and text.startswith(operator, index):
            parts.append(text[start:index])
            start = index + len(operator)
    parts.append(text[start:])
    return parts


def _balanced(text):
    depth = 0
    for character in text:
        depth += {"(": 1, ")": -1}.get(character, 0)
        if depth < 0:
            return False
    return depth == 0


def _rules_out_apple(condition):
    """A condition no Apple platform satisfies: a conjunction with such an atom, or a disjunction of them."""
    if any(part in LINUX_ONLY_ATOMS for part in _atoms(condition, "&&")):
        return True
    parts = _atoms(condition, "||")
    return len(parts) > 1 and all(part in LINUX_ONLY_ATOMS for part in parts)


def _covers_apple(condition):
    """A condition every Apple platform satisfies."""
    return any(part in APPLE_COVERING_ATOMS for part in _atoms(condition, "||"))


def excludes_apple(branches):
    """Whether no Apple build compiles a line inside `branches`."""
    for branch in branches:
        if branch.condition is not None and _rules_out_apple(branch.condition):
            return True
        if any(_covers_apple(earlier) for earlier in branch.earlier):
            return True
    return False


def strip_comments(text):
    """`text` with `//` and (nested) `/* */` comments blanked; string literals, newlines and columns kept."""
    out, index, length = [], 0, len(text)
    while index < length:
        if text.startswith("//", index):
            end = text.find("\n", index)
            end = length if end < 0 else end
            out.append(" " * (end - index))
            index = end
        elif text.startswith("/*", index):
            depth, start = 0, index
            while index < length:
                if text.startswith("/*", index):
                    depth, index = depth + 1, index + 2
                elif text.startswith("*/", index):
                    depth, index = depth - 1, index + 2
                    if depth == 0:
                        break
                else:
                    index += 1
            out.append("".join(c if c == "\n" else " " for c in text[start:index]))
        elif text.startswith('"""', index) or text[index] == '"' or (text[index] == "#" and text.startswith('"', index + 1)):
            end = _string_end(text, index)
            out.append(text[index:end])
            index = end
        else:
            out.append(text[index])
            index += 1
    return "".join(out)


def _string_end(text, start):
    """Index just past the string literal starting at `start` (raw `#"`, multi-line `\"\"\"` or plain)."""
    hashes = 0
    while text[start + hashes] == "#":
        hashes += 1
    quote = '"""' if text.startswith('"""', start + hashes) else '"'
    closing = quote + "#" * hashes
    index = start + hashes + len(quote)
    while index < len(text):
        if hashes == 0 and text[index] == "\\":
            index += 2
            continue
        if quote == '"' and text[index] == "\n":
            return index   # unterminated on its line: stop at the newline
        if text.startswith(closing, index):
            return index + len(closing)
        index += 1
    return len(text)


def read_lines(path):
    """Every line of the Swift file at `path` as `Line`s (comments removed, branches resolved)."""
    code = strip_comments(Path(path).read_text(encoding="utf-8"))
    chains = []   # one list of arms per open #if: [Branch, ...]
    lines = []
    for number, text in enumerate(code.split("\n"), start=1):
        directive = DIRECTIVE.match(text)
        if directive:
            keyword, condition = directive.group(1), directive.group(2).strip()
            if keyword == "if":
                chains.append([Branch(condition, ())])
            elif keyword in ("elseif", "else") and chains:
                previous = chains[-1][-1]
                earlier = previous.earlier + ((previous.condition,) if previous.condition is not None else ())
                chains[-1].append(Branch(condition if keyword == "elseif" else None, earlier))
            elif keyword == "endif" and chains:
                chains.pop()
            continue
        lines.append(Line(number, text, tuple(chain[-1] for chain in chains)))
    return lines


def imports(path):
    """`(line, module)` for every import of the Swift file at `path`."""
    found = []
    for line in read_lines(path):
        match = IMPORT.match(line.code)
        if match:
            found.append((line, match.group(1)))
    return found


def swift_files(directory, excluded=()):
    """The `.swift` files under `directory`, sorted, skipping the paths in `excluded` (relative to it)."""
    directory = Path(directory)
    skipped = [directory / item for item in excluded]
    return sorted(path for path in directory.rglob("*.swift")
                  if not any(path == skip or skip in path.parents for skip in skipped))
