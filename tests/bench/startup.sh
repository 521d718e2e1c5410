#!/usr/bin/env bash
# Benchmark (not a test): where a short run's time goes. For `--version`,
# `verify --rev HEAD` of the 50-patch set (the workspace of patch-check.sh) and
# `lock` of that workspace, run through bin/patchpin on JDK 17 and on the
# newest JDK under /usr/lib/jvm, without and (JDK 25+) with the start-up
# cache, it prints:
#   - median wall and cpu (user + system) time over RUNS runs, and their ratios
#     to `java -version` of the same JDK timed in turn with it (pair by pair,
#     median of the ratios); a bare --version runs without the cache, as the
#     launcher runs it;
#   - classes loaded, by library, and how many came from a CDS/AOT archive;
#   - a cold phase breakdown (JVM start, picocli, JGit, TOML, the command) by
#     io.patchpin.cli.StartupProbe with the launcher's JVM options.
# Targets: --version <= 3x java -version; verify of the 50-patch set <= 0.35 s.
# Usage: tests/bench/startup.sh [WORKDIR]      RUNS=7 by default
set -euo pipefail
here="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../.." && pwd)"
cd "$here"
work="${1:-${TMPDIR:-/tmp}/patchpin-bench-startup}"
runs="${RUNS:-7}"
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null LC_ALL=C
opts=(-XX:+UseSerialGC -XX:TieredStopAtLevel=1 -XX:-UsePerfData -Xmx256m)   # as bin/patchpin runs the jar

bin/patchpin --version >/dev/null   # builds the jar (and its cache) outside the timings
mvn -q -o test-compile 2>/dev/null || mvn -q test-compile
cp_test="target/test-classes:target/classes:$(mvn -q -o dependency:build-classpath -Dmdep.outputFile=/dev/stdout -Dmdep.includeScope=test 2>/dev/null)"
if [ ! -f "$work/.done" ]; then
  rm -rf "$work"; mkdir -p "$work"
  java -cp "$cp_test" io.patchpin.patch.PatchBench setup "$work/ws" | tail -1 > "$work/setup.out"
  touch "$work/.done"
fi
read -r repo set < "$work/setup.out"

