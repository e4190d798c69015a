#!/usr/bin/env bash
# Installs the system libraries OnDeviceML links against, only when they are missing.
set -euo pipefail
missing=()
pkg-config --exists openblas 2>/dev/null || missing+=(libopenblas-dev pkg-config)
[ -f /usr/include/lapacke.h ] || missing+=(liblapacke-dev)
[ -f /usr/include/sqlite3.h ] || missing+=(libsqlite3-dev)
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing system packages: ${missing[*]}" >&2
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
