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
`ODML_REGENERATE_FIXTURES=1 swift test --filter ModelExportTests`), runs onnxruntime and writes
DIR/NAME.onnxruntime.json, which OnnxruntimeParityTests compares with OnDeviceML (no Python at
test time).

Usage:
  python onnx_interop.py [--odml .build/release/odml] [--rows 1000] [MODEL.odml ...]
  python onnx_interop.py --fixtures Tests/ModelExportTests/Fixtures
"""
import argparse
import json
import pathlib
import sys
import tempfile

import numpy as np
import onnx
import onnxruntime as ort

import interop_common as common

DEFAULT_MODELS = ["Models/cycle-lstm.odml", "Models/cycle-gbt.odml"]


def run_onnxruntime(onnx_path, input_name, input_values):
    model = onnx.load(str(onnx_path))
    onnx.checker.check_model(model, full_check=True)
    options = ort.SessionOptions()
    options.intra_op_num_threads = 1
    session = ort.InferenceSession(str(onnx_path), options, providers=["CPUExecutionProvider"])
    names = [output.name for output in session.get_outputs()]
    results = session.run(names, {input_name: input_values})
    return dict(zip(names, results)), model


def check_models(odml, models, rows, seed):
    ok = True
    with tempfile.TemporaryDirectory() as scratch:
        for model_path in models:
            stem = pathlib.Path(model_path).stem
            onnx_path = pathlib.Path(scratch) / f"{stem}.onnx"
            reference = common.export(odml, model_path, "onnx", onnx_path, pathlib.Path(scratch) / f"{stem}.reference.json", rows, seed)
            if reference is None:
                ok = False
                continue
            outputs, model = run_onnxruntime(onnx_path, reference["input"], common.input_array(reference))
            result = common.compare(model_path, reference["outputs"], outputs)
            result["rows"] = int(np.prod(reference["input_shape"][:-1]))
            result["input_shape"] = reference["input_shape"]
            result["operators"] = sorted({(n.domain + "." if n.domain else "") + n.op_type for n in model.graph.node})
            result["onnx_bytes"] = onnx_path.stat().st_size
            result["onnxruntime"] = ort.__version__
            print(json.dumps(result))
            ok = ok and result["pass"]
    return ok


def write_fixtures(directory):
    found = common.fixture_inputs(directory, "onnx")
    for name, document, path in found:
        outputs, _ = run_onnxruntime(path, document["input"], common.input_array(document))
        common.write_fixture(pathlib.Path(directory) / f"{name}.onnxruntime.json", "Benchmarks/peers/onnx_interop.py --fixtures",
                             {"onnxruntime": ort.__version__}, outputs)
    return bool(found)


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
