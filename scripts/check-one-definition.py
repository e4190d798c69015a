#!/usr/bin/env python3
"""Fails when a concept that has one home in the code appears a second time (issue #21).

Each rule names a concept, its home (the files allowed to define it) and the patterns that betray a
definition of it; a match in any other file under `Sources/` (Swift code without comments, and the
JSON resources) is a second definition:

  * month names: the one month-name table per language is `Explanations/Templates/<language>.json`
    (and with it the one date formatter, `ReasoningTemplates.formattedDate`); a month name written
    in a Swift string or another JSON file, or `monthSymbols`/`dateFormat`-style month formats, is a
    second table;
  * language parser: `Language(identifier:)` in `Explanations/Language.swift` is the one rule; a
    comparison or switch on a language code (`== "en"`, `case "fr"`), a list of codes
    (`["fr", "en"]`), a second `Language`-like type or a second `init(identifier:)` is a second parser;
  * alert scorer: `AlertPolicy` (the horizon, tolerance, luteal prior and the alert/hit rules) and
    `CycleForecastScore` (the per-cycle scorer); their constants or functions declared elsewhere, or
    another `…Score` type with an alert rule, is a second scorer;
  * percentile rule: `TensorCore`'s `Quantile`: `Quantile.interpolated` (intervals and statistics;
    `ConfidenceInterval.quantile` forwards to it) and `Quantile.nearestRank` (timings;
    `LatencyProfile.percentile` forwards to it); any other quantile/percentile function, or the
    arithmetic of one inline (an interpolation position `q · (n − 1)`, a rank `⌈p · n⌉` or
    `⌊p · n⌋`, an index `sorted[Int(p · n)]`), is a second rule;
  * Gaussian draw: Box–Muller is written once, `nextNormal()` in `TensorCore/SeededGenerator.swift`;
    a `cos(2 · π · u)` or `sin(2 · π · u)` elsewhere is a second sampler;
  * level values: the typical 1–10 value of each energy/mood class is `SymptomLevel.typicalValues`
    (`Cycles/Predictors/CyclePrediction.swift`); the list `[2, 5.5, 9]` or the text "2 5.5 9" elsewhere is a
    second table;
  * model-kind string: each kind's name (`"cycle-gbt"`, ...) is declared once, in
    `Cycles/Predictors/ModelKinds/ModelKindRegistry.swift`; the string anywhere else is a second declaration;
  * CLI shared flag (in `Sources/odml/` only): `--json`, `--lenient`, `--bootstrap`, `--strategies`
    and `--password-file` are declared once each, in their option group (`JSONOutputOptions`,
    `LenientReadingOptions`, `BootstrapOptions`, `FineTuningOptions`, `PasswordFileOptions`) that
    commands take with `@OptionGroup`; a stored `var json = false`, `var bootstrap: Int`, ... or a
    `.customLong("json")` in a command is a second declaration.

Usage: scripts/check-one-definition.py [--root DIR] [--self-test]
`--self-test` copies `Sources/` to a temporary directory, plants one second definition of each
concept there and fails unless each is reported (and the clean copy passes).
Exit status: 0 every concept has one home; 1 a second definition (one line each: concept, file:line,
the code, the home to use instead). Python 3 standard library only; reads files, runs nothing.
"""
import argparse
import re
import shutil
import sys
import tempfile
from pathlib import Path

MONTHS = ("janvier|février|mars|avril|juin|juillet|août|septembre|octobre|novembre|décembre|janv\\.|févr\\.|"
          "january|february|march|april|june|july|august|september|october|november|december|"
          "jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec")

