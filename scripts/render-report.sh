#!/usr/bin/env bash
# Renders `odml validate --report DIR`'s report.html in headless Chromium and checks what a reader
# sees: the three summary lines (the Spike S3 verdict first), the scenario table and the Phase 2
# targets are in the rendered page, and the screenshot is a real
# picture (size and share of non-white pixels). Installs Debian's `chromium` when it is missing
# (apt-get; sudo when not root). Not run by CI.
#
# Usage: scripts/render-report.sh [REPORT_DIR] [OUT.png]
#   REPORT_DIR  default reports/validation
#   OUT.png     default REPORT_DIR/report.png (docs/validation-report.png is the committed one)
# Chromium runs with a proxy that refuses every connection, so a page that needed the network
# (a font, a script, an image) would render without it.
set -euo pipefail
dir=${1:-reports/validation}
out=${2:-$dir/report.png}
page="$dir/report.html"
[ -f "$page" ] || { echo "error: $page not found; run odml validate --report $dir first" >&2; exit 2; }

browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
  echo "Installing chromium (Debian package)" >&2
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends chromium >/dev/null
  browser=$(command -v chromium)
fi

url="file://$(cd "$(dirname "$page")" && pwd)/$(basename "$page")"
flags=(--headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run --disable-extensions
       --disable-background-networking --proxy-server=127.0.0.1:9 --virtual-time-budget=2000)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$browser" "${flags[@]}" --dump-dom "$url" > "$work/dom.html" 2> "$work/dom.err"
"$browser" "${flags[@]}" --window-size=1400,2600 --screenshot="$work/shot.png" "$url" > /dev/null 2> "$work/shot.err"
mkdir -p "$(dirname "$out")"
cp "$work/shot.png" "$out"

python3 - "$work/dom.html" "$out" <<'PY'
import re, struct, sys, zlib

dom = open(sys.argv[1], encoding="utf-8").read()
failures = []
verdict = re.search(r'<div id="verdict"[^>]*>(.*?)</div>', dom, re.S)
lines = re.findall(r"<p>(.*?)</p>", verdict.group(1), re.S) if verdict else []
if len(lines) != 3 or not lines[0].startswith("Spike S3") or not re.search(r"\b(GO|NO-GO)\b", lines[0]):
    failures.append("the rendered page does not lead with the three summary lines, the Spike S3 verdict first")
if not re.search(r'<table id="targets">', dom):
    failures.append("the rendered page has no Phase 2 target table")
table = re.search(r'<table id="scenarios">(.*?)</table>', dom, re.S)
rows = re.findall(r"<tr>", table.group(1)) if table else []
if len(rows) < 2:
    failures.append("the rendered page has no scenario table with at least one scenario row")
for external in ("http://", "https://", "<script", "<link", "@import", "url("):
    if external in dom:
        failures.append(f"the page references something outside itself: {external}")

# PNG: width, height and the share of pixels that are not white (8-bit RGB or RGBA, filter-decoded).
data = open(sys.argv[2], "rb").read()
if data[:8] != b"\x89PNG\r\n\x1a\n":
    sys.exit("error: the screenshot is not a PNG")
position, idat, header = 8, b"", None
while position < len(data):
    length, kind = struct.unpack(">I4s", data[position:position + 8])
    chunk = data[position + 8:position + 8 + length]
    if kind == b"IHDR":
        header = struct.unpack(">IIBBBBB", chunk)
    elif kind == b"IDAT":
        idat += chunk
    position += 12 + length
width, height, depth, colour = header[:4]
channels = {2: 3, 6: 4}.get(colour)
if depth != 8 or channels is None:
    sys.exit(f"error: unexpected PNG format (depth {depth}, colour type {colour})")
raw = zlib.decompress(idat)
stride = width * channels
previous = bytearray(stride)
non_white = 0
for y in range(height):
    kind = raw[y * (stride + 1)]
    line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
    for x in range(stride):
        left = line[x - channels] if x >= channels else 0
        up = previous[x]
        corner = previous[x - channels] if x >= channels else 0
        if kind == 1: line[x] = (line[x] + left) & 255
        elif kind == 2: line[x] = (line[x] + up) & 255
        elif kind == 3: line[x] = (line[x] + (left + up) // 2) & 255
        elif kind == 4:
            p = left + up - corner
            pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
            line[x] = (line[x] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
    for x in range(0, stride, channels):
        if min(line[x:x + 3]) < 235:
            non_white += 1
    previous = line
share = non_white / (width * height)
print(f"screenshot {sys.argv[2]}: {width}x{height}, {len(data):,} bytes, {share:.1%} non-white pixels")
if width < 800 or height < 600 or share < 0.01:
    failures.append(f"the screenshot looks blank ({share:.2%} non-white pixels)")
if failures:
    sys.exit("error: " + "; ".join(failures))
print("verdict: " + re.sub(r"<[^>]+>", "", verdict.group(1)).strip()[:300])
print(f"scenario table: {len(rows) - 1} scenario rows")
PY
