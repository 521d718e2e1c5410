#!/usr/bin/env bash
# Benchmark (not a test): a generated workspace with a 1,000-entry patchset
# over 200 files; times `patchpin verify --rev HEAD` (target <= 1.5 s wall,
# JVM start included) and `patchpin apply` (<= 2 s) against the equivalent
# `sed -i` script, which checks nothing. Usage: tests/bench/verify-rewrites.sh [WORKDIR]
. "$(dirname "$0")/bench.sh"
files=200 per=5

fresh_repo ps sed.sh
for f in $(seq 1 $files); do
  mkdir -p "src/d$((f % 20))"
  { for l in $(seq 1 60); do echo "set(OPTION_${f}_${l} \"value ${l}\") # line ${l} of file ${f}"; done; } > "src/d$((f % 20))/f$f.cmake"
done
git add -A; git commit -qm base
base=$(git rev-parse HEAD)

# the patchset (sealed entries as 'add' writes them) and the sed script doing the same edits
{ echo "set -e"
  for f in $(seq 1 $files); do
    for k in $(seq 1 $per); do
      l=$((k * 10))
      echo "sed -i 's/OPTION_${f}_${l} \"value ${l}\"/OPTION_${f}_${l} \"patched ${l}\"/' src/d$((f % 20))/f$f.cmake"
    done
  done
} > "$work/sed.sh"
"$pp" new "$work/ps" --repo . --name bench >/dev/null
# import the sed script itself: 1,000 sealed rewrites
"$pp" import-sed "$work/ps" --repo . --script "$work/sed.sh" >/dev/null
entries=$(grep -c '^\[\[entry\]\]' "$work/ps/patchset.toml")

t() { local s e; s=$(date +%s.%N); "$@" >/dev/null 2>&1 || true; e=$(date +%s.%N); echo "$e - $s" | bc; }
best() { local b=999; for i in 1 2 3; do local x; x=$(t "$@"); b=$(echo "if ($x < $b) $x else $b" | bc); done; echo "$b"; }

v=$(best "$pp" verify "$work/ps" --repo . --rev HEAD)
verdicts=$("$pp" verify "$work/ps" --repo . --rev HEAD --format json | grep -c '"EXACT"' || true)
a=$(t "$pp" apply "$work/ps" --repo .)
applied=$(git status --porcelain | wc -l)
git checkout -q -- .
s=$(t bash "$work/sed.sh")
git checkout -q -- .

printf '%-34s %8s %8s %8s\n' "step ($entries entries, $files files)" "seconds" "target" "vs sed"
printf '%-34s %8.2f %8s %7.1fx\n' "patchpin verify --rev HEAD" "$v" "1.50" "$(echo "$v / $s" | bc -l)"
printf '%-34s %8.2f %8s %7.1fx\n' "patchpin apply" "$a" "2.00" "$(echo "$a / $s" | bc -l)"
printf '%-34s %8.2f %8s %8s\n' "sed -i script (checks nothing)" "$s" "-" "1.0x"
echo "verify: $verdicts EXACT verdicts; apply changed $applied files"
