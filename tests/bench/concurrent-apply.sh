#!/usr/bin/env bash
# Stress (not a test): two patchpin processes on one work tree at once.
# 50 tries of `apply A` beside `apply B` (same files, different lines), then
# 20 tries of `apply B` beside `revert A`. A try loses updates when a command
# exits 0 but its edits are not all in the tree afterwards; a command that
# exits 1 must have written nothing of its own. Usage: tests/bench/concurrent-apply.sh [WORKDIR]
. "$(dirname "$0")/bench.sh"
fresh_repo a b
for f in $(seq 1 10); do for l in $(seq 1 20); do echo "a$l=0"; echo "b$l=0"; done > "f$f.txt"; done
git add -A; git commit -qm base
for s in a b; do
  for f in $(seq 1 10); do for l in $(seq 1 10); do echo "sed -i 's/^$s$l=0\$/$s$l=1/' f$f.txt"; done; done > "$work/$s.sh"
  "$pp" new "$work/$s" --repo . >/dev/null
  "$pp" import-sed "$work/$s" --repo . --script "$work/$s.sh" >/dev/null
done
count() { cat f*.txt | grep -c "^$1[0-9]*=1$" || true; }   # 100 when a set is applied
lost=0 refused=0
for i in $(seq 1 50); do
  git checkout -q -- .
  "$pp" apply "$work/a" --repo . >/dev/null 2>"$work/ea" & pa=$!
  "$pp" apply "$work/b" --repo . >/dev/null 2>"$work/eb" & pb=$!
  xa=0; wait $pa || xa=$?; xb=0; wait $pb || xb=$?
  na=$(count a); nb=$(count b)
  { [ $xa -eq 0 ] && [ "$na" -ne 100 ]; } || { [ $xb -eq 0 ] && [ "$nb" -ne 100 ]; } && lost=$((lost + 1))
  [ $xa -ne 0 ] || [ $xb -ne 0 ] && refused=$((refused + 1))
done
echo "apply A | apply B: lost updates in $lost of 50 tries ($refused tries had one command refuse, exit 1)"
mixed=0
for i in $(seq 1 20); do
  git checkout -q -- .
  "$pp" apply "$work/a" --repo . >/dev/null 2>&1
  "$pp" revert "$work/a" --repo . >/dev/null 2>"$work/ea" & pa=$!
  "$pp" apply "$work/b" --repo . >/dev/null 2>"$work/eb" & pb=$!
  xa=0; wait $pa || xa=$?; xb=0; wait $pb || xb=$?
  na=$(count a); nb=$(count b)
  ok=1
  [ $xa -eq 0 ] && [ "$na" -ne 0 ] && ok=0
  [ $xa -ne 0 ] && [ "$na" -ne 100 ] && ok=0
  [ $xb -eq 0 ] && [ "$nb" -ne 100 ] && ok=0
  [ $xb -ne 0 ] && [ "$nb" -ne 0 ] && ok=0
  [ $ok -eq 1 ] || mixed=$((mixed + 1))
done
echo "revert A | apply B: mixed tree in $mixed of 20 tries"
