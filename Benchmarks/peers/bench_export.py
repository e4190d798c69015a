#!/usr/bin/env python3
"""Peer timings for `odml-bench export`: the LiteRT interpreter (ai-edge-litert) and onnxruntime
running the exports of the shipped models (`odml export --format tflite|onnx`), one thread:
  gbt_raw_scores_one_row  Models/cycle-gbt.odml, every head's raw scores for one feature row;
  lstm_heads_365_steps    Models/cycle-lstm.odml, every head over one 365-step sequence (LiteRT
                          resets the LSTM state before each invocation).
Inputs are OnDeviceML's reference rows (`odml export --reference`, seed 42); the LSTM sequence is
the first reference sequence repeated to 365 steps. Prints one JSON record per (case, peer).
Usage: python Benchmarks/peers/bench_export.py [--odml .build/release/odml] [--repetitions N]
"""
import argparse
import json
import pathlib
import sys
import tempfile

import numpy as np
import onnxruntime as ort

import interop_common as common
from tflite_interop import Runner

CASES = [("gbt_raw_scores_one_row", "Models/cycle-gbt.odml"), ("lstm_heads_365_steps", "Models/cycle-lstm.odml")]


def emit(case, peer, median, p99, **extra):
    print(json.dumps({"benchmark": "export", "case": case, "peer": peer, "peer_median_us": round(median, 3),
                      "peer_p99_us": round(p99, 3), **extra}), flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--odml", default=".build/release/odml")
    parser.add_argument("--threads", type=int, default=1, help="ignored: the runtimes use one thread, like odml-bench export")
    parser.add_argument("--repetitions", type=int, default=1000)
    arguments = parser.parse_args()
    if not pathlib.Path(arguments.odml).exists():
        sys.exit(f"bench_export.py: {arguments.odml} not found (swift build -c release --product odml)")
    with tempfile.TemporaryDirectory() as scratch:
        for case, model in CASES:
            stem = pathlib.Path(model).stem
            files = {}
            for fmt in ["tflite", "onnx"]:
                files[fmt] = pathlib.Path(scratch) / f"{stem}.{fmt}"
                reference = common.export(arguments.odml, model, fmt, files[fmt], pathlib.Path(scratch) / f"{stem}.{fmt}.json", 1000, 42)
                if reference is None:
                    sys.exit(1)
            values = common.input_array(reference)
            if values.ndim == 3:
                one = np.ascontiguousarray(np.resize(values[:, :1, :], (365, 1, values.shape[-1])))
            else:
                one = np.ascontiguousarray(values[:1])
            runner = Runner(files["tflite"])
            median, p99 = common.timings(lambda: runner.invoke(one), arguments.repetitions)
            emit(case, "litert", median, p99, file_bytes=files["tflite"].stat().st_size)
            options = ort.SessionOptions()
            options.intra_op_num_threads = 1
            session = ort.InferenceSession(str(files["onnx"]), options, providers=["CPUExecutionProvider"])
            median, p99 = common.timings(lambda: session.run(None, {"features": one}), arguments.repetitions)
            emit(case, "onnxruntime", median, p99, file_bytes=files["onnx"].stat().st_size)


if __name__ == "__main__":
    main()
