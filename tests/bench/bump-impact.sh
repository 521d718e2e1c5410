#!/usr/bin/env bash
# Benchmark (not a test) of `lock diff ... DIR` (bump impact): its one path-filtered walk per component
# against C git's `git log --format=%H OLD..NEW -- FILES` on the same repository and range (target <= 2x).
#  (a) a generated component of 10,000 commits (merges every 1,000), 5 entries on 5 of its 500 files,
#      range old..new = 9,000 commits: the walk in one warmed JVM (thread CPU, median of 21) vs git log
#      (CPU, median of 11), then the whole command, JVM start and verify at NEW included, vs git log.
#  (b) with THEROCK (a TheRock clone or bare mirror): the superproject's range therock-7.10..therock-7.12
#      over the files of patchsets/gfx1103's superproject entries, the same two ways.
# Usage: tests/bench/bump-impact.sh [THEROCK]
set -euo pipefail
cd "$(dirname "$0")/../.."
here="$(pwd)"
mvn -q -o test-compile 2>/dev/null || mvn -q test-compile
CP="target/test-classes:target/classes:$(mvn -q -o dependency:build-classpath -Dmdep.outputFile=/dev/stdout -Dmdep.includeScope=test 2>/dev/null)"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null LC_ALL=C
export GIT_AUTHOR_NAME=Bench GIT_AUTHOR_EMAIL=bench@example.org GIT_COMMITTER_NAME=Bench GIT_COMMITTER_EMAIL=bench@example.org
pp="$here/bin/patchpin"
"$pp" --version >/dev/null 2>&1   # build the launcher's jar outside the timing

# median of the 2nd column (cpu s) and of the 1st (wall s) of N runs of a command
measure() {
  local n=$1; shift
  for _ in $(seq "$n"); do
    /usr/bin/time -f '%e %U %S' -o "$WORK/time" "$@" >/dev/null 2>&1 || true
    tail -1 "$WORK/time" | awk '{printf "%s %.3f\n", $1, $2 + $3}'
  done > "$WORK/runs"
  echo "$(cut -d' ' -f1 "$WORK/runs" | sort -n | sed -n "$(( (n + 1) / 2 ))p") $(cut -d' ' -f2 "$WORK/runs" | sort -n | sed -n "$(( (n + 1) / 2 ))p")"
}

compare() { # NAME GIT_DIR OLD NEW SUPER_REPO SUPER_OLD SUPER_NEW SET FILE...
  local name=$1 gitdir=$2 old=$3 new=$4 repo=$5 sold=$6 snew=$7 set=$8; shift 8
  local walk git e2e n
  walk=$(java -cp "$CP" io.patchpin.impact.WalkBench "$gitdir" "$old" "$new" 21 "$@")
  n=$(git --git-dir="$gitdir" log --format=%H "$old..$new" -- "$@" | wc -l)
  git=$(measure 11 git --git-dir="$gitdir" log --format=%H "$old..$new" -- "$@")
  e2e=$(measure 5 "$pp" lock diff --repo "$repo" --from "$sold" --to "$snew" "$set")
  local wcpu gcpu
  wcpu=$(echo "$walk" | awk '{print $6}')
  gcpu=$(echo "$git" | awk '{print $2 * 1000}')
  echo "== $name: $(git --git-dir="$gitdir" rev-list --count "$old..$new") commits in range, $# files, git log finds $n"
  echo "   walk in a warm JVM:      $walk (thread CPU ms)"
  echo "   git log -- FILES:        median ${gcpu} ms CPU (wall $(echo "$git" | cut -d' ' -f1) s)"
  echo "   ratio walk / git log:    $(awk -v a="$wcpu" -v b="$gcpu" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')"
  echo "   patchpin lock diff DIR:  median $(echo "$e2e" | cut -d' ' -f1) s wall, $(echo "$e2e" | cut -d' ' -f2) s CPU (JVM start, lock of both revisions, verify at NEW)"
}

# (a) generated component under a generated superproject
git init -q --bare "$WORK/up/comp.git"
python3 tests/bench/bump-impact-gen.py 10000 | git -C "$WORK/up/comp.git" fast-import --quiet
git -C "$WORK/up/comp.git" symbolic-ref HEAD refs/heads/main
# fast-import's pack keeps each tree as a delta of the one before it, up to 50 deep; a clone gets a
# server-made pack, so the component is repacked (-f: new deltas) as one; unrepacked, JGit's walk is ~3x slower, git's not
git -C "$WORK/up/comp.git" repack -adfq
git init -q "$WORK/super"
git -C "$WORK/super" -c protocol.file.allow=always submodule --quiet add "file://$WORK/up/comp.git" comp
git -C "$WORK/super/comp" checkout -q old
git -C "$WORK/super" add comp && git -C "$WORK/super" commit -qm "comp at old" && git -C "$WORK/super" tag old
git -C "$WORK/super/comp" checkout -q new
git -C "$WORK/super" add comp && git -C "$WORK/super" commit -qm "comp at new" && git -C "$WORK/super" tag new
"$pp" new "$WORK/set" --repo "$WORK/super" --rev old --name bench >/dev/null
files=()
for i in 0 3 7 111 222; do
  f="d$((i % 50))/f$i.txt"
  files+=("$f")
  "$pp" add rewrite "$WORK/set" --repo "$WORK/super" --component comp --file "$f" \
      --find "anchor $i keep" --replace "anchor $i kept" --id "e$i" >/dev/null
done
compare "generated component" "$WORK/super/.git/modules/comp" old new "$WORK/super" old new "$WORK/set" "${files[@]}"

# (b) TheRock's superproject, therock-7.10 -> therock-7.12
if [ -n "${1:-}" ]; then
  therock="$(cd "$1" && pwd)"
  gitdir="$(git -C "$therock" rev-parse --absolute-git-dir)"
  mapfile -t tfiles < <("$pp" lock diff --repo "$therock" --from therock-7.10 --to therock-7.12 patchsets/gfx1103 --format json \
      | python3 -c 'import json, sys; [print(f) for c in json.load(sys.stdin)["impact"]["components"] if c["path"] == "." for f in c["files"]]')
  compare "TheRock therock-7.10..therock-7.12" "$gitdir" therock-7.10 therock-7.12 "$therock" therock-7.10 therock-7.12 \
      patchsets/gfx1103 "${tfiles[@]}"
fi
