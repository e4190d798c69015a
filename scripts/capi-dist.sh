#!/usr/bin/env bash
# Assembles the C API's relocatable folder from a release build: DIST/lib holds libOnDeviceMLC.so
# and the resource folders it reads beside itself (phrase books, templates, the app schema,
# Elaro's action library), DIST/include holds odml.h. Everything that loads the library
# (Examples/c, bindings/python, bindings/jvm) loads it from DIST/lib, never from the build folder.
# Usage: scripts/capi-dist.sh BUILD_DIR DIST   (e.g. .build/release .build/capi/dist)
set -euo pipefail
build=${1:?usage: scripts/capi-dist.sh BUILD_DIR DIST}
dist=${2:?usage: scripts/capi-dist.sh BUILD_DIR DIST}
root="$(cd "$(dirname "$0")/.." && pwd)"
[ -f "$build/libOnDeviceMLC.so" ] || { echo "capi-dist: $build/libOnDeviceMLC.so missing; swift build -c release --product OnDeviceMLC" >&2; exit 1; }
rm -rf "$dist"
mkdir -p "$dist/lib" "$dist/include"
# Stripped (the dynamic symbols stay: the 22 functions of odml.h); the build folder keeps the symbols.
strip --strip-unneeded -o "$dist/lib/libOnDeviceMLC.so" "$build/libOnDeviceMLC.so"
for module in Cycles Elaro Explanations Personalization; do
  cp -R "$build/OnDeviceML_$module.resources" "$dist/lib/"
done
cp "$root/Sources/OnDeviceMLC/include/odml.h" "$dist/include/"
echo "capi-dist: $dist (lib/libOnDeviceMLC.so $(du -k "$dist/lib/libOnDeviceMLC.so" | cut -f1) KB, 4 resource folders, include/odml.h)"
