#!/usr/bin/env python3
"""Checks that the C API's forecast JSON equals `odml predict --json`, byte for byte.

Generates a dataset (`odml generate --users N --seed S`), picks a day inside it, and for each
model and each user compares what `odml predict --json --model M --data D --user U --date DAY
--lang L` prints with what each runner prints. A runner is a command that takes
`MODEL DATA DATE LANGUAGE USER...` and prints, per user, the forecast JSON and a newline
(Examples/c/predict.c, bindings/python/examples/predict.py, bindings/jvm's Predict). Half the
users are asked in English, half in French.

Usage: scripts/capi-parity.py --odml PATH --runner NAME=COMMAND [--runner ...] [--model FILE ...]
                              [--users 20] [--seed 40] [--work DIR]
Exit status: 0 every runner matched for every user and model, 1 a difference or a failed run
(the first differing line is printed), 2 usage error. Python 3 standard library only.
"""
import argparse
import csv
import datetime
import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def generate(odml, users, seed, directory):
    """The dataset directory, generated when absent, and its user ids."""
    if not (directory / "user_profile.csv").exists():
        subprocess.run([odml, "generate", "--users", str(users), "--seed", str(seed), "--out", str(directory)],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    with open(directory / "user_profile.csv", newline="") as file:
        return [row["id"] for row in csv.DictReader(file)]


def forecast_day(directory):
    """Six weeks before the last logged day: inside every user's history, with days after it unread."""
    with open(directory / "cycle_entries.csv", newline="") as file:
        last = max(row["date"] for row in csv.DictReader(file))
    return (datetime.date.fromisoformat(last) - datetime.timedelta(days=42)).isoformat()


def first_difference(expected, actual):
    for number, (want, got) in enumerate(zip(expected.split("\n"), actual.split("\n")), start=1):
        if want != got:
            return f"line {number}: odml {want!r}, runner {got!r}"
    return f"lengths differ: odml {len(expected)} bytes, runner {len(actual)} bytes"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--odml", required=True)
    parser.add_argument("--runner", action="append", required=True, metavar="NAME=COMMAND")
    parser.add_argument("--model", action="append", metavar="FILE")
    parser.add_argument("--users", type=int, default=20)
    parser.add_argument("--seed", type=int, default=40)
    parser.add_argument("--work", type=Path, default=ROOT / ".build" / "capi" / "parity")
    arguments = parser.parse_args()
    models = arguments.model or [str(ROOT / "Models" / "cycle-gbt.odml"), str(ROOT / "Models" / "cycle-lstm.odml")]
    runners = []
    for text in arguments.runner:
        name, separator, command = text.partition("=")
        if not separator or not command:
            parser.error(f"--runner {text!r}: expected NAME=COMMAND")
        runners.append((name, shlex.split(command)))
    data = arguments.work / f"users-{arguments.users}-seed-{arguments.seed}"
    data.parent.mkdir(parents=True, exist_ok=True)
    users = generate(arguments.odml, arguments.users, arguments.seed, data)
    day = forecast_day(data)
    halves = [("en", users[0::2]), ("fr", users[1::2])]
    expected = {}
    for model in models:
        for language, group in halves:
            for user in group:
                completed = subprocess.run([arguments.odml, "predict", "--json", "--model", model, "--data", str(data), "--user", user,
                                            "--date", day, "--lang", language], capture_output=True, text=True)
                if completed.returncode != 0:
                    print(f"odml predict {user}: {completed.stderr.strip()}", file=sys.stderr)
                    return 1
                expected[(model, user)] = completed.stdout
    failures = 0
    for name, command in runners:
        for model in models:
            same = 0
            for language, group in halves:
                completed = subprocess.run(command + [model, str(data), day, language] + group, capture_output=True, text=True)
                if completed.returncode != 0:
                    print(f"{name}: {Path(model).name} ({language}): exit {completed.returncode}: {completed.stderr.strip()[-1000:]}",
                          file=sys.stderr)
                    failures += 1
                    continue
                outputs = completed.stdout.split("\n}\n")
                outputs = [text + "\n}\n" for text in outputs[:-1]]
                if len(outputs) != len(group):
                    print(f"{name}: {Path(model).name} ({language}): {len(outputs)} forecasts for {len(group)} users", file=sys.stderr)
                    failures += 1
                    continue
                for user, output in zip(group, outputs):
                    if output == expected[(model, user)]:
                        same += 1
                    else:
                        failures += 1
                        print(f"{name}: {Path(model).name} {user} ({language}): {first_difference(expected[(model, user)], output)}",
                              file=sys.stderr)
            print(f"capi-parity: {name}: {Path(model).name}: {same}/{len(users)} users byte-identical to odml predict --json "
                  f"(as of {day}, en and fr)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
