#!/usr/bin/env bash
# Benchmark (not a test): how long `mvn -B -o test` takes. Runs the whole suite
# RUNS times (after one compile outside the timings) and prints, per run and as
# medians, the wall time and the CPU time of Maven and everything it started
# (test JVMs, git, chromium: user + sys) and the test count. Then, unless TOP=0,
# one more run with one class at a time gives the test classes that cost the
# most CPU (testkit/ClassCpu: wall, the test JVM's user/sys and its child
# processes' user/sys, per class): classes side by side cannot be told apart.
# On a busy machine wall time grows with the load and CPU time much less, so
# CPU time / cores is the estimate of a quiet machine's wall time.
# Target: under 60 s wall on a 2-core machine, no test lost.
# Usage: tests/bench/test-suite.sh [MVN_ARGS...]     RUNS=3, TOP=25 by default
#        tests/bench/test-suite.sh -DforkCount=1C -Djunit.jupiter.execution.parallel.enabled=false
#                                     (a JVM per core, each running one class at a time)
set -euo pipefail
here="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../.." && pwd)"
cd "$here"
runs="${RUNS:-3}"
top="${TOP:-25}"
# a folder of its own per call, so two calls at once do not share a class table
logs="$(mktemp -d "${TMPDIR:-/tmp}/patchpin-bench-suite-XXXXXX")"
log="$logs/mvn.log"
cpu_log="$log.classes"

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

[ "$top" = 0 ] && exit 0
mvn -B -o test -Djunit.jupiter.execution.parallel.enabled=false -Dpatchpin.classcpu="$cpu_log" "$@" >"$log" 2>&1 \
  || { tail -40 "$log"; exit 1; }
echo "costliest classes, one at a time (cpu s = jvm user + sys + children user + sys; wall s; class):"
awk '{ printf "%7.2f  jvm %6.2f %6.2f  children %6.2f %6.2f  wall %7.2f  %s\n", $3 + $4 + $5 + $6, $3, $4, $5, $6, $2, $1 }' \
  "$cpu_log" | sort -rn | head -"$top"
awk '{ u += $3; s += $4; cu += $5; cs += $6 } END { printf "all %d classes: jvm user %.1f sys %.1f, children user %.1f sys %.1f\n", NR, u, s, cu, cs }' "$cpu_log"
echo "logs: $logs"