major() { "$1" -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -1; }
jdk17=""; newest=""; newest_major=0
for j in /usr/lib/jvm/*/bin/java; do
  [ -x "$j" ] || continue
  m="$(major "$j")"; [ -n "$m" ] || continue
  [ "$m" = 17 ] && [ -z "$jdk17" ] && jdk17="$(readlink -f "$j")"
  if [ "$m" -gt "$newest_major" ]; then newest="$(readlink -f "$j")"; newest_major="$m"; fi
done

now() { date +%s%N; }
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# cpu CMD...: runs CMD, prints its user + system seconds (the process and its children)
cpu() {
  /usr/bin/time -f '%U %S' -o "$work/time.out" "$@" >/dev/null 2>&1 || true
  awk '{ print $1 + $2 }' "$work/time.out"
}

# time_pair JAVA ARGS...: median wall and cpu of `bin/patchpin ARGS`, and median ratios (wall, cpu) to
# `JAVA -version`, timed in turn with it
time_pair() {
  local java="$1"; shift
  local r s e a b ca cb walls="" cpus="" ratios="" cratios=""
  "$here/bin/patchpin" "$@" >/dev/null 2>&1 || true   # warm-up, not counted
  for r in $(seq 1 "$runs"); do
    s=$(now); ca=$(cpu "$here/bin/patchpin" "$@"); e=$(now); a=$((e - s))
    s=$(now); cb=$(cpu "$java" -version); e=$(now); b=$((e - s))
    walls+="$a"$'\n'; cpus+="$ca"$'\n'
    ratios+="$(awk -v a="$a" -v b="$b" 'BEGIN { print a / b }')"$'\n'
    cratios+="$(awk -v a="$ca" -v b="$cb" 'BEGIN { print (b > 0 ? a / b : 0) }')"$'\n'
  done
  printf '%s %s %s %s\n' "$(printf '%s' "$walls" | median)" "$(printf '%s' "$ratios" | median)" \
    "$(printf '%s' "$cpus" | median)" "$(printf '%s' "$cratios" | median)"
}

java_version_wall() {
  local r s e walls=""
  for r in $(seq 1 "$runs"); do s=$(now); "$1" -version >/dev/null 2>&1; e=$(now); walls+="$((e - s))"$'\n'; done
  printf '%s' "$walls" | median
}

# classes JAVA_OPTS_EXTRA... -- ARGS: loaded classes by library for one run through the launcher
classes() {
  local log="$work/classes.log"
  rm -f "$log"
  PATCHPIN_JAVA_OPTS="-Xmx256m -Xlog:class+load=info:file=$log" "$here/bin/patchpin" "$@" >/dev/null 2>&1 || true
  awk '
    { name = $2; total++; if ($0 ~ /shared objects file/) archived++ }
    name ~ /Lambda|LambdaForm\$|\$Proxy|^jdk\.internal\.reflect\.Generated/ { lib["generated"]++; next }
    name ~ /^(java|javax|jdk|sun|com\.sun)\./ { lib["jdk"]++; next }
    name ~ /^picocli\./ { lib["picocli"]++; next }
    name ~ /^org\.eclipse\.jgit\./ { lib["jgit"]++; next }
    name ~ /^com\.fasterxml\.jackson\./ { lib["jackson"]++; next }
    name ~ /^io\.patchpin\./ { lib["patchpin"]++; next }
    { lib["other"]++ }
    END { printf "%5d classes (%d from an archive): jdk %d, picocli %d, jgit %d, jackson %d, patchpin %d, generated %d, other %d\n",
          total, archived, lib["jdk"], lib["picocli"], lib["jgit"], lib["jackson"], lib["patchpin"], lib["generated"], lib["other"] }' "$log"
}

# probe JAVA CACHE_ARGS... -- ARGS: the phase breakdown with the launcher's options
probe() {
  local java="$1"; shift
  local extra=()
  while [ "$1" != "--" ]; do extra+=("$1"); shift; done; shift
  local with_set=(); [ "$1" = verify ] && with_set=(--set "$set")
  "$java" ${extra[@]+"${extra[@]}"} "${opts[@]}" -cp "$here/target/patchpin.jar:$here/target/test-classes" \
    io.patchpin.cli.StartupProbe --repo "$repo" ${with_set[@]+"${with_set[@]}"} -- "$@" 2>/dev/null | sed 's/^/      /'
}

commands=("--version" "verify $set --repo $repo --rev HEAD" "lock --repo $repo")
labels=("--version" "verify (50 patches)" "lock")
printf 'workspace: %s (%s entries in the set); %s runs each; %s CPUs, load %s (cpu times are steadier than wall on a loaded machine)\n' "$repo" \
  "$(grep -c '^\[\[entry\]\]' "$set/patchset.toml")" "$runs" "$(nproc)" "$(cut -d' ' -f1-3 /proc/loadavg)"
for java in $(printf '%s\n' "$jdk17" "$newest" | awk 'NF && !seen[$0]++'); do
  m="$(major "$java")"
  modes=(0); [ "$m" -ge 25 ] && modes+=(1)
  jv="$(java_version_wall "$java")"
  for aot in "${modes[@]}"; do
    export PATCHPIN_JAVA="$java" PATCHPIN_AOT="$aot"
    cache_args=()
    if [ "$aot" = 1 ]; then
      "$here/bin/patchpin" --version >/dev/null   # records the cache for this JDK if it is missing or stale
      home="${java%/bin/java}"; dir="$here/target/aot/${home//\//_}"
      read -r -a cache_args < "$dir/flags" || true
      cache_args+=(-XX:AOTCache="$dir/patchpin.aot" -Xlog:disable)
    fi
    printf '\nJDK %s, %s   (java -version: %.3f s median)\n' "$m" "$([ "$aot" = 1 ] && echo "with the start-up cache" || echo "no cache")" \
      "$(awk -v n="$jv" 'BEGIN { print n / 1e9 }')"
    printf '  %-22s %9s %14s %9s %14s\n' command "wall (s)" "x java -version" "cpu (s)" "x java -version"
    for i in "${!commands[@]}"; do
      read -r wall ratio cpus cratio < <(time_pair "$java" ${commands[$i]})
      printf '  %-22s %9.3f %13.1fx %9.2f %13.1fx\n' "${labels[$i]}" "$(awk -v n="$wall" 'BEGIN { print n / 1e9 }')" \
        "$ratio" "$cpus" "$cratio"
    done
    for i in "${!commands[@]}"; do
      printf '  %-22s ' "${labels[$i]}"; classes ${commands[$i]}
    done
    for i in 1 2; do
      printf '  phases of %s (cold, one run):\n' "${labels[$i]}"
      probe "$java" ${cache_args[@]+"${cache_args[@]}"} -- ${commands[$i]}
    done
    unset PATCHPIN_JAVA PATCHPIN_AOT
  done
done
