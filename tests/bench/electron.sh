#!/usr/bin/env bash
# Benchmark (not a test): an Electron-sized patch set against C git, in the same run. The workspace comes from
# tests/bench/electron-gen.py: 13 components (some nested three deep) as bare mirrors in TheRock's mirror layout,
# 250 patches of 1,900 hunks in Electron's proportions, one patchset per component (`patchpin import` of each
# component's `.patches` series, sealed at the components' older commit `base`).
#   (a) `patchpin verify` of the 13 sets at the superproject's newer commit, read straight from the bare mirrors
#       (no checkout), against one `git apply --check` per patch, in series order, in checked-out components
#       (the checkout is made once, before the timing);
#   (b) `patchpin apply` of the 13 sets to a checked-out work tree, against one `git apply` per patch, in series
#       order. Each timed run starts from a fresh copy of the checkout, made before its timing; the two trees
#       are compared afterwards (the same files must come out).
#   (c) where the time goes: `patchpin --version` (the JVM's start and the command line, what every command
#       pays before it reads a file), and (a) and (b) run again and again in one JVM with the launcher's options
#       (io.patchpin.cli.WarmRuns): the first run in that JVM (code cold: loaded, interpreted, then compiled)
#       and the median of the runs after a warm-up (the work itself), against C git's medians of the same run.
# Prints every run (wall s, CPU s, max RSS MB), the medians and the ratios.
#
#   tests/bench/electron.sh           # generates once under $BENCH_DIR, then times $RUNS runs of each
#   BENCH_DIR=/tmp/e RUNS=7 tests/bench/electron.sh
#
# After it ran once, "$BENCH_DIR/git-check.sh TREE" and "$BENCH_DIR/git-apply.sh TREE" are C git's side,
# for timing with other tools.
set -euo pipefail
here="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../.." && pwd)"
bench="${BENCH_DIR:-${TMPDIR:-/tmp}/patchpin-bench-electron}"
runs="${RUNS:-5}"
pp="$here/bin/patchpin"

export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null LC_ALL=C

# C git's side: one git apply (with --check, or not) per patch, components and patches in order, in TREE.
helper() { # file, git apply options
  cat > "$bench/$1" <<EOF
#!/bin/sh
set -e
top=\$(cd "\${1:-.}" && pwd)
while read -r folder path; do
  cd "\$top/\$path"
  while read -r p; do git apply $2 "$bench/patches/\$folder/\$p"; done < "$bench/patches/\$folder/.patches"
done < "$bench/layout.txt"
EOF
  chmod +x "$bench/$1"
}

generate() {
  rm -rf "$bench"; mkdir -p "$bench"
  echo "generating the workspace under $bench ..." >&2
  python3 "$here/tests/bench/electron-gen.py" "$bench"
  git clone -q "$bench/mirrors/electron/electron.git" "$bench/ws"
  git -C "$bench/ws" -c protocol.file.allow=always -c "url.file://$bench/mirrors/.insteadOf=https://bench.example/" \
    submodule update -q --init --recursive
  "$pp" --version >/dev/null
  while read -r folder path; do
    "$pp" import "$bench/sets/$folder" --repo "$bench/mirrors/electron/electron.git" --mirror-dir "$bench/mirrors" \
      --rev base --from "$bench/patches/$folder/.patches" --format electron --component "$path" >/dev/null
  done < "$bench/layout.txt"
  helper git-check.sh --check
  helper git-apply.sh ""
  touch "$bench/.done"
}

[ -f "$bench/.done" ] || generate
"$pp" --version >/dev/null   # builds the jar outside the timed runs
mapfile -t sets < <(awk -v b="$bench" '{ print b "/sets/" $1 }' "$bench/layout.txt")

. "$here/tests/bench/timed.sh"

fresh() { # a copy of the checkout at $bench/$1, made outside any timing
  rm -rf "${bench:?}/$1"; cp -a "$bench/ws" "$bench/$1"
}

results="$(mktemp)"
for r in $(seq 1 "$runs"); do
  timed verify "$pp" verify "${sets[@]}" --repo "$bench/mirrors/electron/electron.git" --mirror-dir "$bench/mirrors" \
    --rev main
  timed git-check "$bench/git-check.sh" "$bench/ws"
  timed start "$pp" --version
  fresh tree-pp; timed apply "$pp" apply "${sets[@]}" --repo "$bench/tree-pp"
  fresh tree-git; timed git-apply "$bench/git-apply.sh" "$bench/tree-git"
