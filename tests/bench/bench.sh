# Sourced by the benchmarks, first thing: strict mode; $here, the repository; $pp, the launcher, its jar built
# here, outside any timing; $work, the work folder (the benchmark's first argument, else a new temp folder);
# git with no system or global configuration and a fixed identity.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
pp="$here/bin/patchpin"
work="${1:-$(mktemp -d)}"
mkdir -p "$work"
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null GIT_AUTHOR_NAME=b GIT_AUTHOR_EMAIL=b@x GIT_COMMITTER_NAME=b GIT_COMMITTER_EMAIL=b@x
"$pp" --version >/dev/null

# fresh_repo [FOLDER...]: removes $work/ws and the FOLDERs under $work, then makes $work/ws a new repository
# (branch main) and the current folder.
fresh_repo() {
  local f
  rm -rf "$work/ws"
  for f in "$@"; do rm -rf "${work:?}/$f"; done
  mkdir -p "$work/ws"
  cd "$work/ws"
  git init -q -b main
}