# (concept, home files relative to Sources/, the patterns of a definition, what to use instead)
RULES = [
    ("month-name table", {"Explanations/Templates/fr.json", "Explanations/Templates/en.json"},
     [re.compile(r'(?i)"(?:' + MONTHS + r')"'), re.compile(r"\b(?:shortM|m)onthSymbols\b"),
      re.compile(r'"[^"]*\bMMM')],
     "ReasoningTemplates.formattedDate / PhraseArgument.date (the months of Templates/<language>.json)"),
    ("language parser", {"Explanations/Language.swift"},
     [re.compile(r'[=!]=\s*"(?:fr|en)(?:[-_][A-Za-z]+)?"'), re.compile(r'\bcase\s+"(?:fr|en)"'),
      re.compile(r'(?<!"required": )\[\s*"(?:fr|en)"\s*,\s*"(?:fr|en)"\s*\]'), re.compile(r'hasPrefix\(\s*"(?:fr|en)'),
      re.compile(r"\b(?:enum|struct|class)\s+\w*Language\b"), re.compile(r"\binit\(identifier:\s*String"),
      re.compile(r"\bsupportedLanguages\b")],
     "Language(identifier:) and the Language cases"),
    ("alert scorer", {"Cycles/Rules/AlertPolicy.swift", "Cycles/Predictors/CycleForecastScore.swift"},
     [re.compile(r"\b(?:let|var)\s+(?:horizonDays|toleranceDays|windowDays|lutealPriorDays|ovulationToStartPriorDays)\b\s*(?::[^=]*)?="),
      re.compile(r"\bfunc\s+(?:isAlert|isHit|alertAccuracy|scoreCycle)\b"),
      re.compile(r"\b(?:struct|class|enum)\s+\w*(?:Alert|Forecast)Score\b")],
     "AlertPolicy and CycleForecastScore"),
    ("percentile rule", {"TensorCore/Quantile.swift", "CyclesLab/ConfidenceInterval.swift", "Validation/LatencyProfile.swift"},
     [re.compile(r"\bfunc\s+(?:percentile|quantile)s?\b"), re.compile(r"\*\s*Double\(\s*\w+\.count\s*-\s*1\s*\)"),
      re.compile(r"/\s*100\s*\*\s*Double\(\s*\w*count\s*\)"),
      re.compile(r"\*\s*Double\(\s*[\w.]*count\s*\)\s*\)\s*\.rounded\(\s*\.(?:up|down)\s*\)"),
      re.compile(r"\[\s*Int\(\s*[\w.]+\s*\*\s*Double\(\s*[\w.]*count\s*\)\s*\)")],
     "Quantile.interpolated / ConfidenceInterval.quantile (intervals, statistics) or Quantile.nearestRank / "
     "LatencyProfile.percentile (timings, latency gates)"),
    ("Gaussian draw", {"TensorCore/SeededGenerator.swift"},
     [re.compile(r"\b(?:cos|sin)\(\s*2(?:\.0)?\s*\*\s*(?:Double\.|Float\.|\.)?pi\b")],
     "nextNormal() / nextNormal(mean:standardDeviation:) of TensorCore (any RandomNumberGenerator)"),
    ("level values", {"Cycles/Predictors/CyclePrediction.swift"},
     [re.compile(r"\[\s*2(?:\.0)?\s*,\s*5\.5\s*,\s*9(?:\.0)?\s*\]"), re.compile(r'"2(?:\.0)? 5\.5 9(?:\.0)?"')],
     "SymptomLevel.typicalValues"),
    ("model-kind string", {"Cycles/Predictors/ModelKinds/ModelKindRegistry.swift"},
     [re.compile(r'"cycle-(?:gbt|lstm|rules|calendar)"')],
     "ModelKind.cycleGBT.name and the other registered kinds"),
    ("CLI shared flag", {"odml/JSONOutputOptions.swift", "odml/LenientReadingOptions.swift", "odml/BootstrapOptions.swift",
                         "odml/FineTuningOptions.swift", "odml/PasswordFileOptions.swift"},
     [re.compile(r"\bvar\s+(?:json|lenient|bootstrap|strategies|passwordFile)\s*(?:=|:\s*(?:Bool|Int|String)\b)"),
      re.compile(r'\bcustomLong\(\s*"(?:json|lenient|bootstrap|strategies|password-file)"')],
     "@OptionGroup with JSONOutputOptions, LenientReadingOptions, BootstrapOptions, FineTuningOptions or PasswordFileOptions"),
]

# Rules that apply to one part of Sources/ only (the library's own `lenient`/`bootstrap` properties are not flags).
SCOPES = {"CLI shared flag": "odml/"}


def _swift_code(path):
    """Swift lines with `//` and `/* */` comments removed, string literals kept (a multi-line
    literal too: a `/*` or `//` inside one, as in "Models/*.odml", is text, not a comment)."""
    result, in_block, in_multiline = [], False, False
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        out, index, in_string = [], 0, False
        while index < len(raw):
            if in_multiline:
                end = raw.find('"""', index)
                if end < 0:
                    out.append(raw[index:])
                    break
                out.append(raw[index:end + 3])
                in_multiline, index = False, end + 3
                continue
            if not in_block and not in_string and raw.startswith('"""', index):
                out.append('"""')
                in_multiline, index = True, index + 3
                continue
            if in_block:
                end = raw.find("*/", index)
                if end < 0:
                    index = len(raw)
                    break
                in_block, index = False, end + 2
                continue
            char = raw[index]
            if in_string:
                out.append(char)
                if char == "\\" and index + 1 < len(raw):
                    out.append(raw[index + 1])
                    index += 2
                    continue
                if char == '"':
                    in_string = False
            elif raw.startswith("//", index):
                break
            elif raw.startswith("/*", index):
                in_block, index = True, index + 2
                continue
            else:
                out.append(char)
                if char == '"':
                    in_string = True
            index += 1
        result.append((number, "".join(out)))
    return result


