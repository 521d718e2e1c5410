#!/usr/bin/env bash
# Benchmark (not a test): 10,000 first-parent commits generated with
# git fast-import (with one side branch merged in at commit 5,000); an entry's
# anchor gets sealed context changes at commit 3,000 (DRIFTED) and disappears
# at 7,000. Times, median of 5 whole runs (JVM start included):
#   patchpin bisect (first not-ok), bisect --until broken, a refusal
#   (--good on the side branch), and `git rev-list --first-parent --count`
#   over the same line for comparison.
# Usage: tests/bench/bisect-10000.sh [WORKDIR] [COMMITS]
. "$(dirname "$0")/bench.sh"
n="${2:-10000}"
fresh_repo ps
N="$n" python3 - <<'PY' | git fast-import --quiet
import os, sys
out = sys.stdout
n = int(os.environ["N"])
drift, gone, merge = n * 3 // 10, n * 7 // 10, n // 2
def body(i):
    near = "set(NEAR 1)\n" if i < drift else "set(NEAR 2)\n"
    anchor = "set(ANCHOR ON)\n" if i < gone else "set(ANCHOR_RENAMED ON)\n"
    return "# build options\n" + "".join("set(X%d %d)\n" % (k, k) for k in range(50)) + near + anchor + "set(Y 1)\n"
def commit(ref, i, mark, parents, files):
    msg = "upstream %d\n" % i
    out.write("commit %s\nmark :%d\n" % (ref, mark))
    out.write("committer b <b@x> %d +0000\n" % (1700000000 + i * 60))
    out.write("data %d\n%s" % (len(msg), msg))
    for k, p in enumerate(parents):
        out.write(("from" if k == 0 else "merge") + " :%d\n" % p)
    for name, text in files:
        out.write("M 100644 inline %s\ndata %d\n%s\n" % (name, len(text.encode()), text))
for i in range(n + 1):
    parents = [i] if i > 0 else []
    if i == merge:
        commit("refs/heads/side", i, 10**7, [merge - 1], [("side.txt", "side\n")])
        parents.append(10**7)
    commit("refs/heads/main", i, i + 1, parents, [("opts.cmake", body(i)), ("counter.txt", "%d\n" % i)])
PY
git checkout -q -f main
first=$(git rev-list --max-parents=0 HEAD)
side=$(git rev-parse side)
"$pp" new "$work/ps" --repo . --rev "$first" --name bench >/dev/null
"$pp" add rewrite "$work/ps" --repo . --file opts.cmake --find 'set(ANCHOR ON)' --replace 'set(ANCHOR OFF)' --id anchor >/dev/null
# one run: "wall cpu" seconds (cpu = user + sys, which a loaded machine inflates less than wall)
t() { /usr/bin/time -f '%e %U %S' -o "$work/time" "$@" >/dev/null 2>&1 || true; tail -1 "$work/time" | awk '{print $1, $2 + $3}'; }
median() { local runs; runs="$(cat)"; echo "$(echo "$runs" | cut -d' ' -f1 | sort -n | sed -n 3p) $(echo "$runs" | cut -d' ' -f2 | sort -n | sed -n 3p)"; }
m() { for i in 1 2 3 4 5; do t "$@"; done | median; }
show() { set -- $2; printf '%-40s %6.2f s wall, %5.2f s cpu (medians of 5)%s\n' "$label" "$1" "$2" "$extra"; }
git_t=$(m git rev-list --first-parent --count "$first"..HEAD)
bisect_t=$(m "$pp" bisect "$work/ps" --repo . --entry anchor --good "$first" --bad HEAD)
broken_t=$(m "$pp" bisect "$work/ps" --repo . --entry anchor --good "$first" --bad HEAD --until broken)
refuse_t=$(m "$pp" bisect "$work/ps" --repo . --entry anchor --good "$side" --bad HEAD)
"$pp" bisect "$work/ps" --repo . --entry anchor --good "$first" --bad HEAD --until broken | sed -n '1p;/on the way/,$p'
"$pp" bisect "$work/ps" --repo . --entry anchor --good "$side" --bad HEAD 2>&1 | cut -c1-100 || true
count=$(git rev-list --count --first-parent "$first"..HEAD)
printf 'first-parent commits: %s\n' "$count"
set -- $git_t; g="$1"
label="git rev-list --first-parent --count"; extra=""; show x "$git_t"
set -- $bisect_t; label="patchpin bisect (first not-ok)"; extra="; $(echo "$1 / $g" | bc) x git wall"; show x "$bisect_t"
label="patchpin bisect --until broken"; extra=""; show x "$broken_t"
label="patchpin bisect refused (side --good)"; show x "$refuse_t"
