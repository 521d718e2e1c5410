#!/usr/bin/env bash
# Benchmark (not a test): reading patchset.toml must be linear. Generates a
# workspace and sealed rewrite patchsets of 1,000 and 10,000 entries (through
# import-sed) and times verify, apply and audit on each (median of 3); the
# 10,000-entry verify must take <= 10x the 1,000-entry one.
# Usage: tests/bench/patchset-10k.sh [WORKDIR]
. "$(dirname "$0")/bench.sh"

t() { local s e; s=$(date +%s.%N); "$@" >/dev/null 2>&1 || true; e=$(date +%s.%N); echo "$e - $s" | bc; }
median() { local xs=(); for i in 1 2 3; do xs+=("$(t "$@")"); done; printf '%s\n' "${xs[@]}" | sort -n | sed -n 2p; }

run() { # $1 = entries; 100 entries per file
  local n=$1 files=$(( $1 / 100 )) ws="$work/ws$1" ps="$work/ps$1"
  rm -rf "$ws" "$ps"; mkdir -p "$ws"; cd "$ws"; git init -q -b main
  for f in $(seq 1 $files); do
    seq 1 100 | sed "s/.*/set(OPT_${f}_& \"v&\")/" > "f$f.cmake"
  done
  git add -A; git commit -qm base
  for f in $(seq 1 $files); do
    seq 1 100 | sed "s|.*|sed -i 's/OPT_${f}_& \"v&\"/OPT_${f}_\& \"p&\"/' f$f.cmake|"
  done > "$work/sed$n.sh"
  "$pp" new "$ps" --repo . --name bench >/dev/null
  local imp; imp=$(t "$pp" import-sed "$ps" --repo . --script "$work/sed$n.sh")
  local v; v=$(median "$pp" verify "$ps" --repo . --rev HEAD)
  local a; a=$(t "$pp" apply "$ps" --repo .)
  local au; au=$(t "$pp" audit "$ps" --repo .)
  local changed; changed=$(git status --porcelain | wc -l)
  printf '%6d entries: import-sed %7.2f s  verify %7.2f s  apply %7.2f s  audit %7.2f s  (%d files changed)\n' \
    "$(grep -c '^\[\[entry\]\]' "$ps/patchset.toml")" "$imp" "$v" "$a" "$au" "$changed"
  echo "$v" > "$work/verify$n"
}
run 1000
run 10000
echo "verify 10,000 / 1,000: $(echo "$(cat "$work/verify10000") / $(cat "$work/verify1000")" | bc -l | cut -c1-5)x (target <= 10x)"
