#!/usr/bin/env python3
"""Reference fixtures for NeuralNet's LSTM + Linear, produced with torch.nn.LSTM.

For each case: random float32 weights, inputs and upstream gradients; a float64 forward of
torch.nn.LSTM (packed when lengths differ, so padded steps behave like NeuralNet's masking)
followed by nn.Linear on every step; the scalar
    L = sum(head(out) * d_output) + sum(h_n * d_final_hidden) + sum(c_n * d_final_cell)
is differentiated to give every parameter gradient and d_input. Values are computed in float64
from float32-representable data, so the fixture is the exact answer up to float64 rounding.

Usage: /work/venv/bin/python Benchmarks/peers/lstm_fixtures.py [--out Tests/NeuralNetTests/Fixtures/lstm_parity.json]
"""
import argparse
import json

import numpy as np
import torch
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence

CASES = [
    # name, input, hidden, layers, steps, batch, head outputs, lengths
    ("single_layer_masked", 3, 4, 1, 6, 2, 2, [6, 3]),
    ("two_layers_masked", 5, 8, 2, 7, 3, 3, [7, 4, 1]),
    ("batch1_unmasked", 4, 6, 1, 9, 1, 5, [9]),
]


def tensor_json(t):
    a = t.detach().cpu().numpy()
    return {"shape": list(a.shape), "data": [float(x) for x in a.reshape(-1)]}


def f32(rng, shape, scale=1.0):
    return torch.tensor((rng.standard_normal(shape) * scale).astype(np.float32), dtype=torch.float64)


def make_case(rng, name, inputs, hidden, layers, steps, batch, outputs, lengths):
    lstm = torch.nn.LSTM(inputs, hidden, num_layers=layers).double()
    head = torch.nn.Linear(hidden, outputs).double()
    bound = 1 / np.sqrt(hidden)
    with torch.no_grad():
        for p in list(lstm.parameters()) + list(head.parameters()):
            p.copy_(torch.tensor(rng.uniform(-bound * 2, bound * 2, p.shape).astype(np.float32), dtype=torch.float64))
    x = f32(rng, (steps, batch, inputs)).requires_grad_(True)
    d_out = f32(rng, (steps, batch, outputs))
    d_h = f32(rng, (layers, batch, hidden))
    d_c = f32(rng, (layers, batch, hidden))

    packed = pack_padded_sequence(x, torch.tensor(lengths), enforce_sorted=False)
    out_packed, (h_n, c_n) = lstm(packed)
    out, _ = pad_packed_sequence(out_packed, total_length=steps)
    y = head(out)
    loss = (y * d_out).sum() + (h_n * d_h).sum() + (c_n * d_c).sum()
    loss.backward()

    params = {}
    grads = {}
    for layer in range(layers):
        for torch_name, key in [("weight_ih", "weight_ih"), ("weight_hh", "weight_hh"), ("bias_ih", "bias_ih"), ("bias_hh", "bias_hh")]:
            p = getattr(lstm, f"{torch_name}_l{layer}")
            params[f"lstm.{layer}.{key}"] = tensor_json(p)
            grads[f"lstm.{layer}.{key}"] = tensor_json(p.grad)
    params["head.weight"] = tensor_json(head.weight)
    params["head.bias"] = tensor_json(head.bias)
    grads["head.weight"] = tensor_json(head.weight.grad)
    grads["head.bias"] = tensor_json(head.bias.grad)
    return {
        "name": name, "input_size": inputs, "hidden_size": hidden, "layers": layers, "steps": steps, "batch": batch,
        "output_size": outputs, "lengths": lengths,
        "parameters": params, "input": tensor_json(x), "d_output": tensor_json(d_out),
        "d_final_hidden": tensor_json(d_h), "d_final_cell": tensor_json(d_c),
        "lstm_output": tensor_json(out), "head_output": tensor_json(y),
        "final_hidden": tensor_json(h_n), "final_cell": tensor_json(c_n),
        "gradients": grads, "d_input": tensor_json(x.grad),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="Tests/NeuralNetTests/Fixtures/lstm_parity.json")
    parser.add_argument("--seed", type=int, default=20261123)
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    torch.manual_seed(args.seed)
    cases = [make_case(rng, *case) for case in CASES]
    document = {"generator": "Benchmarks/peers/lstm_fixtures.py", "torch": torch.__version__, "seed": args.seed, "cases": cases}
    with open(args.out, "w") as f:
        json.dump(document, f, separators=(",", ":"))
    print(f"wrote {args.out} ({len(cases)} cases)")


if __name__ == "__main__":
    main()
