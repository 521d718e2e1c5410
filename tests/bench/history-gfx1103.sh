#!/usr/bin/env bash
# Benchmark (not a test) on a TheRock clone or bare mirror: `patchpin history` of the shipped patchsets/gfx1103
# (11 entries) over the first-parent line from its base to TO, every commit checked, as the HTML page, JSON and
# text, against one `verify --rev TO` of the same set. Targets: history <= 10x one verify, the page <= 1 MB, and
# <= 128 MiB peak memory. Prints the medians of RUNS runs (default 5) of each whole command (JVM start included):
# wall and CPU seconds and peak resident memory (GNU time), and the size of what it wrote.
# Usage: tests/bench/history-gfx1103.sh THEROCK [TO=origin/main] [WORKDIR]
set -euo pipefail
here="$(cd "$(dirname "$0")/../.." && pwd)"
pp="$here/bin/patchpin"
repo="$(cd "${1:?usage: $0 THEROCK [TO] [WORKDIR]}" && pwd)"
to="${2:-origin/main}"
work="${3:-$(mktemp -d)}"
runs="${RUNS:-5}"
set="$here/patchsets/gfx1103"
base="$(sed -n 's/^base = "\([0-9a-f]*\)"$/\1/p' "$set/patchset.toml")"
mkdir -p "$work"
"$pp" --version >/dev/null   # builds the jar outside the timed runs

# measure LABEL OUTPUT CMD...: RUNS runs of CMD (its exit code is a verdict, not a failure), then one line of medians
measure() {
  local label=$1 output=$2 i
  shift 2
  for i in $(seq "$runs"); do
    /usr/bin/time -f '%e %U %S %M' -o "$work/time" "$@" >"$work/stdout" 2>/dev/null || true
    tail -1 "$work/time" | awk '{ printf "%s %.2f %.0f\n", $1, $2 + $3, $4 / 1024 }'
  done >"$work/runs"
  med() { cut -d' ' -f"$1" "$work/runs" | sort -n | sed -n "$(((runs + 1) / 2))p"; }
  printf '%-24s %7s s wall %6s s CPU %5s MiB peak %9s bytes\n' "$label" "$(med 1)" "$(med 2)" "$(med 3)" \
    "$(wc -c <"$output")"
  echo "$(med 2)" >"$work/cpu.$label"
}
h=(history "$set" --repo "$repo" --from "$base" --to "$to")
measure verify "$work/stdout" "$pp" verify "$set" --repo "$repo" --rev "$to"
for format in html json text; do
  measure "history-$format" "$work/history.$format" "$pp" "${h[@]}" --format "$format" -o "$work/history.$format"
done
echo "history-html / verify, CPU: $(echo "scale=2; $(cat "$work/cpu.history-html") / $(cat "$work/cpu.verify")" | bc)x"
