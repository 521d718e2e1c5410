#!/usr/bin/env bash
# Fuzz (not a test): mutates a valid patchset.toml, patch file and sed script
# (flipped, inserted and deleted bytes, truncation, duplicated and swapped
# lines, huge numbers) and runs verify / add patch / import-sed on each.
# Counts runs that end in exit 70 (an internal fault) and bad-input lines
# (exit 2) that do not name the file and line. Usage: tests/fuzz-inputs.sh [N] [WORKDIR]
# PATCHPIN="java -jar other.jar" runs another build instead of bin/patchpin (to compare before and after).
set -uo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
read -r -a ppcmd <<< "${PATCHPIN:-$here/bin/patchpin}"
pp() { "${ppcmd[@]}" "$@"; }
n="${1:-100}"
work="${2:-$(mktemp -d)}"
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null GIT_AUTHOR_NAME=b GIT_AUTHOR_EMAIL=b@x GIT_COMMITTER_NAME=b GIT_COMMITTER_EMAIL=b@x
pp --version >/dev/null || exit 1
RANDOM=18
rm -rf "$work/ws" "$work/seed" "$work/f"; mkdir -p "$work/ws" "$work/f"; cd "$work/ws"; git init -q -b main
printf 'cmake -DA=1\ncmake -DB=2\nset(X "y")\n' > build.sh; git add -A; git commit -qm base
pp new "$work/seed" --repo . >/dev/null
pp add rewrite "$work/seed" --repo . --file build.sh --find '-DA=1' --replace '-DA=2' --id a >/dev/null
pp add rewrite "$work/seed" --repo . --file build.sh --regex --find 'B=[0-9]' --replace 'B=3' --id b >/dev/null
printf -- '--- a/build.sh\n+++ b/build.sh\n@@ -1,3 +1,3 @@\n cmake -DA=2\n cmake -DB=3\n-set(X "y")\n+set(X "z")\n' > "$work/seed.patch"
pp add patch "$work/seed" --repo . --component . "$work/seed.patch" --id p >/dev/null
printf "sed -i 's/-DA=1/-DA=2/' build.sh\nsed -i -e 's|B=2|B=3|g' build.sh\nsed -i '/^set/s/y/z/2' build.sh\n" > "$work/seed.sh"

mutate() { # $1 in, $2 out: one random mutation
  local size; size=$(stat -c %s "$1"); local at=$(( RANDOM % (size > 0 ? size : 1) ))
  case $(( RANDOM % 8 )) in
    0) { head -c "$at" "$1"; printf "\\x$(printf %02x $(( RANDOM % 256 )))"; tail -c +$(( at + 2 )) "$1"; } > "$2" ;;
    1) { head -c "$at" "$1"; printf "\\x$(printf %02x $(( RANDOM % 256 )))\\x$(printf %02x $(( RANDOM % 256 )))"; tail -c +$(( at + 1 )) "$1"; } > "$2" ;;
    2) { head -c "$at" "$1"; tail -c +$(( at + 1 + RANDOM % 40 )) "$1"; } > "$2" ;;
    3) head -c "$at" "$1" > "$2" ;;
    4) awk -v k=$(( RANDOM % 30 )) '{print} NR==k{print}' "$1" > "$2" ;;
    5) awk -v k=$(( RANDOM % 30 )) 'NR==k{held=$0; next} {print} END{if (held!="") print held}' "$1" > "$2" ;;
    6) sed -E "0,/[0-9]+/s//$(( RANDOM % 3 == 0 ? 4294967297 : RANDOM ))$(( RANDOM % 2 == 0 ? 0 : 99999999999 ))/" "$1" > "$2" ;;
    7) { head -c "$at" "$1"; printf '\033]0;x\007"[[\\'; tail -c +$(( at + 1 )) "$1"; } > "$2" ;;
  esac
}
runs=0 faults=0 noline=0
check() { # $1 = file that was mutated; rest = command
  local f="$1"; shift; local out; out=$("$@" 2>&1 >/dev/null); local x=$?
  runs=$((runs + 1))
  if [ $x -eq 70 ]; then faults=$((faults + 1)); echo "exit 70: $* :: $(echo "$out" | head -1)" >> "$work/findings"; fi
  if [ $x -eq 2 ] && ! echo "$out" | head -1 | grep -qE "^patchpin: [^ ]*$(basename "$f"):[0-9]+:"; then
    noline=$((noline + 1)); echo "no line: $* :: $(echo "$out" | head -1)" >> "$work/findings"
  fi
}
: > "$work/findings"
for i in $(seq 1 "$n"); do
  d="$work/f/t$i"; mkdir -p "$d"
  case $(( i % 3 )) in
    0) cp "$work/seed"/*.patch "$d/"; mutate "$work/seed/patchset.toml" "$d/patchset.toml"
       check "$d/patchset.toml" pp verify "$d" --repo . ;;
    1) cp "$work/seed"/* "$d/"; mutate "$work/seed.patch" "$d/x.patch"
       check "$d/x.patch" pp add patch "$d" --repo . --component . "$d/x.patch" --id x ;;
    2) pp new "$d" --repo . >/dev/null; mutate "$work/seed.sh" "$d/s.sh"
       check "$d/s.sh" pp import-sed "$d" --repo . --script "$d/s.sh" ;;
  esac
done
echo "fuzzed inputs: $runs; exit 70: $faults; bad input without a line number: $noline (details: $work/findings)"
