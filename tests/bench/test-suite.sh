#!/usr/bin/env bash
# Benchmark (not a test): how long `mvn -B -o test` takes. Runs the whole suite
# RUNS times (after one compile outside the timings) and prints, per run and as
# medians, the wall time and the CPU time of Maven and everything it started
# (test JVMs, git, chromium: user + sys), the test count, and the slowest test
# classes of the last run (surefire's time per class, summed over its tests).
# On a busy machine wall time grows with the load and CPU time much less, so
# CPU time / cores is the estimate of a quiet machine's wall time.
# Target: under 60 s wall on a 2-core machine, no test lost.
# Usage: tests/bench/test-suite.sh [MVN_ARGS...]     RUNS=3, TOP=15 by default
#        tests/bench/test-suite.sh -DforkCount=1     (all classes in one JVM)
set -euo pipefail
here="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../.." && pwd)"
cd "$here"
runs="${RUNS:-3}"
top="${TOP:-15}"
log="${TMPDIR:-/tmp}/patchpin-bench-suite.log"

mvn -B -q -o test-compile "$@" >/dev/null
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

walls=""; cpus=""
for r in $(seq 1 "$runs"); do
  /usr/bin/time -f '%e %U %S' -o "$log.time" mvn -B -o test "$@" >"$log" 2>&1 || { tail -40 "$log"; exit 1; }
  read -r wall user sys < "$log.time"
  cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.1f", u + s }')
  tests=$(grep -E '^\[(INFO|WARNING)\] Tests run:' "$log" | tail -1)
  printf 'run %d: wall %s s, cpu %s s (user %s, sys %s) on %s cores, load %s; %s\n' "$r" "$wall" "$cpu" "$user" "$sys" \
    "$(nproc)" "$(cut -d' ' -f1 /proc/loadavg)" "${tests#*] }"
  walls+="$wall"$'\n'; cpus+="$cpu"$'\n'
done
printf 'median: wall %s s, cpu %s s\n' "$(printf '%s' "$walls" | median)" "$(printf '%s' "$cpus" | median)"

echo "slowest classes (s, tests, class) of the last run:"
for f in target/surefire-reports/TEST-*.xml; do
  head -c 2000 "$f" | grep -o '<testsuite [^>]*>' | head -1 \
    | sed -E 's/.* name="([^"]*)" time="([^"]*)" tests="([^"]*)".*/\2 \3 \1/'
done | sort -rn | head -"$top"
