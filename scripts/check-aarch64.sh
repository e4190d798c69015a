#!/usr/bin/env bash
# The C targets on arm64, checked from an x86-64 Linux machine:
#  1. every C target (Sources/C*/ with .c files) compiles for aarch64-linux-gnu with the Swift
#     toolchain's clang, warnings as errors (NEON, the CRC32 instructions, no x86 leftovers);
#  2. scripts/kernel-parity/kernel_parity.c, linked with all of them, runs each kernel's fast path
#     against its portable reference: under qemu-aarch64 (NEON, CRC32) and natively (AVX2 + FMA,
#     PCLMULQDQ, F16C).
# Needs libc6-dev-arm64-cross, libgcc-N-dev-arm64-cross and qemu-user (`scripts/install-system-deps.sh --cross`).
# Exit status: 0 all pass, 1 a compile error or a kernel difference.
set -euo pipefail
cd "$(dirname "$0")/.."
CLANG=${CLANG:-$(dirname "$(readlink -f "$(command -v swift)")")/clang}
SYSROOT=/usr/aarch64-linux-gnu
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

includes=()
sources=()
for target in Sources/C*/; do
  compgen -G "${target}*.c" >/dev/null || continue   # CBLAS: a system library, no C of its own
  includes+=(-I "${target}include")
  for source in "${target}"*.c; do sources+=("$source"); done
done
flags=(-std=gnu11 -O2 -Wall -Wextra -Werror)

for source in "${sources[@]}"; do
  "$CLANG" --target=aarch64-linux-gnu "${flags[@]}" "${includes[@]}" -c "$source" -o "$WORK/$(basename "$source").o"
done
echo "check-aarch64: ${#sources[@]} C files compile for aarch64-linux-gnu: ${sources[*]}"

parity=(scripts/kernel-parity/kernel_parity.c "${sources[@]}")
"$CLANG" --target=aarch64-linux-gnu -fuse-ld=lld "${flags[@]}" "${includes[@]}" "${parity[@]}" -lm -o "$WORK/parity-aarch64"
echo "check-aarch64: kernel parity under qemu-aarch64:"
qemu-aarch64 -L "$SYSROOT" "$WORK/parity-aarch64"
"$CLANG" "${flags[@]}" "${includes[@]}" "${parity[@]}" -lm -o "$WORK/parity-native"
echo "check-aarch64: kernel parity on this $(uname -m) CPU:"
"$WORK/parity-native"
