#!/usr/bin/env python3
"""TFLite interop check: the LiteRT interpreter (ai-edge-litert) must give OnDeviceML's outputs.

Default mode (what `make interop` runs), for each model file:
  1. `odml export --format tflite MODEL --out X.tflite --reference X.json --rows N` writes the
     model and N deterministic feature rows with OnDeviceML's outputs for them;
  2. LiteRT runs it on the same rows (one thread): tree models on all rows at once, LSTM models one
     sequence at a time (batch 1, state reset with reset_all_variables() before each sequence);
     every output is compared with OnDeviceML's (interop_common.compare);
  3. the interpreter's latency (median, p99 over --repetitions invocations): one row for trees,
     one --steps-day sequence for an LSTM.
  It prints one JSON line per model (per-output max differences, file size, latency) and exits 1
  when a model fails.

Fixture mode (--fixtures DIR): for every DIR/NAME.tflite with DIR/NAME.input.json (written by
`ODML_REGENERATE_FIXTURES=1 swift test --filter ModelExportTests`), runs LiteRT and writes
DIR/NAME.litert.json, which LiteRTParityTests compares with OnDeviceML (no Python at test time).

Usage:
  python tflite_interop.py [--odml .build/release/odml] [--rows 1000] [MODEL.odml ...]
  python tflite_interop.py --fixtures Tests/ModelExportTests/Fixtures
"""
import argparse
import json
import importlib.metadata
import pathlib
import sys
import tempfile

import numpy as np
from ai_edge_litert.interpreter import Interpreter

import interop_common as common

DEFAULT_MODELS = ["Models/cycle-lstm.odml", "Models/cycle-gbt.odml"]
LITERT = {"litert": importlib.metadata.version("ai-edge-litert")}


class Runner:
    """One interpreter on one .tflite file."""

    def __init__(self, path):
        self.interpreter = Interpreter(model_path=str(path), num_threads=1)
        self.input = self.interpreter.get_input_details()[0]
        self.outputs = {detail["name"]: detail for detail in self.interpreter.get_output_details()}
        self.recurrent = len(self.input["shape"]) == 3
        self.shape = None

    def _resize(self, shape):
        if self.shape != list(shape):
            self.interpreter.resize_tensor_input(self.input["index"], list(shape))
            self.interpreter.allocate_tensors()
            self.shape = list(shape)

    def invoke(self, values):
        """Outputs for `values`: [rows, F] for trees; [steps, 1, F] for an LSTM (state reset first)."""
        self._resize(values.shape)
        if self.recurrent:
            self.interpreter.reset_all_variables()
        self.interpreter.set_tensor(self.input["index"], values)
        self.interpreter.invoke()
        return {name: self.interpreter.get_tensor(detail["index"]) for name, detail in self.outputs.items()}

    def run(self, values):
        """Outputs in the reference's layout: trees [rows, ...]; an LSTM [steps, batch, O] from
        `values` [steps, batch, F], one sequence per invocation."""
        if not self.recurrent:
            return self.invoke(values)
        columns = [self.invoke(np.ascontiguousarray(values[:, b:b + 1, :])) for b in range(values.shape[1])]
        return {name: np.concatenate([column[name] for column in columns], axis=1) for name in self.outputs}


def check_models(odml, models, rows, seed, repetitions, steps):
    ok = True
    with tempfile.TemporaryDirectory() as scratch:
        for model_path in models:
            stem = pathlib.Path(model_path).stem
            tflite_path = pathlib.Path(scratch) / f"{stem}.tflite"
            reference = common.export(odml, model_path, "tflite", tflite_path, pathlib.Path(scratch) / f"{stem}.json", rows, seed)
            if reference is None:
                ok = False
                continue
            values = common.input_array(reference)
            runner = Runner(tflite_path)
            result = common.compare(model_path, reference["outputs"], runner.run(values))
            result["rows"] = int(np.prod(reference["input_shape"][:-1]))
            result["tflite_bytes"] = tflite_path.stat().st_size
            features = values.shape[-1]
            if runner.recurrent:
                one = np.ascontiguousarray(np.resize(values[:, :1, :], (steps, 1, features)))
                case = f"one {steps}-step sequence"
            else:
                one = np.ascontiguousarray(values[:1])
                case = "one row"
            median, p99 = common.timings(lambda: runner.invoke(one), repetitions)
            result["litert_latency"] = {"case": case, "median_us": round(median, 1), "p99_us": round(p99, 1), "threads": 1}
            result.update(LITERT)
            print(json.dumps(result))
            ok = ok and result["pass"]
    return ok


def write_fixtures(directory):
    found = common.fixture_inputs(directory, "tflite")
    for name, document, path in found:
        outputs = Runner(path).run(common.input_array(document))
        common.write_fixture(pathlib.Path(directory) / f"{name}.litert.json", "Benchmarks/peers/tflite_interop.py --fixtures",
                             LITERT, outputs)
    return bool(found)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("models", nargs="*", default=DEFAULT_MODELS)
    parser.add_argument("--odml", default=".build/release/odml")
    parser.add_argument("--rows", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--repetitions", type=int, default=1000, help="timed invocations for the latency")
    parser.add_argument("--steps", type=int, default=365, help="sequence length of the LSTM latency case")
    parser.add_argument("--fixtures", help="write DIR/*.litert.json from DIR/*.tflite and DIR/*.input.json")
    arguments = parser.parse_args()
    if arguments.fixtures:
        sys.exit(0 if write_fixtures(arguments.fixtures) else 1)
    sys.exit(0 if check_models(arguments.odml, arguments.models, arguments.rows, arguments.seed,
                               arguments.repetitions, arguments.steps) else 1)


if __name__ == "__main__":
    main()
