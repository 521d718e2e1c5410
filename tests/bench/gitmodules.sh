#!/usr/bin/env bash
# Benchmark (not a test): a superproject whose .gitmodules declares N submodules (default 2,500,
# 10,000 and 100,000), each a gitlink to a commit no object database has (as in a fresh clone of a
# big superproject before `git submodule update`), then `patchpin lock --rev HEAD` and
# `patchpin verify --rev HEAD` of an empty patchset on it. Reading .gitmodules must take time
# linear in N. Prints wall time, CPU time, peak RSS and exit code per run.
#
#   tests/bench/gitmodules.sh [WORKDIR]            SIZES="2500 10000" tests/bench/gitmodules.sh
#   PATCHPIN="java -jar old.jar" tests/bench/gitmodules.sh     times another build
set -euo pipefail
here="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../.." && pwd)"
work="${1:-$(mktemp -d)}"
sizes="${SIZES:-2500 10000 100000}"
read -r -a pp <<< "${PATCHPIN:-$here/bin/patchpin}"
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null LC_ALL=C
export GIT_AUTHOR_NAME=Bench GIT_AUTHOR_EMAIL=bench@example.org GIT_COMMITTER_NAME=Bench GIT_COMMITTER_EMAIL=bench@example.org
export GIT_AUTHOR_DATE="@1760000000 +0000" GIT_COMMITTER_DATE="@1760000000 +0000"

# superproject N: .gitmodules of N entries in folders of 100, and their gitlinks
generate() {
  local n=$1 d="$work/super$1"
  [ -d "$d/.git" ] && return
  rm -rf "$d"; git init -q -b main "$d"
  awk -v n="$n" 'BEGIN { for (i = 0; i < n; i++) {
      p = sprintf("deps/g%03d/m%06d", int(i / 100), i)
      printf "[submodule \"%s\"]\n\tpath = %s\n\turl = https://example.org/org/m%06d.git\n\tbranch = main\n", p, p, i } }' \
    > "$d/.gitmodules"
  awk -v n="$n" 'BEGIN { for (i = 0; i < n; i++)
      printf "160000 %040x\tdeps/g%03d/m%06d\n", i + 1, int(i / 100), i }' | git -C "$d" update-index --index-info
  git -C "$d" add .gitmodules
  git -C "$d" commit -q -m "$n submodules"
  "${pp[@]}" new "$work/ps$n" --repo "$d" --name empty >/dev/null
}

row() { # LABEL N CMD...
  local label=$1 n=$2 code=0; shift 2
  /usr/bin/time -f '%e %U %S %M' -o "$work/time" "$@" >"$work/out" 2>"$work/err" || code=$?
  read -r wall user sys kb < <(tail -1 "$work/time")
  printf '%-22s %7d entries  %8.2f s  %8.2f s CPU  %5d MB  exit %d\n' "$label" "$n" "$wall" \
    "$(echo "$user + $sys" | bc)" $((kb / 1024)) "$code"
  if [ "$code" -ne 0 ] && [ "$code" -ne 1 ]; then head -2 "$work/err" | cut -c1-200 | sed 's/^/    /'; fi
}

for n in $sizes; do
  generate "$n"
  row "lock --rev HEAD" "$n" timeout 600 "${pp[@]}" lock --repo "$work/super$n" --rev HEAD -o "$work/lock$n.toml"
  row "verify --rev HEAD" "$n" timeout 600 "${pp[@]}" verify "$work/ps$n" --repo "$work/super$n" --rev HEAD
done
