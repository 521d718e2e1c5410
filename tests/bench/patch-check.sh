#!/usr/bin/env bash
# Benchmark of patch checking (not a test). Needs: mvn, java 17, git; builds everything in a temp folder.
#  (a) TheRock-shaped workspace, 50-patch set checked at a newer revision, wall time incl. JVM start
#  (b) 400 generated (patch, target) cases: one JVM vs a loop of `git apply --check`
set -euo pipefail
cd "$(dirname "$0")/../.."
mvn -q -o test-compile 2>/dev/null || mvn -q test-compile
CP="target/test-classes:target/classes:$(mvn -q -o dependency:build-classpath -Dmdep.outputFile=/dev/stdout -Dmdep.includeScope=test 2>/dev/null)"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null LC_ALL=C
JAVA="java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xshare:auto -cp $CP"

read -r REPO SET < <($JAVA io.patchpin.patch.PatchBench setup "$WORK/ws" | tail -1)
$JAVA io.patchpin.patch.PatchBench verify "$REPO" "$SET" HEAD >/dev/null   # warm the page cache
best=999
for i in 1 2 3; do
  s=$(date +%s.%N); $JAVA io.patchpin.patch.PatchBench verify "$REPO" "$SET" HEAD > "$WORK/verify.out"; e=$(date +%s.%N)
  t=$(echo "$e - $s" | bc); best=$(echo "if ($t < $best) $t else $best" | bc)
done
echo "(a) 50-patch set at a new revision: best of 3 = ${best} s wall incl. JVM start; $(cat "$WORK/verify.out")"
bin/patchpin --version >/dev/null 2>&1   # build the launcher's jar (and start-up cache) outside the timing
best=999
for i in 1 2 3; do
  s=$(date +%s.%N); bin/patchpin verify "$SET" --repo "$REPO" --rev HEAD > "$WORK/cli.out" || true; e=$(date +%s.%N)
  t=$(echo "$e - $s" | bc); best=$(echo "if ($t < $best) $t else $best" | bc)
done
echo "(a) the same through bin/patchpin verify: best of 3 = ${best} s wall; $(tail -1 "$WORK/cli.out")"

N=400
$JAVA io.patchpin.patch.PatchBench cases "$WORK/cases" $N
s=$(date +%s.%N); $JAVA io.patchpin.patch.PatchBench check-cases "$WORK/cases" > "$WORK/cases.out"; e=$(date +%s.%N)
ours=$(echo "$e - $s" | bc)
s=$(date +%s.%N)
for d in "$WORK"/cases/*/; do (cd "$d" && git apply --check p.patch >/dev/null 2>&1 || true); done
e=$(date +%s.%N)
git=$(echo "$e - $s" | bc)
echo "(b) $N cases: patchpin one JVM ${ours} s wall ($(cat "$WORK/cases.out")); git apply --check loop ${git} s"
echo "    ratio patchpin/git = $(echo "scale=3; $ours / $git" | bc)"
