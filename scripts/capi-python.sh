#!/usr/bin/env bash
# Installs the Python package (bindings/python) with pip into CAPI/python, with the library folder
# of DIST copied inside it, as a user's `pip install ./bindings/python` does. When pip cannot build
# it here (no network for its build backend), the same layout is copied by hand, and this says so.
# Usage: scripts/capi-python.sh PYTHON CAPI DIST
set -euo pipefail
python=${1:?usage: capi-python.sh PYTHON CAPI DIST}
capi=${2:?usage: capi-python.sh PYTHON CAPI DIST}
dist=${3:?usage: capi-python.sh PYTHON CAPI DIST}
root="$(cd "$(dirname "$0")/.." && pwd)"
rm -rf "$capi/python"
if ODML_LIBRARY_DIR="$(realpath "$dist/lib")" "$python" -m pip install -q --disable-pip-version-check --target "$capi/python" \
     "$root/bindings/python" 2>"$capi/pip.log"; then
  rm -rf "$root/bindings/python/build" "$root"/bindings/python/src/*.egg-info
  echo "capi-python: pip installed ondeviceml into $capi/python with its own copy of the library"
else
  mkdir -p "$capi/python"
  cp -R "$root/bindings/python/src/ondeviceml" "$capi/python/ondeviceml"
  cp -R "$dist/lib" "$capi/python/ondeviceml/lib"
  echo "capi-python: pip could not build the package here (see $capi/pip.log); copied it with $dist/lib instead" >&2
fi
