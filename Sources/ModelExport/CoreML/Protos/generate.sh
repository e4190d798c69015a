#!/bin/sh
# Regenerates Sources/ModelExport/CoreML/CoreML*.pb.swift from the Core ML specification subset
# that trim_descriptors.py writes (read it for what is kept and why). Run from the repository root:
#
#   python3 -m venv .venv && .venv/bin/pip install coremltools==9.0
#   PROTOC_GEN_SWIFT=/path/to/protoc-gen-swift sh Sources/ModelExport/CoreML/Protos/generate.sh
#
# protoc 3.21 (Debian's protobuf-compiler); protoc-gen-swift 1.39.0, built from apple/swift-protobuf
# at tag 1.39.0 (`swift build --product protoc-gen-swift`), the version Package.swift resolves.
set -eu
PYTHON=${PYTHON:-.venv/bin/python}
PLUGIN=${PROTOC_GEN_SWIFT:?set PROTOC_GEN_SWIFT to the protoc-gen-swift 1.39.0 executable}
HERE=Sources/ModelExport/CoreML/Protos
OUT=Sources/ModelExport/CoreML
SCRATCH=$(mktemp -d)
trap 'rm -rf "$SCRATCH"' EXIT

"$PYTHON" "$HERE/trim_descriptors.py" "$SCRATCH/coreml.pb"
protoc --plugin=protoc-gen-swift="$PLUGIN" --descriptor_set_in="$SCRATCH/coreml.pb" \
    --swift_out="$SCRATCH" --swift_opt=Visibility=Internal \
    Model.proto FeatureTypes.proto TreeEnsemble.proto NeuralNetwork.proto
for name in Model FeatureTypes TreeEnsemble NeuralNetwork; do
    mv "$SCRATCH/$name.pb.swift" "$OUT/CoreML$name.pb.swift"
done
echo "generate.sh: wrote $OUT/CoreML{Model,FeatureTypes,TreeEnsemble,NeuralNetwork}.pb.swift"
