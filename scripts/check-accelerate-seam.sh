#!/usr/bin/env bash
# Type-checks TensorCore's Apple branch (Accelerate) on Linux: `swiftc -typecheck` of
# Sources/TensorCore with a module named Accelerate that holds Apple's declarations of the calls
# TensorCore makes (scripts/accelerate-declarations/, copied from the SDK headers), and TensorCore's
# own C module (CTensorCoreKernels: the CPU, the vector kernels), so that
# `#if canImport(Accelerate)` is taken. Catches a BLAS call added on the Linux side only, a wrong
# argument type (Int32 vs __LAPACK_int, pointer nullability) or a missing `#if` branch; it cannot
# link or run anything. Exit status: swiftc's.
set -euo pipefail
cd "$(dirname "$0")/.."
swiftc -typecheck -module-name TensorCore -package-name OnDeviceML -I scripts/accelerate-declarations \
  -I Sources/CTensorCoreKernels/include \
  Sources/TensorCore/*.swift
echo "check-accelerate-seam: TensorCore's Accelerate branch type-checks against Apple's declarations"
