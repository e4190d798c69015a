#!/usr/bin/env python3
"""Core ML interop check without Core ML (which runs only on Apple systems): coremltools must read
the exported `.mlmodel`, and an independent evaluator of the specification must give OnDeviceML's
outputs.

The evaluator parses the file with coremltools' full specification (`coremltools.proto.Model_pb2`,
so the subset of the specification ModelExport encodes is checked to be wire-compatible), then
follows the specification's definitions in numpy (float64):
  - pipeline of treeEnsembleRegressor: per tree, from its root (the node no other node points to),
    BranchOnValue* nodes compare feature `branchFeatureIndex` with `branchFeatureValue` (a NaN
    feature follows the true child when `missingValueTracksTrueChild`, else the false child),
    leaves add `evaluationValue` to output `evaluationIndex`; plus `basePredictionValue`;
  - neuralNetwork: bias (add), scale (multiply), uniDirectionalLSTM (gates i, f, o and block
    input z with the layer's activations, cell clip, optional reversed input) and innerProduct
    (W x + b) on blobs [Seq, Batch, C].

Default mode (what `make interop` runs): `odml export --format coreml MODEL --reference ...` for
each model, then coremltools' reported inputs/outputs and the evaluator's differences; one JSON
line per model; exit 1 when a model fails.
Fixture mode (--fixtures DIR): for every DIR/NAME.mlmodel with DIR/NAME.input.json, writes
DIR/NAME.coreml.json (evaluator outputs and coremltools' inputs/outputs) for CoreMLParityTests.

Usage:
  python coreml_interop.py [--odml .build/release/odml] [--rows 1000] [MODEL.odml ...]
  python coreml_interop.py --fixtures Tests/ModelExportTests/Fixtures
"""
import argparse
import json
import logging
import pathlib
import sys
import tempfile

import numpy as np

logging.disable(logging.WARNING)
import coremltools as ct  # noqa: E402  (after silencing its "cannot load libcoremlpython" notices)
from coremltools.proto import Model_pb2  # noqa: E402

import interop_common as common  # noqa: E402

DEFAULT_MODELS = ["Models/cycle-lstm.odml", "Models/cycle-gbt.odml"]
# TreeNodeBehavior: BranchOnValueLessThanEqual = 0, ...LessThan, ...GreaterThanEqual, ...GreaterThan,
# ...Equal, ...NotEqual = 5, LeafNode = 6.
LEAF = 6


def load(path):
    """The parsed specification and what coremltools reports as its inputs and outputs."""
    spec = Model_pb2.Model()
    spec.ParseFromString(pathlib.Path(path).read_bytes())
    model = ct.models.MLModel(spec, skip_model_load=True)
    reported = {"version": ct.__version__, "specification_version": spec.specificationVersion,
                "inputs": [feature.name for feature in model.get_spec().description.input],
                "outputs": [feature.name for feature in model.get_spec().description.output]}
    return spec, reported


def tree_regressor(regressor, rows):
    parameters = regressor.treeEnsemble
    dimensions = parameters.numPredictionDimensions
    scores = np.tile(np.array(parameters.basePredictionValue, dtype=np.float64), (rows.shape[0], 1))
    trees = {}
    for node in parameters.nodes:
        trees.setdefault(node.treeId, {})[node.nodeId] = node
    for nodes in trees.values():
        branches = [n for n in nodes.values() if n.nodeBehavior != LEAF]
        children = {n.trueChildNodeId for n in branches} | {n.falseChildNodeId for n in branches}
        roots = [node_id for node_id in nodes if node_id not in children]
        assert len(roots) == 1, f"a tree has {len(roots)} roots"
        for row_index, row in enumerate(rows):
            node = nodes[roots[0]]
            while node.nodeBehavior != LEAF:
                x, v = row[node.branchFeatureIndex], node.branchFeatureValue
                if np.isnan(x):
                    goes_true = node.missingValueTracksTrueChild
                else:
                    goes_true = [x <= v, x < v, x >= v, x > v, x == v, x != v][node.nodeBehavior]
                node = nodes[node.trueChildNodeId if goes_true else node.falseChildNodeId]
            for evaluation in node.evaluationInfo:
                scores[row_index, evaluation.evaluationIndex] += evaluation.evaluationValue
    assert scores.shape[1] == dimensions
    return scores


def activation(params):
    kind = params.WhichOneof("NonlinearityType")
    if kind == "sigmoid":
        return lambda x: 1 / (1 + np.exp(-x))
    if kind == "tanh":
        return np.tanh
    if kind == "linear":
        return lambda x: params.linear.alpha * x + params.linear.beta
    raise ValueError(f"activation {kind} is not in the evaluator")


def weights(params, shape):
    return np.array(params.floatValue, dtype=np.float64).reshape(shape)


