#!/usr/bin/env bash
# Benchmark (not a test): `patchpin lock` against `git submodule status --recursive`
# on a generated workspace of 10 x 10 x 10 nested submodules (1,110 components
# below the superproject), all by file:// URL, cloned recursively as a
# maintainer's work tree (.git/modules layout). Prints a table of wall time and
# max RSS per run and the medians.
#
#   tests/bench/lock-1000.sh            # generates once under $BENCH_DIR, then times $RUNS runs
#   BENCH_DIR=/tmp/b RUNS=7 tests/bench/lock-1000.sh
set -euo pipefail
here="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../.." && pwd)"
bench="${BENCH_DIR:-${TMPDIR:-/tmp}/patchpin-bench-1000}"
runs="${RUNS:-5}"
fan="${FAN:-10}"

export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null LC_ALL=C
export GIT_AUTHOR_NAME=Bench GIT_AUTHOR_EMAIL=bench@example.org GIT_COMMITTER_NAME=Bench GIT_COMMITTER_EMAIL=bench@example.org
export GIT_AUTHOR_DATE="@1760000000 +0000" GIT_COMMITTER_DATE="@1760000000 +0000"
g() { git -c protocol.file.allow=always -c init.defaultBranch=main -c advice.detachedHead=false "$@"; }

# A repository with one file and, when given children "name=repo ...", gitlinks to their HEADs.
make_repo() {
  local dir="$1"; shift
  g init -q "$dir"
  echo "$(basename "$dir")" > "$dir/README"
  g -C "$dir" add README
  local child
  for child in "$@"; do
    local name="${child%%=*}" repo="${child#*=}"
    printf '[submodule "%s"]\n\tpath = %s\n\turl = file://%s\n\tbranch = main\n' "$name" "$name" "$repo" >> "$dir/.gitmodules"
    g -C "$dir" update-index --add --cacheinfo "160000,$(g -C "$repo" rev-parse HEAD),$name"
  done
  [ $# -eq 0 ] || g -C "$dir" add .gitmodules
  g -C "$dir" commit -q -m "$(basename "$dir")"
}

generate() {
  local up="$bench/upstream" i j k
  rm -rf "$bench"; mkdir -p "$up"
  echo "generating $fan x $fan x $fan components under $bench ..." >&2
  local l1=()
  for i in $(seq 1 "$fan"); do
    local l2=()
    for j in $(seq 1 "$fan"); do
      local l3=()
      for k in $(seq 1 "$fan"); do
        make_repo "$up/c$i-$j-$k"
        l3+=("lib$k=$up/c$i-$j-$k")
      done
      make_repo "$up/c$i-$j" "${l3[@]}"
      l2+=("projects/p$j=$up/c$i-$j")
    done
    make_repo "$up/c$i" "${l2[@]}"
    l1+=("group$i=$up/c$i")
  done
  make_repo "$up/TheRock" "${l1[@]}"
  g clone -q --recurse-submodules --jobs 4 "file://$up/TheRock" "$bench/work"
  touch "$bench/.done"
}

[ -f "$bench/.done" ] || generate
work="$bench/work"
"$here/bin/patchpin" --version >/dev/null   # builds the jar outside the timed runs

. "$here/tests/bench/timed.sh"

results="$(mktemp)"
for r in $(seq 1 "$runs"); do
  timed lock "$here/bin/patchpin" lock --repo "$work" -o "$bench/out.lock.toml"
  timed git-status bash -c "cd '$work' && git submodule status --recursive"
done
count="$(grep -c '^\[\[component\]\]' "$bench/out.lock.toml")"
status_lines="$(cd "$work" && git submodule status --recursive | wc -l)"

printf '\nworkspace: %s components in the lock (%s submodules per git), %s runs each, %s CPUs, load %s\n' \
  "$count" "$status_lines" "$runs" "$(nproc)" "$(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-12s %4s %9s %9s %9s\n' tool run wall_s cpu_s rss_MB
awk '{ n[$1]++; printf "%-12s %4d %9s %9s %9s\n", $1, n[$1], $2, $3, $4 }' "$results"
median() { grep "^$1 " "$results" | awk '{print $'"$2"'}' | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
lw="$(median lock 2)"; gw="$(median git-status 2)"
printf '\nmedian: lock %ss wall %ss cpu %sMB RSS; git submodule status --recursive %ss wall %ss cpu %sMB RSS; wall ratio lock/git %s\n' \
  "$lw" "$(median lock 3)" "$(median lock 4)" "$gw" "$(median git-status 3)" "$(median git-status 4)" "$(awk -v a="$lw" -v b="$gw" 'BEGIN { printf "%.2f", a / b }')"
rm -f "$results"
