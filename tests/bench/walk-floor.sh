#!/usr/bin/env bash
# Benchmark (not a test): the floor under audit-100k.sh's ratio to git status. On the same 100,000-file
# tree, taken in turn RUNS times (11 by default), it times `git status --porcelain`, patchpin audit, a JVM
# that does nothing but the walk (WalkFloor.java: list every folder and lstat every file on 2 threads,
# through java.nio and through getdents64/statx, with its own start-up cache), and patchpin audit of a
# one-file repository (everything audit does but the walk). Prints median wall and cpu (user + system)
# seconds and each median's ratio to git status's. Needs a JDK 22 or newer under /usr/lib/jvm (or
# WALK_FLOOR_JAVA_HOME) for the walker.
# Usage: tests/bench/walk-floor.sh WORKDIR   (the WORKDIR of a finished tests/bench/audit-100k.sh run)
set -euo pipefail
here="$(cd "$(dirname "$0")/../.." && pwd)"
pp="$here/bin/patchpin"
work="$(cd "${1:?usage: walk-floor.sh WORKDIR (of audit-100k.sh)}" && pwd)"
runs="${RUNS:-11}"
[ -d "$work/ws/.git" ] && [ -d "$work/ps" ] || { echo "walk-floor: run tests/bench/audit-100k.sh $work first" >&2; exit 2; }
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null GIT_AUTHOR_NAME=b GIT_AUTHOR_EMAIL=b@x GIT_COMMITTER_NAME=b GIT_COMMITTER_EMAIL=b@x

jdk="${WALK_FLOOR_JAVA_HOME:-}"
if [ -z "$jdk" ]; then
  for j in /usr/lib/jvm/*/; do
    v="$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$j/release" 2>/dev/null || true)"
    if [ -n "$v" ] && [ "$v" -ge 22 ]; then jdk="${j%/}"; fi
  done
fi
[ -n "$jdk" ] || { echo "walk-floor: no JDK 22 or newer found (set WALK_FLOOR_JAVA_HOME)" >&2; exit 2; }

floor="$work/walk-floor"; mkdir -p "$floor/classes"
"$jdk/bin/javac" -d "$floor/classes" "$here/tests/bench/WalkFloor.java"
(cd "$floor/classes" && "$jdk/bin/jar" cf ../walk-floor.jar ./*.class)
jvm=(-XX:+UseSerialGC -XX:TieredStopAtLevel=1 -XX:-UsePerfData --enable-native-access=ALL-UNNAMED)
for mode in nio native; do   # a start-up cache per mode, recorded on a small tree as patchpin's is
  rm -f "$floor/$mode.aot"
  "$jdk/bin/java" -XX:AOTCacheOutput="$floor/$mode.aot" -XX:+AOTClassLinking -Xlog:disable "${jvm[@]}" \
    -cp "$floor/walk-floor.jar" WalkFloor "$mode" 2 "$here/src" >/dev/null 2>&1 || rm -f "$floor/$mode.aot"
done

one="$work/one"                 # a one-file repository with one applied rewrite, as in audit-100k.sh
if [ ! -d "$one/ws/.git" ]; then
  rm -rf "$one"; mkdir -p "$one/ws"
  (cd "$one/ws" && git init -q -b main && echo 'int keep = 1;' > a.c && git add a.c && git commit -qm base \
    && "$pp" new ../ps --repo . --name one >/dev/null \
    && "$pp" add rewrite ../ps --repo . --file a.c --find 'int keep = 1;' --replace 'int keep = 2;' --id e0 >/dev/null \
    && "$pp" apply ../ps --repo . >/dev/null 2>&1 && git status --porcelain >/dev/null)
fi
"$pp" --version >/dev/null

names=("git status --porcelain" "patchpin audit" "walk only, java.nio" "walk only, native" "audit of 1 file")
cmd() {
  case "$1" in
    0) (cd "$work/ws" && git status --porcelain) ;;
    1) (cd "$work/ws" && "$pp" audit ../ps --repo .) ;;
    2|3) local mode=nio; [ "$1" = 3 ] && mode=native
       local cache=(); [ -f "$floor/$mode.aot" ] && cache=(-XX:AOTCache="$floor/$mode.aot")
       "$jdk/bin/java" ${cache[@]+"${cache[@]}"} -Xlog:disable "${jvm[@]}" -cp "$floor/walk-floor.jar" WalkFloor "$mode" 2 "$work/ws" ;;
    4) (cd "$one/ws" && "$pp" audit ../ps --repo .) ;;
  esac
}
for i in 0 1 2 3 4; do cmd "$i" >/dev/null 2>&1 || true; done   # warm the page cache and the launcher
for r in $(seq "$runs"); do
  for i in 0 1 2 3 4; do
    s=$(date +%s%N)
    /usr/bin/time -f '%U %S' -o "$floor/time.out" bash -c "$(declare -f cmd); $(declare -p work pp jdk floor one jvm); cmd $i" \
      >/dev/null 2>&1 || true
    e=$(date +%s%N)
    echo "$i $(( (e - s) / 1000 )) $(tail -1 "$floor/time.out" | awk '{ print $1 + $2 }')" >> "$floor/runs.$$"
  done
done
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
gw=$(awk '$1==0 {print $2/1e6}' "$floor/runs.$$" | median); gc=$(awk '$1==0 {print $3}' "$floor/runs.$$" | median)
printf '%-26s %8s %8s %10s\n' "" "wall s" "cpu s" "x git wall"
for i in 0 1 2 3 4; do
  w=$(awk -v i="$i" '$1==i {print $2/1e6}' "$floor/runs.$$" | median); c=$(awk -v i="$i" '$1==i {print $3}' "$floor/runs.$$" | median)
  printf '%-26s %8.3f %8.2f %9.2fx\n' "${names[$i]}" "$w" "$c" "$(echo "$w / $gw" | bc -l)"
done
rm -f "$floor/runs.$$"
