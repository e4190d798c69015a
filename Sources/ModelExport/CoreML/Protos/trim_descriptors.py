#!/usr/bin/env python3
"""Writes the subset of Apple's Core ML specification that ModelExport encodes, as a protobuf
FileDescriptorSet for `protoc --descriptor_set_in` (see generate.sh).

Source: the message descriptors compiled into coremltools 9.0 (PyPI, BSD-3-Clause; the
`coremltools/proto/*_pb2.py` modules are generated from `mlmodel/format/*.proto` of the
coremltools repository). Only the messages reachable from `Model` through the fields listed in
KEEP are written, with their field numbers, types and names unchanged, so the subset is
wire-compatible with the full specification: a file we write parses with coremltools' full
`Model_pb2` (Benchmarks/peers/coreml_interop.py checks that), and fields we do not keep are
simply never written. The full NeuralNetwork.proto alone would generate tens of thousands of
lines of Swift for some 150 layer types we never write.

Usage: python trim_descriptors.py OUT.pb   (in a virtualenv with coremltools==9.0)
"""
import sys

from google.protobuf import descriptor_pb2

from coremltools.proto import FeatureTypes_pb2, Model_pb2, NeuralNetwork_pb2, TreeEnsemble_pb2

PACKAGE = "CoreML.Specification"
# Messages whose fields are restricted to these names (every other kept message keeps all fields).
KEEP = {
    "Model": ["specificationVersion", "description", "pipeline", "treeEnsembleRegressor", "neuralNetwork"],
    "ModelDescription": ["input", "output", "predictedFeatureName", "predictedProbabilitiesName", "metadata"],
    "Pipeline": ["models", "names"],
    "FeatureType": ["multiArrayType", "isOptional"],
    "ArrayFeatureType": ["shape", "dataType", "shapeRange"],
    "NeuralNetwork": ["layers", "arrayInputShapeMapping", "imageInputShapeMapping"],
    "NeuralNetworkLayer": ["name", "input", "output", "innerProduct", "scale", "bias", "uniDirectionalLSTM"],
    "WeightParams": ["floatValue", "float16Value", "rawValue"],
    "ActivationParams": ["linear", "tanh", "sigmoid"],
}
ROOT = "Model"


def main(out_path):
    modules = [Model_pb2, FeatureTypes_pb2, TreeEnsemble_pb2, NeuralNetwork_pb2]
    files = {}
    for module in modules:
        proto = descriptor_pb2.FileDescriptorProto.FromString(module.DESCRIPTOR.serialized_pb)
        files[proto.name] = proto
    # Top-level message and enum name -> (file name, descriptor).
    messages, enums = {}, {}
    for name, proto in files.items():
        for message in proto.message_type:
            messages[message.name] = (name, message)
        for enum in proto.enum_type:
            enums[enum.name] = (name, enum)

    def top_level(type_name):
        # ".CoreML.Specification.ArrayFeatureType.ShapeRange" -> "ArrayFeatureType"
        return type_name[len(PACKAGE) + 2:].split(".")[0]

    def prune(message):
        keep = KEEP.get(message.name)
        if keep is not None:
            missing = set(keep) - {field.name for field in message.field}
            if missing:
                sys.exit(f"trim_descriptors: {message.name} has no field {sorted(missing)}")
            kept = [field for field in message.field if field.name in keep]
            del message.field[:]
            message.field.extend(kept)
            used_oneofs = sorted({field.oneof_index for field in kept if field.HasField("oneof_index")})
            renumber = {old: new for new, old in enumerate(used_oneofs)}
            oneofs = [message.oneof_decl[index] for index in used_oneofs]
            del message.oneof_decl[:]
            message.oneof_decl.extend(oneofs)
            for field in message.field:
                if field.HasField("oneof_index"):
                    field.oneof_index = renumber[field.oneof_index]

    def references(message):
        for field in message.field:
            if field.type_name:
                yield top_level(field.type_name)
        for nested in message.nested_type:
            yield from references(nested)

    kept_messages, kept_enums, queue = set(), set(), [ROOT]
    while queue:
        name = queue.pop()
        if name in kept_messages or name in kept_enums:
            continue
        if name in enums:
            kept_enums.add(name)
            continue
        if name not in messages:
            sys.exit(f"trim_descriptors: {name} is not in the coremltools descriptors")
        kept_messages.add(name)
        prune(messages[name][1])
        queue.extend(references(messages[name][1]))

    output = descriptor_pb2.FileDescriptorSet()
    defined_in = {name: messages[name][0] for name in kept_messages} | {name: enums[name][0] for name in kept_enums}
    for name, proto in files.items():
        trimmed = descriptor_pb2.FileDescriptorProto()
        trimmed.CopyFrom(proto)
        del trimmed.message_type[:]
        trimmed.message_type.extend(m for m in proto.message_type if m.name in kept_messages)
        del trimmed.enum_type[:]
        trimmed.enum_type.extend(e for e in proto.enum_type if e.name in kept_enums)
        used = {defined_in[ref] for m in trimmed.message_type for ref in references(m)} - {name}
        del trimmed.dependency[:]
        trimmed.dependency.extend(sorted(used))
        del trimmed.public_dependency[:]
        trimmed.ClearField("source_code_info")
        if trimmed.message_type or trimmed.enum_type:
            output.file.append(trimmed)
    # protoc needs every file after the files it imports.
    ordered, placed = [], set()
    while len(ordered) < len(output.file):
        for proto in output.file:
            if proto.name not in placed and all(dep in placed for dep in proto.dependency):
                ordered.append(proto)
                placed.add(proto.name)
    del output.file[:]
    output.file.extend(ordered)
    with open(out_path, "wb") as handle:
        handle.write(output.SerializeToString())
    for proto in output.file:
        print(f"{proto.name}: {len(proto.message_type)} messages, {len(proto.enum_type)} enums", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1])
