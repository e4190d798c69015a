#!/usr/bin/env bash
# Installs the system libraries and tools OnDeviceML uses, only when they are missing; with
# `--cross`, also the arm64 cross headers, libraries and emulator scripts/check-aarch64.sh uses (CI).
set -euo pipefail
missing=()
# OpenBLAS is opened at run time by TensorCore (no headers or pkg-config needed to build).
ldconfig -p 2>/dev/null | grep -q 'libopenblas[po]\?\.so\.0 ' || missing+=(libopenblas0)
[ -f /usr/include/sqlite3.h ] || missing+=(libsqlite3-dev)
# The C API's bindings and checks (make capi-test): a JDK for the JNI shim and its test, pytest,
# valgrind for the leak check.
command -v javac >/dev/null || missing+=(default-jdk-headless)
python3 -c 'import pytest' 2>/dev/null || missing+=(python3-pytest)
command -v valgrind >/dev/null || missing+=(valgrind)
cross=()
if [ "${1:-}" = "--cross" ]; then
  [ -f /usr/aarch64-linux-gnu/include/stdio.h ] || cross+=(libc6-dev-arm64-cross)
  compgen -G "/usr/lib/gcc-cross/aarch64-linux-gnu/*/libgcc.a" >/dev/null || cross+=(libgcc-dev-arm64-cross)
  command -v qemu-aarch64 >/dev/null || cross+=(qemu-user)
fi
if [ ${#missing[@]} -gt 0 ] || [ ${#cross[@]} -gt 0 ]; then
  echo "Installing system packages: ${missing[*]} ${cross[*]}" >&2
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  if [ ${#missing[@]} -gt 0 ]; then
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
  if [ ${#cross[@]} -gt 0 ]; then
    # libgcc-N-dev-arm64-cross: N is the distribution's GCC (12 on Debian 12, 14 on Debian 13).
    libgcc=$(apt-cache pkgnames libgcc- | grep -E '^libgcc-[0-9]+-dev-arm64-cross$' | sort -V | tail -n 1)
    cross=("${cross[@]/libgcc-dev-arm64-cross/$libgcc}")
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${cross[@]}" >/dev/null
  fi
fi
