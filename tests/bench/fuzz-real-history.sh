#!/usr/bin/env bash
# Measurement (not a test): patch verdicts against GNU patch and git apply on a real history
# (FuzzRealHistory.java says how): sampled commits' diffs checked at every tag. Needs a local clone or
# bare mirror (e.g. of ROCm/rocm-cmake) and GNU patch; nothing is fetched.
# Usage: tests/bench/fuzz-real-history.sh REPO [BRANCH=HEAD] [MAX_COMMITS=60] [WORKDIR]
set -euo pipefail
here="$(cd "$(dirname "$0")/../.." && pwd)"
repo="$(cd "${1:?usage: fuzz-real-history.sh REPO [BRANCH] [MAX_COMMITS] [WORKDIR]}" && pwd)"
command -v patch >/dev/null || { echo "fuzz-real-history: GNU patch is not installed" >&2; exit 2; }
work="${4:-$(mktemp -d)}"
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null LC_ALL=C
"$here/bin/patchpin" --version >/dev/null
mkdir -p "$work/classes"
javac -nowarn -d "$work/classes" -cp "$here/target/patchpin.jar" "$here/tests/bench/FuzzRealHistory.java"
java -Xmx1g -cp "$here/target/patchpin.jar:$work/classes" FuzzRealHistory "$repo" "${2:-HEAD}" "${3:-60}" "$work"
