#!/usr/bin/env python3
"""Peer for `odml-bench lstm`: the same LSTM (input 24, hidden 32) in PyTorch eager and in
onnxruntime (the torch model exported to ONNX here), with the same closed-form weights and
inputs as Benchmarks/odml-bench/LSTMSuite.swift. Prints one JSON line per (case, peer).

Cases: inference_b1_t90_h32 (1 thread), streaming_step_h32 (1 thread),
training_b64_t90_h32 (PyTorch only, 2 threads: forward + backward + Adam, per-step head, MSE).

Timing scheme as in Benchmarks/odml-bench/BenchmarkHarness.swift: warm up (>= 3 calls, >= 50 ms),
calls per repetition chosen so one repetition lasts about 2 ms, median and p99 (nearest rank) of
per-call times over the repetitions.

Usage: bench_lstm.py [--threads N (training; inference uses 1)] [--repetitions N] [--filter TEXT]
"""
import argparse
import io
import json
import time
import warnings

import numpy as np
import onnxruntime as ort
import torch

INPUT, HIDDEN, STEPS, BATCH = 24, 32, 90, 64


def pattern(shape, scale, frequency, phase):
    count = int(np.prod(shape))
    return (scale * np.sin(frequency * np.arange(count, dtype=np.float64) + phase)).astype(np.float32).reshape(shape)


def build_model():
    lstm = torch.nn.LSTM(INPUT, HIDDEN)
    head = torch.nn.Linear(HIDDEN, 1)
    with torch.no_grad():
        lstm.weight_ih_l0.copy_(torch.from_numpy(pattern([4 * HIDDEN, INPUT], 0.2, 0.37, 1)))
        lstm.weight_hh_l0.copy_(torch.from_numpy(pattern([4 * HIDDEN, HIDDEN], 0.2, 0.23, 2)))
        lstm.bias_ih_l0.copy_(torch.from_numpy(pattern([4 * HIDDEN], 0.1, 0.11, 0)))
        lstm.bias_hh_l0.copy_(torch.from_numpy(pattern([4 * HIDDEN], 0.1, 0.07, 3)))
        head.weight.copy_(torch.from_numpy(pattern([1, HIDDEN], 0.3, 0.5, 0.5)))
        head.bias.fill_(0.05)
    return lstm, head


def calls_per_repetition(body):
    calls, elapsed = 0, 0.0
    while calls < 3 or elapsed < 50_000:
        start = time.perf_counter_ns()
        body()
        elapsed += (time.perf_counter_ns() - start) / 1e3
        calls += 1
    return max(1, round(2_000 / (elapsed / calls)))


