#!/usr/bin/env bash
# Benchmark (not a test) on a real TheRock clone: 50 sealed rewrites on 50
# files of the superproject at a base commit (one line each, picked by a
# fixed rule), then `patchpin history --commits 200` from that base to the
# newest commit (target <= 10 s, JVM start included), with the whole line
# checked for comparison. Median of 3 runs; `git rev-list --first-parent`
# over the same line for scale.
# Usage: tests/bench/history-therock.sh THEROCK_CLONE [BASE] [TO] [WORKDIR]
set -euo pipefail
here="$(cd "$(dirname "$0")/../.." && pwd)"
pp="$here/bin/patchpin"
repo="$(cd "${1:?usage: $0 THEROCK_CLONE [BASE] [TO] [WORKDIR]}" && pwd)"
base="${2:-18d09f38714be9a027100beae4f1d6878217fba1}"
to="${3:-origin/main}"
work="${4:-$(mktemp -d)}"
"$pp" --version >/dev/null
rm -rf "$work/ps"; mkdir -p "$work"
# 50 files, each with a line made of plain characters that occurs once in it
git -C "$repo" ls-tree -r --name-only "$base" | grep -E '(CMakeLists\.txt|\.cmake)$' | sort | while read -r f; do
  line="$(git -C "$repo" show "$base:$f" | grep -E '^[A-Za-z_][A-Za-z0-9_ (){}"=-]{15,70}$' | sort | uniq -u | head -1 || true)"
  [ -n "$line" ] && printf '%s\t%s\n' "$f" "$line"
done | head -50 > "$work/edits.tsv" || true  # head stops the loop early
"$pp" new "$work/ps" --repo "$repo" --rev "$base" --name bench50 >/dev/null
k=0
while IFS=$'\t' read -r f line; do
  k=$((k + 1))
  "$pp" add rewrite "$work/ps" --repo "$repo" --file "$f" --find "$line" --replace "$line # local" --id "e$k" >/dev/null
done < "$work/edits.tsv"
entries=$(grep -c '^\[\[entry\]\]' "$work/ps/patchset.toml")
t() { /usr/bin/time -f '%e %U %S' -o "$work/time" "$@" >/dev/null 2>&1 || true; tail -1 "$work/time" | awk '{print $1, $2 + $3}'; }
median() { local runs; runs="$(cat)"; echo "$(echo "$runs" | cut -d' ' -f1 | sort -n | sed -n 2p) $(echo "$runs" | cut -d' ' -f2 | sort -n | sed -n 2p)"; }
m() { for i in 1 2 3; do t "$@"; done | median; }
h=(history "$work/ps" --repo "$repo" --from "$base" --to "$to")
sampled=$(m "$pp" "${h[@]}" --commits 200)
all=$(m "$pp" "${h[@]}")
git_t=$(m git -C "$repo" rev-list --first-parent "$base..$to")
{ "$pp" "${h[@]}" --commits 200 --format json || true; } | python3 -c '
import json, sys
d = json.load(sys.stdin)
print("entries %d, line %d commits, checked %d (sampled %s), transitions %d" % (len(d["entries"]), d["line_commits"],
      d["checked"], d["sampled"], sum(len(e["transitions"]) for e in d["entries"])))'
printf '%-44s %6.2f s wall, %5.2f s cpu (medians of 3)\n' "history of $entries entries, --commits 200" $sampled
printf '%-44s %6.2f s wall, %5.2f s cpu\n' "history of $entries entries, every commit" $all
printf '%-44s %6.2f s wall, %5.2f s cpu\n' "git rev-list --first-parent (same line)" $git_t
