#!/usr/bin/env bash
# Builds the JVM binding against the C API's folder (scripts/capi-dist.sh): the classes
# (org.ondeviceml.Odml, OdmlException, the test OdmlTest and the example Predict) into OUT/classes,
# and OUT/lib, a folder of its own holding the JNI shim libodml_jni.so beside a copy of
# libOnDeviceMLC.so and its resource folders (the shim finds the library through $ORIGIN).
# Needs a JDK (javac; Debian's default-jdk-headless) and cc.
# Usage: bindings/jvm/build.sh DIST OUT
set -euo pipefail
dist=$(realpath "${1:?usage: build.sh DIST OUT}")
out=${2:?usage: build.sh DIST OUT}
here="$(cd "$(dirname "$0")" && pwd)"
java_home=${JAVA_HOME:-$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")}
rm -rf "$out"
mkdir -p "$out/classes" "$out/lib" "$out/include"
javac -Xlint:all -Werror -d "$out/classes" -h "$out/include" \
  "$here"/src/main/java/org/ondeviceml/*.java "$here"/src/test/java/org/ondeviceml/*.java "$here"/src/example/java/org/ondeviceml/*.java
cp -R "$dist/lib/." "$out/lib/"
cc -std=c99 -Wall -Wextra -Werror -shared -fPIC -O2 -I "$dist/include" -I "$out/include" -I "$java_home/include" \
  -I "$java_home/include/linux" "$here/src/main/c/odml_jni.c" -L "$out/lib" -lOnDeviceMLC -Wl,-rpath,'$ORIGIN' \
  -o "$out/lib/libodml_jni.so"
echo "jvm: $out/classes, $out/lib/libodml_jni.so (javac $(javac -version 2>&1 | cut -d' ' -f2))"
