#!/usr/bin/env bash
# Benchmark (not a test) on a real TheRock clone: `update --latest-good --dry-run` of the shipped
# patchsets/gfx1103, locked at its base, along main (2,349 first-parent commits in the 2026-08 clone),
# against one `verify --rev` at main (target: update <= 3x) and a `bisect` of the entry update names as
# the next break. Medians of 5, JVM start included.
# Usage: tests/bench/update-therock.sh THEROCK_CLONE [WORKDIR]
set -euo pipefail
here="$(cd "$(dirname "$0")/../.." && pwd)"
pp="$here/bin/patchpin"
repo="$(cd "${1:?usage: $0 THEROCK_CLONE [WORKDIR]}" && pwd)"
work="${2:-$(mktemp -d)}"
base=18d09f38714be9a027100beae4f1d6878217fba1
"$pp" --version >/dev/null
rm -rf "$work/pins" "$work/patchsets"; mkdir -p "$work/pins" "$work/patchsets"
cp -r "$here/patchsets/gfx1103" "$work/patchsets/"
printf 'format = 1\npatchsets = ["gfx1103"]\n\n[[root]]\nname = "TheRock"\nurl = "https://github.com/ROCm/TheRock.git"\nref = "main"\n' \
  > "$work/pins/gfx1103.toml"
"$pp" lock --repo "$repo" --pins "$work/pins/gfx1103.toml" --rev "$base" -o "$work/pins/gfx1103.lock.toml" 2>/dev/null
u=(update "$work/pins/gfx1103.toml" --repo "$repo" --latest-good --dry-run)
report="$("$pp" "${u[@]}" 2>/dev/null || true)"
entry="$(echo "$report" | sed -n 's#.*next break: .* makes gfx1103/\([^ ]*\) .*#\1#p' | head -1)"
t() { /usr/bin/time -f '%e %U %S' -o "$work/time" "$@" >/dev/null 2>&1 || true; tail -1 "$work/time" | awk '{print $1, $2 + $3}'; }
median() { local runs; runs="$(cat)"; echo "$(echo "$runs" | cut -d' ' -f1 | sort -n | sed -n 3p) s wall, $(echo "$runs" | cut -d' ' -f2 | sort -n | sed -n 3p) s CPU"; }
m() { for i in 1 2 3 4 5; do t "$@"; done | median; }
echo "$report" | sed -n '1,3p'
echo "update --latest-good: $(m "$pp" "${u[@]}")"
echo "verify --rev main:    $(m "$pp" verify "$work/patchsets/gfx1103" --repo "$repo" --rev origin/main)"
echo "bisect $entry: $(m "$pp" bisect "$work/patchsets/gfx1103" --repo "$repo" --entry "$entry" --good "$base" --bad origin/main)"
