#!/usr/bin/env bash
# Benchmark (not a test): a 50-entry patchset (25 format-patch mails imported,
# 25 sed rewrites) over 50 files, rebased onto an upstream commit that shifts
# every file by 5 lines: patches are regenerated (OFFSET), rewrites resealed.
# Times `patchpin rebase --onto HEAD` (target <= 2 s wall, JVM start included).
# Usage: tests/bench/rebase-50.sh [WORKDIR]
. "$(dirname "$0")/bench.sh"
fresh_repo ps mails sed.sh
for f in $(seq 1 50); do
  for l in $(seq 1 200); do echo "set(OPT_${f}_${l} \"v${l}\") # line ${l} of file ${f}"; done > "f$f.cmake"
done
git add -A; git commit -qm base
# 25 patches as format-patch mails: one commit each, exported, then dropped
for f in $(seq 1 25); do sed -i "s/OPT_${f}_100 \"v100\"/OPT_${f}_100 \"patched\"/" "f$f.cmake"; git commit -qam "patch file $f"; done
git format-patch -q -25 -o "$work/mails"; git reset -q --hard HEAD~25
for f in $(seq 26 50); do echo "sed -i 's/OPT_${f}_50 \"v50\"/OPT_${f}_50 \"patched\"/' f$f.cmake"; done > "$work/sed.sh"
"$pp" new "$work/ps" --repo . --name bench >/dev/null
"$pp" import "$work/ps" --repo . --from "$work/mails" --component . >/dev/null
"$pp" import-sed "$work/ps" --repo . --script "$work/sed.sh" >/dev/null
entries=$(grep -c '^\[\[entry\]\]' "$work/ps/patchset.toml")
for f in $(seq 1 50); do { printf '# upstream %s\n' 1 2 3 4 5; cat "f$f.cmake"; } > t && mv t "f$f.cmake"; done
git commit -qam upstream

t() { local s e; s=$(date +%s.%N); "$@" >/dev/null 2>&1 || true; e=$(date +%s.%N); echo "$e - $s" | bc; }
best=999
for i in 1 2 3; do
  rm -rf "$work/ps.run"; cp -r "$work/ps" "$work/ps.run"
  x=$(t "$pp" rebase "$work/ps.run" --repo . --onto HEAD); best=$(echo "if ($x < $best) $x else $best" | bc)
done
"$pp" rebase "$work/ps" --repo . --onto HEAD | tail -3
verify=$("$pp" verify "$work/ps" --repo . --rev HEAD --format json | grep -c '"EXACT"' || true)
printf 'patchpin rebase (%s entries): %.2f s (best of 3; target 2.00); afterwards %s EXACT at the new base\n' "$entries" "$best" "$verify"