def violations(root, only=None):
    """Every second definition under root/Sources; with `only`, a list of paths, in those files alone."""
    sources = root / "Sources"
    files = sorted(p for p in sources.rglob("*") if p.suffix in (".swift", ".json") and p.is_file()) if only is None else only
    found = []
    for path in files:
        relative = path.relative_to(sources).as_posix()
        lines = None
        for concept, homes, patterns, instead in RULES:
            if relative in homes or not relative.startswith(SCOPES.get(concept, "")):
                continue
            if path.suffix == ".json" and concept != "month-name table":
                continue
            if lines is None:
                lines = list(enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)) \
                    if path.suffix == ".json" else _swift_code(path)
            for number, code in lines:
                if any(pattern.search(code) for pattern in patterns):
                    found.append(f"{concept}: Sources/{relative}:{number}: {code.strip()[:120]} "
                                 f"— a second definition; use {instead}")
    return found


# One planted second definition per concept: (file under Sources/, appended text, concept expected).
PLANTED = [
    ("Cycles/_Planted.swift", 'let _months = ["janvier", "février"]\n', "month-name table"),
    ("Elaro/Phrases/planted.json", '{"months": ["January", "February"]}\n', "month-name table"),
    ("Elaro/_Planted.swift", 'func _english(_ code: String) -> Bool { code == "en-US" }\n', "language parser"),
    ("Personalization/_Planted.swift", "enum PreferredLanguage { case fr, en }\n", "language parser"),
    ("Personalization/_Planted2.swift", "struct _Scorer { static let horizonDays = 3 }\n", "alert scorer"),
    ("Validation/_Planted.swift",
     "func quantile(_ s: [Double], _ q: Double) -> Double { s[Int(q * Double(s.count - 1))] }\n", "percentile rule"),
    ("PersonalizationLab/_Planted.swift",
     "struct _Timing {\n    init(_ sorted: [Double]) {\n        func rank(_ p: Double) -> Double {\n"
     "            sorted[Swift.max(0, Swift.min(sorted.count - 1, Int((p * Double(sorted.count)).rounded(.up)) - 1))]\n"
     "        }\n        _ = rank(0.99)\n    }\n}\n", "percentile rule"),
    ("CyclesLab/_Planted.swift", "let _p90 = { (s: [Double]) in s[Int(0.9 * Double(s.count))] }\n", "percentile rule"),
    ("Bandits/_Planted.swift",
     "func _normal(_ u1: Double, _ u2: Double) -> Double { (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2) }\n",
     "Gaussian draw"),
    ("CyclesLab/_Planted2.swift", "let _classValues: [Double] = [2, 5.5, 9]\n", "level values"),
    ("Personalization/_Planted3.swift", 'let _values = ["energy_class_values": "2 5.5 9"]\n', "level values"),
    ("ModelExport/_Planted.swift", 'let _kind = "cycle-lstm"\n', "model-kind string"),
    ("odml/_Planted.swift", 'struct _Planted: ParsableArguments {\n    @Flag(name: .long, help: "JSON.")\n    var json = false\n}\n',
     "CLI shared flag"),
    ("odml/_Planted2.swift", 'struct _Planted2 {\n    @Option(name: .customLong("bootstrap")) var samples = 10\n}\n', "CLI shared flag"),
]


def self_test(root):
    with tempfile.TemporaryDirectory(prefix="check-one-definition-") as scratch:
        copy = Path(scratch)
        shutil.copytree(root / "Sources", copy / "Sources")
        clean = violations(copy)
        if clean:
            print("self-test: the clean copy already has second definitions:\n" + "\n".join(clean))
            return 1
        failures = 0
        for relative, text, concept in PLANTED:
            path = copy / "Sources" / relative
            path.write_text(text, encoding="utf-8")
            # The copy is clean (checked above), so only the planted file can hold a new one.
            found = [line for line in violations(copy, only=[path]) if line.startswith(concept + ": Sources/" + relative)]
            path.unlink()
            print(f"self-test: {concept} planted in Sources/{relative}: {'caught' if found else 'MISSED'}")
            failures += not found
        return 1 if failures else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent,
                        help="the package directory (default: this script's repository)")
    parser.add_argument("--self-test", action="store_true", help="plant a second definition of each concept in a copy")
    arguments = parser.parse_args()
    if arguments.self_test:
        return self_test(arguments.root)
    found = violations(arguments.root)
    for line in found:
        print(line)
    if found:
        print(f"check-one-definition: {len(found)} second definition(s)", file=sys.stderr)
        return 1
    print("check-one-definition: every concept has one home")
    return 0


if __name__ == "__main__":
    sys.exit(main())
