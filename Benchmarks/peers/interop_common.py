"""Shared by the *_interop.py scripts: run `odml export --reference`, compare another runtime's
outputs with OnDeviceML's, write test fixtures and time a runtime.

Comparison rule (all scripts): pass when |theirs - odml| <= atol + rtol * |odml| for every value,
atol = rtol = 1e-5 (numpy.isclose); classifier labels must equal the arg-max of OnDeviceML's raw
scores except within rounding ties.
"""
import json
import pathlib
import subprocess
import sys
import time

import numpy as np

TOLERANCE = 1e-5


def floats(values):
    """float32 array from the reference files' shortest round-trip text ("nan" for missing)."""
    return np.array([float(v) for v in values], dtype=np.float32)


def export(odml, model_path, fmt, out_path, reference_path, rows, seed):
    """Runs `odml export --format FMT MODEL --out OUT --reference REF`; returns the reference
    document, or None (with the error on stderr) when the command failed."""
    command = [odml, "export", "--format", fmt, str(model_path), "--out", str(out_path),
               "--reference", str(reference_path), "--rows", str(rows), "--seed", str(seed)]
    completed = subprocess.run(command, capture_output=True, text=True)
    if completed.returncode != 0:
        print(f"{pathlib.Path(sys.argv[0]).name}: {' '.join(command)} failed: {completed.stderr.strip()}", file=sys.stderr)
        return None
    return json.loads(pathlib.Path(reference_path).read_text())


def input_array(document):
    """The reference rows as a float32 array of the reference's shape."""
    return floats(document["input_values"]).reshape(document["input_shape"])


def compare(model_path, reference_outputs, outputs):
    """Compares `outputs` (name -> array) with OnDeviceML's (name -> list of text); returns a result
    dict with per-output and overall max absolute and relative differences."""
    per_output = {}
    failures = []
    compared = 0
    for name, values in sorted(reference_outputs.items()):
        ours = floats(values).astype(np.float64)
        if name not in outputs:
            failures.append(f"{name}: missing from the runtime's outputs")
            continue
        theirs = np.asarray(outputs[name], dtype=np.float64).reshape(-1)
        if theirs.shape != ours.shape:
            failures.append(f"{name}: the runtime has {theirs.size} values, odml {ours.size}")
            continue
        difference = np.abs(theirs - ours)
        relative = difference / np.maximum(np.abs(ours), 1e-12)
        per_output[name] = {"max_abs_diff": float(difference.max()), "max_rel_diff": float(relative.max()), "values": int(ours.size)}
        bad = difference > TOLERANCE + TOLERANCE * np.abs(ours)
        if bad.any():
            index = int(np.argmax(difference))
            failures.append(f"{name}: {int(bad.sum())} values differ, worst at {index}: odml {ours[index]} runtime {theirs[index]}")
        compared += ours.size
        label_name = name[: -len("_raw")] + "_label" if name.endswith("_raw") else None
        if label_name in outputs:
            classes = np.asarray(outputs[name]).shape[-1]
            labels = np.asarray(outputs[label_name]).reshape(-1)
            scores = ours.reshape(-1, classes)
            top = np.take_along_axis(scores, labels.reshape(-1, 1), axis=1).reshape(-1)
            clear = (labels != scores.argmax(axis=1)) & (scores.max(axis=1) - top > TOLERANCE)
            if clear.any():
                failures.append(f"{label_name}: {int(clear.sum())} labels differ from the arg-max of odml's {name}")
    return {"model": str(model_path), "values_compared": compared,
            "max_abs_diff": max((o["max_abs_diff"] for o in per_output.values()), default=0.0),
            "max_rel_diff": max((o["max_rel_diff"] for o in per_output.values()), default=0.0),
            "outputs": per_output, "tolerance": TOLERANCE, "pass": not failures and compared > 0, "failures": failures}


def fixture_inputs(directory, extension):
    """(name, input document, model path) for every DIR/NAME.EXTENSION with DIR/NAME.input.json."""
    directory = pathlib.Path(directory)
    found = []
    for input_path in sorted(directory.glob("*.input.json")):
        name = input_path.name[: -len(".input.json")]
        model_path = directory / f"{name}.{extension}"
        if model_path.exists():
            found.append((name, json.loads(input_path.read_text()), model_path))
    if not found:
        print(f"{pathlib.Path(sys.argv[0]).name}: no *.{extension} with a *.input.json in {directory}", file=sys.stderr)
    return found


def write_fixture(path, generator, runtime, outputs, **extra):
    """Writes a runtime's outputs as the Swift parity tests read them."""
    document = {"generator": generator, **runtime,
                "outputs": {key: {"shape": list(np.asarray(value).shape),
                                  "values": [repr(float(v)) if np.asarray(value).dtype.kind == "f" else int(v)
                                             for v in np.asarray(value).reshape(-1)]}
                            for key, value in sorted(outputs.items())},
                **extra}
    pathlib.Path(path).write_text(json.dumps(document, indent=1) + "\n")
    print(f"{pathlib.Path(sys.argv[0]).name}: wrote {path}", file=sys.stderr)


def timings(body, repetitions):
    """Median and p99 (microseconds) of `repetitions` calls after one warm-up call."""
    body()
    samples = []
    for _ in range(repetitions):
        start = time.perf_counter_ns()
        body()
        samples.append((time.perf_counter_ns() - start) / 1000)
    samples.sort()
    return samples[len(samples) // 2], samples[min(len(samples) - 1, int(np.ceil(0.99 * len(samples))) - 1)]
