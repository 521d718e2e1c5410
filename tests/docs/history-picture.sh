#!/usr/bin/env bash
# Renders the picture in the README: `patchpin history --format html` of the
# shipped gfx1103 patchset from its base to the newest commit of a TheRock
# clone, every commit checked (one cell per run of equal verdicts), screenshot by
# headless Chromium; prints the page size and the peak memory that made it.
# Usage: tests/docs/history-picture.sh THEROCK_CLONE [TO] [OUT.png]
set -euo pipefail
here="$(cd "$(dirname "$0")/../.." && pwd)"
repo="${1:?usage: $0 THEROCK_CLONE [TO] [OUT.png]}"
to="${2:-origin/main}"
out="${3:-$here/docs/history-gfx1103.png}"
browser="$(command -v chromium || command -v chromium-browser || true)"
[ -n "$browser" ] || { echo "chromium not found (apt-get install -y chromium)" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
base="$(sed -n 's/^base = "\([0-9a-f]*\)"/\1/p' "$here/patchsets/gfx1103/patchset.toml")"
/usr/bin/time -f '%M' -o "$work/peak" "$here/bin/patchpin" history "$here/patchsets/gfx1103" --repo "$repo" --from "$base" --to "$to" \
  --format html -o "$work/history.html" || [ $? -le 3 ]
# the grid only (the list of changes under it quotes upstream commit subjects)
"$browser" --headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update \
  --disable-sync --no-first-run --hide-scrollbars --user-data-dir="$work/profile" --window-size=1300,440 \
  --screenshot="$work/history.png" "file://$work/history.html" >/dev/null 2>&1
mkdir -p "$(dirname "$out")"
cp "$work/history.png" "$out"
echo "page $(wc -c < "$work/history.html") bytes, peak memory $(($(tail -1 "$work/peak") / 1024)) MiB"
echo "wrote $out ($(wc -c < "$out") bytes)"
