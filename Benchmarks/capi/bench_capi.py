"""odml_predict and odml_explain through the Python package, timed as bench_capi.c times them.

usage: python3 bench_capi.py MODEL DATA USER DATE REPETITIONS   (one JSON line per case)
"""
import json
import math
import sys
import time

import ondeviceml


def measure(name, call, repetitions):
    calls, elapsed = 0, 0.0
    while calls < 3 or elapsed < 0.05:
        start = time.perf_counter()
        call()
        elapsed += time.perf_counter() - start
        calls += 1
    per_repetition = max(1, round(0.002 / (elapsed / calls)))
    samples = []
    for _ in range(repetitions):
        start = time.perf_counter()
        for _ in range(per_repetition):
            call()
        samples.append((time.perf_counter() - start) / per_repetition * 1e6)
    samples.sort()
    middle = len(samples) // 2
    median = samples[middle] if len(samples) % 2 else (samples[middle - 1] + samples[middle]) / 2
    p99 = samples[max(math.ceil(0.99 * len(samples)) - 1, 0)]
    print(json.dumps({"via": "python", "case": name, "median_us": round(median, 3), "p99_us": round(p99, 3),
                      "repetitions": repetitions, "calls_per_repetition": per_repetition}))


def main(model_path, data, user, date, repetitions):
    model = ondeviceml.Model.load(model_path)
    history = ondeviceml.History.load(data, user=user)
    for _ in range(100):
        ondeviceml.explain_json(model, history, date=date, language="en")
    measure("predict_json", lambda: ondeviceml.predict_json(model, history, date=date, language="en"), int(repetitions))
    measure("explain_json", lambda: ondeviceml.explain_json(model, history, date=date, language="en"), int(repetitions))


if __name__ == "__main__":
    if len(sys.argv) != 6:
        sys.exit(__doc__.split("\n\n")[1].strip())
    main(*sys.argv[1:])
