#!/usr/bin/env python3
"""ONNX interop check: onnxruntime must give the same outputs as OnDeviceML.

Default mode (what `make interop` runs), for each model file:
  1. `odml export --format onnx MODEL --out X.onnx --reference X.json --rows N` writes the ONNX
     graph and N deterministic feature rows with OnDeviceML's outputs for them;
  2. `onnx.checker.check_model` validates the graph;
  3. onnxruntime runs it on the same rows; every output is compared with OnDeviceML's
     (pass when |ort - odml| <= atol + rtol * |odml|, atol = rtol = 1e-5, like numpy.isclose),
     and classifier labels must equal the arg-max of OnDeviceML's raw scores.
  It prints one JSON line per model with the max absolute and relative differences and exits 1
  when a model fails.

Fixture mode (--fixtures DIR): for every DIR/NAME.onnx with DIR/NAME.input.json (written by
`ODML_REGENERATE_FIXTURES=1 swift test --filter ONNXExportTests`), runs onnxruntime and writes
DIR/NAME.onnxruntime.json, which ONNXExportTests compares with OnDeviceML (no Python at test time).

Usage:
  python onnx_interop.py [--odml .build/release/odml] [--rows 1000] [MODEL.odml ...]
  python onnx_interop.py --fixtures Tests/ONNXExportTests/Fixtures
"""
import argparse
import json
import pathlib
import subprocess
import sys
import tempfile

import numpy as np
import onnx
import onnxruntime as ort

TOLERANCE = 1e-5
DEFAULT_MODELS = ["Models/cycle-lstm.odml", "Models/cycle-gbt.odml"]


def floats(values):
    return np.array([float(v) for v in values], dtype=np.float32)


def run_onnxruntime(onnx_path, input_name, input_values):
    model = onnx.load(str(onnx_path))
    onnx.checker.check_model(model, full_check=True)
    options = ort.SessionOptions()
    options.intra_op_num_threads = 1
    session = ort.InferenceSession(str(onnx_path), options, providers=["CPUExecutionProvider"])
    names = [output.name for output in session.get_outputs()]
    results = session.run(names, {input_name: input_values})
    return dict(zip(names, results)), model


def compare(model_path, reference, outputs):
    max_abs = 0.0
    max_rel = 0.0
    failures = []
    compared = 0
    for name, values in reference["outputs"].items():
        ours = floats(values)
        theirs = np.asarray(outputs[name], dtype=np.float32).reshape(-1)
        if theirs.shape != ours.shape:
            failures.append(f"{name}: onnxruntime has {theirs.size} values, odml {ours.size}")
            continue
        difference = np.abs(theirs.astype(np.float64) - ours.astype(np.float64))
        relative = difference / np.maximum(np.abs(ours.astype(np.float64)), 1e-12)
        max_abs = max(max_abs, float(difference.max()))
        max_rel = max(max_rel, float(relative.max()))
        bad = difference > TOLERANCE + TOLERANCE * np.abs(ours)
        if bad.any():
            index = int(np.argmax(difference))
            failures.append(f"{name}: {int(bad.sum())} values differ, worst at {index}: odml {ours[index]} onnxruntime {theirs[index]}")
        compared += ours.size
        label_name = name[: -len("_raw")] + "_label" if name.endswith("_raw") else None
        if label_name in outputs:
            classes = outputs[name].shape[-1]
            labels = np.asarray(outputs[label_name]).reshape(-1)
            expected = ours.reshape(-1, classes).argmax(axis=1)
            # Ties within float rounding may pick either class; count only clear disagreements.
            scores = ours.reshape(-1, classes)
            top = np.take_along_axis(scores, labels.reshape(-1, 1), axis=1).reshape(-1)
            clear = (labels != expected) & (scores.max(axis=1) - top > TOLERANCE)
            if clear.any():
                failures.append(f"{label_name}: {int(clear.sum())} labels differ from the arg-max of odml's {name}")
    return {"model": str(model_path), "rows": None, "values_compared": compared, "max_abs_diff": max_abs,
            "max_rel_diff": max_rel, "tolerance": TOLERANCE, "pass": not failures, "failures": failures}


def check_models(odml, models, rows, seed):
    ok = True
    with tempfile.TemporaryDirectory() as scratch:
        for model_path in models:
            stem = pathlib.Path(model_path).stem
            onnx_path = pathlib.Path(scratch) / f"{stem}.onnx"
            reference_path = pathlib.Path(scratch) / f"{stem}.reference.json"
            command = [odml, "export", "--format", "onnx", model_path, "--out", str(onnx_path),
                       "--reference", str(reference_path), "--rows", str(rows), "--seed", str(seed)]
            completed = subprocess.run(command, capture_output=True, text=True)
            if completed.returncode != 0:
                print(f"onnx_interop: {' '.join(command)} failed: {completed.stderr.strip()}", file=sys.stderr)
                ok = False
                continue
            reference = json.loads(reference_path.read_text())
            values = floats(reference["input_values"]).reshape(reference["input_shape"])
            outputs, model = run_onnxruntime(onnx_path, reference["input"], values)
            result = compare(model_path, reference, outputs)
            result["rows"] = int(np.prod(reference["input_shape"][:-1]))
            result["input_shape"] = reference["input_shape"]
            result["operators"] = sorted({(n.domain + "." if n.domain else "") + n.op_type for n in model.graph.node})
            result["onnx_bytes"] = onnx_path.stat().st_size
            result["onnxruntime"] = ort.__version__
            print(json.dumps(result))
            ok = ok and result["pass"]
    return ok


def write_fixtures(directory):
    directory = pathlib.Path(directory)
    inputs = sorted(directory.glob("*.input.json"))
    if not inputs:
        print(f"onnx_interop: no *.input.json in {directory}", file=sys.stderr)
        return False
    for input_path in inputs:
        name = input_path.name[: -len(".input.json")]
        document = json.loads(input_path.read_text())
        values = floats(document["input_values"]).reshape(document["input_shape"])
        outputs, _ = run_onnxruntime(directory / f"{name}.onnx", document["input"], values)
        fixture = {
            "generator": "Benchmarks/peers/onnx_interop.py --fixtures",
            "onnxruntime": ort.__version__,
            "outputs": {key: {"shape": list(value.shape), "values": [repr(float(v)) if value.dtype.kind == "f" else int(v)
                                                                     for v in value.reshape(-1)]}
                        for key, value in sorted(outputs.items())},
        }
        target = directory / f"{name}.onnxruntime.json"
        target.write_text(json.dumps(fixture, indent=1) + "\n")
        print(f"onnx_interop: wrote {target}", file=sys.stderr)
    return True


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("models", nargs="*", default=DEFAULT_MODELS)
    parser.add_argument("--odml", default=".build/release/odml")
    parser.add_argument("--rows", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--fixtures", help="write DIR/*.onnxruntime.json from DIR/*.onnx and DIR/*.input.json")
    arguments = parser.parse_args()
    if arguments.fixtures:
        sys.exit(0 if write_fixtures(arguments.fixtures) else 1)
    sys.exit(0 if check_models(arguments.odml, arguments.models, arguments.rows, arguments.seed) else 1)


if __name__ == "__main__":
    main()
