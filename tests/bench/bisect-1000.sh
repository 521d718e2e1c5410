#!/usr/bin/env bash
# Benchmark (not a test): 1,000 first-parent commits generated with
# git fast-import; an entry's anchor disappears at commit 700. Times
# `patchpin bisect` (target <= 3 s wall, JVM start included).
# Usage: tests/bench/bisect-1000.sh [WORKDIR]
. "$(dirname "$0")/bench.sh"
fresh_repo ps
python3 - <<'PY' | git fast-import --quiet
import sys
out = sys.stdout
for i in range(1001):
    anchor = "set(ANCHOR ON)\n" if i < 700 else "set(ANCHOR_RENAMED ON)\n"
    body = "# build options\n" + "".join("set(X%d %d)\n" % (k, k) for k in range(50)) + anchor + "set(Y 1)\n"
    counter = "%d\n" % i
    msg = "upstream %d\n" % i
    out.write("commit refs/heads/main\n")
    out.write("committer b <b@x> %d +0000\n" % (1700000000 + i * 60))
    out.write("data %d\n%s" % (len(msg), msg))
    out.write("M 100644 inline opts.cmake\ndata %d\n%s\n" % (len(body.encode()), body))
    out.write("M 100644 inline counter.txt\ndata %d\n%s\n" % (len(counter), counter))
PY
git checkout -q -f main
first=$(git rev-list --max-parents=0 HEAD)
"$pp" new "$work/ps" --repo . --rev "$first" --name bench >/dev/null
"$pp" add rewrite "$work/ps" --repo . --file opts.cmake --find 'set(ANCHOR ON)' --replace 'set(ANCHOR OFF)' --id anchor >/dev/null
t() { local s e; s=$(date +%s.%N); "$@" >/dev/null 2>&1 || true; e=$(date +%s.%N); echo "$e - $s" | bc; }
best=999
for i in 1 2 3; do x=$(t "$pp" bisect "$work/ps" --repo . --entry anchor --good "$first" --bad HEAD); best=$(echo "if ($x < $best) $x else $best" | bc); done
"$pp" bisect "$work/ps" --repo . --entry anchor --good "$first" --bad HEAD | sed -n '1,2p;$p'
printf 'patchpin bisect over %s first-parent commits: %.2f s (best of 3; target 3.00)\n' "$(git rev-list --count --first-parent "$first"..HEAD)" "$best"