done

# the verdicts and the applied trees must be what C git says
summary="$("$pp" verify "${sets[@]}" --repo "$bench/mirrors/electron/electron.git" --mirror-dir "$bench/mirrors" \
  --rev main | tail -n 1)"
[ "$summary" = "summary: 250 ok, 0 review, 0 broken" ] || { echo "verify: $summary" >&2; exit 1; }
diff -r -q -x .git "$bench/tree-pp" "$bench/tree-git" || { echo "apply and git apply differ" >&2; exit 1; }
hunks="$(cat "$bench"/patches/*/*.patch | grep -c '^@@ -')"

printf '\n13 components, 250 patches, %s hunks, %s runs each, %s CPUs, load %s\n' \
  "$hunks" "$runs" "$(nproc)" "$(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-10s %4s %9s %9s %9s\n' what run wall_s cpu_s rss_MB
awk '{ n[$1]++; printf "%-10s %4d %9s %9s %9s\n", $1, n[$1], $2, $3, $4 }' "$results"
median() { grep "^$1 " "$results" | awk '{print $'"$2"'}' | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
printf '\nmedians (wall s / cpu s / RSS MB) and ratios against C git, wall and CPU (target <= 1.0):\n'
for pair in verify:git-check apply:git-apply; do
  a="${pair%%:*}" b="${pair##*:}"
  printf '%-10s %6s / %6s / %5s   ratio %s wall, %s CPU\n' "$a" "$(median "$a" 2)" "$(median "$a" 3)" \
    "$(median "$a" 4)" "$(ratio "$(median "$a" 2)" "$(median "$b" 2)")" "$(ratio "$(median "$a" 3)" "$(median "$b" 3)")"
  printf '%-10s %6s / %6s / %5s\n' "$b" "$(median "$b" 2)" "$(median "$b" 3)" "$(median "$b" 4)"
done

# (c) the work apart from the JVM's start: the launcher's JVM options, the release's jar, the driver from the tests
(cd "$here" && mvn -B -q -o test-compile >/dev/null 2>&1 || mvn -B -q test-compile >/dev/null)
jvm=(java -XX:+UseSerialGC -XX:-UsePerfData -XX:+DisplayVMOutputToStderr -XX:TieredStopAtLevel=1 -Xmx256m
  -cp "$here/target/release/lib/patchpin/patchpin.jar:$here/target/test-classes" io.patchpin.cli.WarmRuns)
warm_verify="$("${jvm[@]}" 10 "${WARM_RUNS:-11}" - verify "${sets[@]}" \
  --repo "$bench/mirrors/electron/electron.git" --mirror-dir "$bench/mirrors" --rev main)"
warm_apply="$("${jvm[@]}" 3 "${WARM_RUNS:-11}" "rm -rf '$bench/tree-w' && cp -a '$bench/ws' '$bench/tree-w'" \
  apply "${sets[@]}" --repo "$bench/tree-w")"
field() { echo "$1" | awk -v k="$2" '{ for (i = 1; i < NF; i++) if ($i == k) print $(i + 1) }'; }
printf '\nin one JVM, ms (CPU / wall): first run, then the median of %s after a warm-up; ratio of that median to C git:\n' \
  "${WARM_RUNS:-11}"
for w in verify:git-check apply:git-apply; do
  a="${w%%:*}" b="${w##*:}" line="warm_${w%%:*}"
  printf '%-10s first %5s / %5s   warm %5s / %5s   ratio %s wall, %s CPU\n' "$a" \
    "$(field "${!line}" first_cpu_ms)" "$(field "${!line}" first_wall_ms)" \
    "$(field "${!line}" median_cpu_ms)" "$(field "${!line}" median_wall_ms)" \
    "$(ratio "$(field "${!line}" median_wall_ms)" "$(awk -v s="$(median "$b" 2)" 'BEGIN { print s * 1000 }')")" \
    "$(ratio "$(field "${!line}" median_cpu_ms)" "$(awk -v s="$(median "$b" 3)" 'BEGIN { print s * 1000 }')")"
done
printf '%-10s %6s / %6s / %5s   (the JVM start and command line every command pays)\n' start \
  "$(median start 2)" "$(median start 3)" "$(median start 4)"
rm -rf "$results" "${bench:?}/tree-pp" "${bench:?}/tree-git" "${bench:?}/tree-w"
