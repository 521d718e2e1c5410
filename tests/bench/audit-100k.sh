#!/usr/bin/env bash
# Benchmark (not a test): a 100,000-file work tree with 20 edited files, 10 of
# them explained by a patchset; times `patchpin audit` (JVM start included)
# against `git status` on the same tree in the same run (goal <= 2x).
# Usage: tests/bench/audit-100k.sh [WORKDIR]
. "$(dirname "$0")/bench.sh"
fresh_repo ps
python3 - <<'PY'
import os
for d in range(1000):
    os.makedirs("src/d%03d" % d, exist_ok=True)
    for f in range(100):
        with open("src/d%03d/f%03d.c" % (d, f), "w") as fh:
            fh.write("/* file %d/%d */\nint v%d_%d = %d;\nint keep = 1;\n" % (d, f, d, f, f))
PY
git add -A; git commit -qm base
"$pp" new "$work/ps" --repo . --name bench >/dev/null
for d in $(seq 0 9); do
  "$pp" add rewrite "$work/ps" --repo . --file "src/d00$d/f000.c" --find 'int keep = 1;' --replace 'int keep = 2;' --id "e$d" >/dev/null
done
"$pp" apply "$work/ps" --repo . >/dev/null 2>&1
for d in $(seq 10 19); do echo "/* mine */" >> "src/d0$d/f001.c"; done
git status --porcelain >/dev/null   # refresh the index stat data once, as any git user would have
t() { local s e; s=$(date +%s.%N); "$@" >/dev/null 2>&1 || true; e=$(date +%s.%N); echo "$e - $s" | bc; }
best() { local b=999; for i in 1 2 3; do local x; x=$(t "$@"); b=$(echo "if ($x < $b) $x else $b" | bc); done; echo "$b"; }
g=$(best git status --porcelain)
a=$(best "$pp" audit "$work/ps" --repo .)
"$pp" audit "$work/ps" --repo . | tail -1 || true
printf 'files: %s\n' "$(git ls-files | wc -l)"
printf '%-28s %6.2f s\n%-28s %6.2f s  (%.1fx git status; goal <= 2x)\n' "git status --porcelain" "$g" "patchpin audit" "$a" "$(echo "$a / $g" | bc -l)"
