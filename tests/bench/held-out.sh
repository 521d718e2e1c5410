#!/usr/bin/env bash
# Measurement (not a test): rewrite and insert verdicts on a real history, scored against C git and
# against the place (HeldOutScore.java says how). Needs a local clone or bare mirror of the repository,
# e.g. of ROCm/TheRock; nothing is fetched. Prints the confusion matrices; every check is in
# WORKDIR/checks.tsv. A small generated-history version runs as a unit test (HistoryDifferentialTest).
# Usage: tests/bench/held-out.sh REPO [BRANCH=main] [MAX_CASES=150] [WORKDIR]
set -euo pipefail
here="$(cd "$(dirname "$0")/../.." && pwd)"
repo="$(cd "${1:?usage: held-out.sh REPO [BRANCH] [MAX_CASES] [WORKDIR]}" && pwd)"
branch="${2:-main}"
max="${3:-150}"
work="${4:-$(mktemp -d)}"
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null LC_ALL=C
"$here/bin/patchpin" --version >/dev/null   # builds the jar when sources changed
mkdir -p "$work/classes"
javac -nowarn -d "$work/classes" -cp "$here/target/patchpin.jar" "$here/tests/bench/HeldOutScore.java"
java -Xmx1g -cp "$here/target/patchpin.jar:$work/classes" HeldOutScore "$repo" "$branch" "$max" "$work"
echo "checks: $work/checks.tsv" >&2
