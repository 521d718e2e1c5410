#!/usr/bin/env bash
# Reproducible builds: two clean builds of the same commit must give byte-identical jar, release tarball and
# SHA256SUMS (which must check). Prints both sha256 and the tarball's listing. The first build's tarball is left as
# OUT (default target/release-check.tar.gz) for tests/release-install.sh.
#   tests/release-reproducible.sh [OUT]                 both builds from clean clones (mvn package, tests skipped)
#   tests/release-reproducible.sh --first DIR [OUT]     DIR is the target/ of a clean checkout of this commit that
#                                                       has already been built (.ci/run: mvn -B test, then package)
# The second build skips the tests: they check the sources, and change no byte (Error Prone runs only under
# -Perrorprone, as .ci/run's own step).
set -euo pipefail
first=""
if [ "${1:-}" = "--first" ]; then first="$(readlink -f "$2")"; shift 2; fi
here="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)"
out="$(readlink -f "${1:-$here/target/release-check.tar.gz}")"
work="$(mktemp -d "${TMPDIR:-/tmp}/patchpin-reproducible-XXXXXX")"
trap 'rm -rf "$work"' EXIT
commit="$(git -C "$here" rev-parse HEAD)"
version="$(sed -n 's:^  <version>\(.*\)</version>$:\1:p' "$here/pom.xml" | head -n 1)"
build() { # clone, then mvn's options
  local clone="$1"; shift
  git clone -q --no-checkout "$here" "$work/$clone"
  git -C "$work/$clone" checkout -q --detach "$commit"
  (cd "$work/$clone" && mvn -B -q -Dstyle.color=never -DskipTests "$@" package) > "$work/$clone.log" 2>&1 \
    || { sed $'s/\e\\[[0-9;]*m//g' "$work/$clone.log" >&2; echo "the build of $clone failed" >&2; exit 1; }
}
if [ -n "$first" ]; then
  mkdir -p "$work/one"; ln -s "$first" "$work/one/target"
else
  build one
fi
build two
cd "$work"
sha256sum one/target/patchpin.jar two/target/patchpin.jar "one/target/patchpin-$version.tar.gz" \
  "two/target/patchpin-$version.tar.gz"
tar -tvzf "one/target/patchpin-$version.tar.gz"
mkdir -p "$(dirname "$out")"
cp "one/target/patchpin-$version.tar.gz" "$out"
cmp one/target/patchpin.jar two/target/patchpin.jar
cmp "one/target/patchpin-$version.tar.gz" "two/target/patchpin-$version.tar.gz"
cmp one/target/SHA256SUMS two/target/SHA256SUMS
(cd one/target && sha256sum -c SHA256SUMS)
echo "commit $commit: the jar and the tarball of two clean builds are byte-identical"
