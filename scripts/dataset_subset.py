#!/usr/bin/env python3
"""Copy a CSV dataset directory (the layout `odml generate` and `odml import` write) keeping only
some users and some fertility-signal kinds, for measurements on subsets:

    scripts/dataset_subset.py SRC DST [--irregular] [--signals lh+bbt+wrist+mucus|none|all]

--irregular keeps the women whose cycle-length SD (from truth.csv's cycle starts, sample SD) is
> 3 d over >= 3 cycles: the "irregular" definition of the Marquette figures (Datasets/REFERENCE-STATISTICS.md).
--signals keeps only the measurement kinds named (none: measurements.csv is written empty), like
`DatasetPerturbation.keepingSignals` (mucus: the five-step `cervical_mucus_nfp` and the four-level
`cervical_mucus`; cervix: its three kinds). Standard library only; never run by tests.
"""
import argparse
import csv
import datetime
import os
import shutil
import statistics

KINDS = {"lh": "lh_test", "bbt": "bbt", "wrist": "wrist_temperature", "mucus": "cervical_mucus_nfp",
         "cervix": "cervix_opening+cervix_firmness+cervix_position"}


def irregular_users(truth_path):
    starts = {}
    with open(truth_path, newline="") as f:
        for row in csv.DictReader(f):
            starts.setdefault(row["user_id"], []).append(datetime.date.fromisoformat(row["cycle_start"]))
    users = set()
    for user, days in starts.items():
        days.sort()
        lengths = [(b - a).days for a, b in zip(days, days[1:])]
        if len(lengths) >= 3 and statistics.stdev(lengths) > 3:
            users.add(user)
    return users


def copy_filtered(src, dst, name, keep_row):
    path = os.path.join(src, name)
    if not os.path.exists(path):
        return
    with open(path, newline="") as f, open(os.path.join(dst, name), "w", newline="") as out:
        reader = csv.reader(f)
        writer = csv.writer(out, lineterminator="\n")
        header = next(reader)
        writer.writerow(header)
        for row in reader:
            if keep_row(dict(zip(header, row))):
                writer.writerow(row)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("src")
    parser.add_argument("dst")
    parser.add_argument("--irregular", action="store_true")
    parser.add_argument("--signals", default="all")
    args = parser.parse_args()
    os.makedirs(args.dst, exist_ok=True)
    users = irregular_users(os.path.join(args.src, "truth.csv")) if args.irregular else None
    def expand(names):
        kinds = set()
        for name in names:
            kinds.update(KINDS[name].split("+"))
            if name == "mucus":
                kinds.add("cervical_mucus")
        return kinds

    if args.signals == "all":
        kinds = expand(KINDS)
    elif args.signals == "none":
        kinds = set()
    else:
        kinds = expand(name for name in args.signals.split("+") if name)

    def user_of(row):
        return row.get("user_id", row.get("id"))

    for name in sorted(os.listdir(args.src)):
        if not name.endswith(".csv"):
            if os.path.isfile(os.path.join(args.src, name)):
                shutil.copy(os.path.join(args.src, name), os.path.join(args.dst, name))
            continue
        if name == "measurements.csv":
            copy_filtered(args.src, args.dst, name,
                          lambda r: r["kind"] in kinds and (users is None or r["user_id"] in users))
        else:
            copy_filtered(args.src, args.dst, name, lambda r: users is None or user_of(r) in users)
    print(f"{args.dst}: {len(users) if users is not None else 'all'} users, signals {sorted(kinds)}")


if __name__ == "__main__":
    main()