def lstm(layer, x):
    """x [T, B, C] -> y [T, B, H] (sequence output) per the UniDirectionalLSTMLayerParams definition."""
    p = layer.uniDirectionalLSTM
    hidden, inputs = p.outputVectorSize, p.inputVectorSize
    f_act, g_act, h_act = (activation(a) for a in p.activations)
    w = p.weightParams
    W = [weights(m, (hidden, inputs)) for m in (w.inputGateWeightMatrix, w.forgetGateWeightMatrix,
                                                w.blockInputWeightMatrix, w.outputGateWeightMatrix)]
    R = [weights(m, (hidden, hidden)) for m in (w.inputGateRecursionMatrix, w.forgetGateRecursionMatrix,
                                                w.blockInputRecursionMatrix, w.outputGateRecursionMatrix)]
    b = [weights(m, (hidden,)) if p.params.hasBiasVectors else np.zeros(hidden)
         for m in (w.inputGateBiasVector, w.forgetGateBiasVector, w.blockInputBiasVector, w.outputGateBiasVector)]
    if p.params.forgetBias:
        b[1] = b[1] + 1
    assert not p.params.hasPeepholeVectors and not p.params.coupledInputAndForgetGate
    clip = p.params.cellClipThreshold or 50.0
    steps = x[::-1] if p.reverseInput else x
    h = np.zeros((x.shape[1], hidden))
    c = np.zeros((x.shape[1], hidden))
    ys = []
    for xt in steps:
        i = f_act(xt @ W[0].T + h @ R[0].T + b[0])
        f = f_act(xt @ W[1].T + h @ R[1].T + b[1])
        z = g_act(xt @ W[2].T + h @ R[2].T + b[2])
        o = f_act(xt @ W[3].T + h @ R[3].T + b[3])
        c = np.clip(f * c + i * z, -clip, clip)
        h = o * h_act(c)
        ys.append(h)
    y = np.stack(ys)
    return y[::-1] if p.reverseInput else y


def neural_network(network, input_name, x):
    """Blobs [T, B, C] by name after running every layer on `x` (the input blob)."""
    blobs = {input_name: x.astype(np.float64)}
    for layer in network.layers:
        kind = layer.WhichOneof("layer")
        source = blobs[layer.input[0]]
        if kind == "bias":
            result = source + weights(layer.bias.bias, (-1,))
        elif kind == "scale":
            result = source * weights(layer.scale.scale, (-1,))
            if layer.scale.hasBias:
                result = result + weights(layer.scale.bias, (-1,))
        elif kind == "uniDirectionalLSTM":
            result = lstm(layer, source)
        elif kind == "innerProduct":
            ip = layer.innerProduct
            result = source @ weights(ip.weights, (ip.outputChannels, ip.inputChannels)).T
            if ip.hasBias:
                result = result + weights(ip.bias, (-1,))
        else:
            raise ValueError(f"layer type {kind} is not in the evaluator")
        blobs[layer.output[0]] = result
    return blobs


def evaluate(spec, values):
    """Outputs by name in the reference layout: [rows, K] for trees, [T, B, O] for a network."""
    kind = spec.WhichOneof("Type")
    if kind == "pipeline":
        outputs = {}
        for model in spec.pipeline.models:
            assert model.WhichOneof("Type") == "treeEnsembleRegressor"
            outputs[model.description.output[0].name] = tree_regressor(model.treeEnsembleRegressor, values.astype(np.float64))
        return outputs
    if kind == "neuralNetwork":
        blobs = neural_network(spec.neuralNetwork, spec.description.input[0].name, values)
        return {feature.name: blobs[feature.name] for feature in spec.description.output}
    raise ValueError(f"model type {kind} is not in the evaluator")


def check_models(odml, models, rows, seed):
    ok = True
    with tempfile.TemporaryDirectory() as scratch:
        for model_path in models:
            stem = pathlib.Path(model_path).stem
            path = pathlib.Path(scratch) / f"{stem}.mlmodel"
            reference = common.export(odml, model_path, "coreml", path, pathlib.Path(scratch) / f"{stem}.json", rows, seed)
            if reference is None:
                ok = False
                continue
            spec, reported = load(path)
            result = common.compare(model_path, reference["outputs"], evaluate(spec, common.input_array(reference)))
            result["rows"] = int(np.prod(reference["input_shape"][:-1]))
            result["mlmodel_bytes"] = path.stat().st_size
            result["coremltools"] = reported
            if reported["outputs"] != sorted(reference["outputs"], key=reported["outputs"].index):
                result["pass"] = False
                result["failures"].append(f"coremltools reports outputs {reported['outputs']}")
            print(json.dumps(result))
            ok = ok and result["pass"]
    return ok


def write_fixtures(directory):
    found = common.fixture_inputs(directory, "mlmodel")
    for name, document, path in found:
        spec, reported = load(path)
        outputs = evaluate(spec, common.input_array(document))
        common.write_fixture(pathlib.Path(directory) / f"{name}.coreml.json", "Benchmarks/peers/coreml_interop.py --fixtures",
                             {"evaluator": "coreml_interop.py (numpy, float64)"}, outputs, coremltools=reported)
    return bool(found)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("models", nargs="*", default=DEFAULT_MODELS)
    parser.add_argument("--odml", default=".build/release/odml")
    parser.add_argument("--rows", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--fixtures", help="write DIR/*.coreml.json from DIR/*.mlmodel and DIR/*.input.json")
    arguments = parser.parse_args()
    if arguments.fixtures:
        sys.exit(0 if write_fixtures(arguments.fixtures) else 1)
    sys.exit(0 if check_models(arguments.odml, arguments.models, arguments.rows, arguments.seed) else 1)


if __name__ == "__main__":
    main()