def measure(body, repetitions):
    calls = calls_per_repetition(body)
    samples = []
    for _ in range(repetitions):
        start = time.perf_counter_ns()
        for _ in range(calls):
            body()
        samples.append((time.perf_counter_ns() - start) / 1e3 / calls)
    samples.sort()
    p99 = samples[min(len(samples) - 1, int(np.ceil(len(samples) * 0.99)) - 1)]
    return samples[len(samples) // 2], p99


def emit(case, peer, timing, **extra):
    record = {"benchmark": "lstm", "case": case, "peer": peer, "peer_median_us": timing[0], "peer_p99_us": timing[1]}
    record.update(extra)
    print(json.dumps(record, sort_keys=True), flush=True)


def export_onnx(module, args, input_names, output_names):
    buffer = io.BytesIO()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            torch.onnx.export(module, args, buffer, input_names=input_names, output_names=output_names, dynamo=False, opset_version=17)
        except TypeError:
            torch.onnx.export(module, args, buffer, input_names=input_names, output_names=output_names, opset_version=17)
    options = ort.SessionOptions()
    options.intra_op_num_threads = 1
    options.inter_op_num_threads = 1
    return ort.InferenceSession(buffer.getvalue(), options, providers=["CPUExecutionProvider"])


class StepModule(torch.nn.Module):
    def __init__(self, lstm):
        super().__init__()
        self.lstm = lstm

    def forward(self, x, h, c):
        out, (h1, c1) = self.lstm(x, (h, c))
        return out, h1, c1


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--repetitions", type=int, default=50)
    parser.add_argument("--filter", default="")
    arguments = parser.parse_args()
    repetitions = arguments.repetitions
    torch.manual_seed(0)
    lstm, head = build_model()
    sequence = torch.from_numpy(pattern([STEPS, 1, INPUT], 1, 0.05, 0.3))

    wanted = lambda case: arguments.filter in case
    if wanted("inference_b1_t90_h32"):
        # 1. Batch-1 inference over 90 steps, 1 thread.
        torch.set_num_threads(1)
        with torch.inference_mode():
            out, _ = lstm(sequence)
            timing = measure(lambda: lstm(sequence), repetitions)
        emit("inference_b1_t90_h32", "pytorch-eager", timing, threads=1, checksum=float(out.sum()))
        session = export_onnx(lstm, (sequence,), ["x"], ["y", "h", "c"])
        feed = {"x": sequence.numpy()}
        ort_out = session.run(None, feed)[0]
        timing = measure(lambda: session.run(None, feed), repetitions)
        emit("inference_b1_t90_h32", "onnxruntime", timing, threads=1, checksum=float(ort_out.sum()))

    if wanted("streaming_step_h32"):
        # 2. One streaming step: carry (h, c), feed one day.
        h = torch.zeros(1, 1, HIDDEN)
        c = torch.zeros(1, 1, HIDDEN)
        with torch.inference_mode():
            for t in range(STEPS):
                _, (h, c) = lstm(sequence[t:t + 1], (h, c))
            checksum = float(h.sum())
            state = {"h": h, "c": c, "t": 0}

            def torch_step():
                _, (state["h"], state["c"]) = lstm(sequence[state["t"] % STEPS: state["t"] % STEPS + 1], (state["h"], state["c"]))
                state["t"] += 1

            timing = measure(torch_step, repetitions)
        emit("streaming_step_h32", "pytorch-eager", timing, threads=1, checksum=checksum)
        step_session = export_onnx(StepModule(lstm), (sequence[0:1], torch.zeros(1, 1, HIDDEN), torch.zeros(1, 1, HIDDEN)),
                                   ["x", "h0", "c0"], ["y", "h1", "c1"])
        days = sequence.numpy()
        hn = np.zeros((1, 1, HIDDEN), np.float32)
        cn = np.zeros((1, 1, HIDDEN), np.float32)
        for t in range(STEPS):
            _, hn, cn = step_session.run(None, {"x": days[t:t + 1], "h0": hn, "c0": cn})
        checksum = float(hn.sum())
        ort_state = {"h": hn, "c": cn, "t": 0}

        def ort_step():
            t = ort_state["t"] % STEPS
            _, ort_state["h"], ort_state["c"] = step_session.run(None, {"x": days[t:t + 1], "h0": ort_state["h"], "c0": ort_state["c"]})
            ort_state["t"] += 1

        timing = measure(ort_step, repetitions)
        emit("streaming_step_h32", "onnxruntime", timing, threads=1, checksum=checksum)

    if wanted("training_b64_t90_h32"):
        # 3. Training throughput: batch 64 × 90 steps, 2 threads.
        torch.set_num_threads(arguments.threads)
        batch = torch.from_numpy(pattern([STEPS, BATCH, INPUT], 1, 0.05, 0.3))
        targets = torch.from_numpy(pattern([STEPS * BATCH, 1], 0.5, 0.013, 0))
        parameters = list(lstm.parameters()) + list(head.parameters())
        optimizer = torch.optim.Adam(parameters, lr=1e-3)
        last = {}

        def train_step():
            optimizer.zero_grad()
            out, _ = lstm(batch)
            predictions = head(out.reshape(STEPS * BATCH, HIDDEN))
            loss = torch.nn.functional.mse_loss(predictions, targets)
            loss.backward()
            optimizer.step()
            last["loss"] = float(loss.detach())

        timing = measure(train_step, repetitions)
        emit("training_b64_t90_h32", "pytorch-eager", timing, threads=arguments.threads,
             sequences_per_second=BATCH / (timing[0] / 1e6), last_loss=last["loss"])


if __name__ == "__main__":
    main()
