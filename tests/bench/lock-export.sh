#!/usr/bin/env bash
# Benchmark (not a test): `patchpin lock export --format nix` (NAR sha256 of every
# source, streamed from the object databases) against C git's
# `git archive --format tar <commit> | sha256sum` on the same trees, in the same run:
#   1. a lock of 1,000 components (bare mirrors, 50 files each, TheRock's mirror layout)
#   2. one tree of 100,000 files (1,000 folders, executables and symlinks among them)
# Also times --format pkgbuild (the tar stream itself, hashed) on both.
# Where the time goes: `lock export --format env` of the big tree (reads no object: the JVM's start, the command
# line and the lock), and the big tree's nix and pkgbuild exports run again and again in one JVM with the
# launcher's options (io.patchpin.cli.WarmRuns): the first run in that JVM (code cold) and the
# median after a warm-up (the work itself), against C git's median of the same run.
# Prints every run (wall s, CPU s, max RSS MB), the medians and the ratios.
#
#   tests/bench/lock-export.sh           # generates once under $BENCH_DIR, then times $RUNS runs
#   BENCH_DIR=/tmp/b RUNS=7 tests/bench/lock-export.sh
set -euo pipefail
here="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../.." && pwd)"
bench="${BENCH_DIR:-${TMPDIR:-/tmp}/patchpin-bench-export}"
runs="${RUNS:-5}"
components="${COMPONENTS:-1000}"
files="${FILES:-100000}"

export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null LC_ALL=C

# A fast-import stream of one commit holding $2 files under folders of 100 (every 50th executable,
# every 97th a symlink), named after $1.
stream() {
  awk -v tag="$1" -v n="$2" 'BEGIN {
    print "commit refs/heads/main"; print "committer Bench <bench@example.org> 1760000000 +0000"
    print "data " length(tag); print tag
    for (i = 0; i < n; i++) {
      path = sprintf("d%04d/f%06d.c", int(i / 100), i)
      if (i % 97 == 96) { target = sprintf("f%06d.c", i - 1); printf "M 120000 inline %s\ndata %d\n%s\n", path, length(target), target; continue }
      body = ""; for (k = 0; k < (i % 7 + 1) * 8; k++) body = body sprintf("/* %s line %d of file %d */\n", tag, k, i)
      printf "M %s inline %s\ndata %d\n%s\n", (i % 50 == 0 ? "100755" : "100644"), path, length(body), body
    }
  }'
}

generate() {
  rm -rf "$bench"; mkdir -p "$bench/mirror/bench"
  echo "generating $components components and a $files-file tree under $bench ..." >&2
  local i name commit gitlinks="$bench/gitlinks" modules="$bench/gitmodules"
  : > "$gitlinks"; : > "$modules"
  for i in $(seq -f '%04g' 1 "$components"); do
    name="c$i"
    git init -q --bare --initial-branch=main "$bench/mirror/bench/$name.git"
    stream "$name" 50 | git -C "$bench/mirror/bench/$name.git" fast-import --quiet
    commit="$(git -C "$bench/mirror/bench/$name.git" rev-parse main)"
    printf 'M 160000 %s libs/%s\n' "$commit" "$name" >> "$gitlinks"
    printf '[submodule "%s"]\n\tpath = libs/%s\n\turl = https://example.org/bench/%s\n' "$name" "$name" "$name" >> "$modules"
    printf '%s %s\n' "$name" "$commit" >> "$bench/commits"
  done
  git init -q --bare --initial-branch=main "$bench/super.git"
  { echo "commit refs/heads/main"; echo "committer Bench <bench@example.org> 1760000000 +0000"; echo "data 5"; echo "super"
    printf 'M 100644 inline .gitmodules\ndata %d\n' "$(wc -c < "$modules")"; cat "$modules"; echo
    cat "$gitlinks"; } | git -C "$bench/super.git" fast-import --quiet
  git -C "$bench/super.git" config remote.origin.url https://example.org/bench/super
  git init -q --bare --initial-branch=main "$bench/big.git"
  git -C "$bench/big.git" config remote.origin.url https://example.org/bench/big
  stream big "$files" | git -C "$bench/big.git" fast-import --quiet
  "$here/bin/patchpin" lock --repo "$bench/super.git" --mirror-dir "$bench/mirror" -o "$bench/components.lock.toml"
  "$here/bin/patchpin" lock --repo "$bench/big.git" -o "$bench/big.lock.toml"
  touch "$bench/.done"
}

[ -f "$bench/.done" ] || generate
"$here/bin/patchpin" --version >/dev/null   # builds the jar outside the timed runs

. "$here/tests/bench/timed.sh"

git_all_components() {
  while read -r name commit; do
    git -C "$bench/mirror/bench/$name.git" archive --format tar "$commit" | sha256sum
  done < "$bench/commits"
}
export -f git_all_components; export bench

results="$(mktemp)"
for r in $(seq 1 "$runs"); do
  timed 1000-nix "$here/bin/patchpin" lock export "$bench/components.lock.toml" --repo "$bench/super.git" \
    --mirror-dir "$bench/mirror" --format nix -o "$bench/components.nix"
  timed 1000-pkgbuild "$here/bin/patchpin" lock export "$bench/components.lock.toml" --repo "$bench/super.git" \
    --mirror-dir "$bench/mirror" --format pkgbuild -o "$bench/components.pkgbuild"
  timed 1000-git bash -c git_all_components
  timed 100k-nix "$here/bin/patchpin" lock export "$bench/big.lock.toml" --repo "$bench/big.git" --format nix -o "$bench/big.nix"
  timed 100k-pkgbuild "$here/bin/patchpin" lock export "$bench/big.lock.toml" --repo "$bench/big.git" --format pkgbuild -o "$bench/big.pkgbuild"
  timed 100k-git bash -c "git -C '$bench/big.git' archive --format tar main | sha256sum"
  timed 100k-env "$here/bin/patchpin" lock export "$bench/big.lock.toml" --repo "$bench/big.git" --format env -o "$bench/big.env"
done

# the checksums must be C git's
ours="$(sed -n '/^sha256sums=(/,/^)/p' "$bench/big.pkgbuild" | sed -n 2p | tr -d " '")"
theirs="$(git -C "$bench/big.git" archive --format tar main | sha256sum | cut -d' ' -f1)"
[ "$ours" = "$theirs" ] || { echo "pkgbuild checksum $ours differs from C git's $theirs" >&2; exit 1; }
hashed="$(grep -c 'hash = "sha256-' "$bench/components.nix")"

printf '\n%s components (%s hashed), %s files in the big tree, %s runs each, %s CPUs, load %s\n' \
  "$components" "$hashed" "$files" "$runs" "$(nproc)" "$(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-14s %4s %9s %9s %9s\n' what run wall_s cpu_s rss_MB
awk '{ n[$1]++; printf "%-14s %4d %9s %9s %9s\n", $1, n[$1], $2, $3, $4 }' "$results"
median() { grep "^$1 " "$results" | awk '{print $'"$2"'}' | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
printf '\nmedians (wall s / cpu s / RSS MB) and wall ratios against C git (target <= 1.0):\n'
for set in 1000 100k; do
  g="$(median "$set-git" 2)"
  for f in nix pkgbuild; do
    w="$(median "$set-$f" 2)"
    printf '%-14s %6s / %6s / %5s   ratio %s\n' "$set-$f" "$w" "$(median "$set-$f" 3)" "$(median "$set-$f" 4)" "$(ratio "$w" "$g")"
  done
  printf '%-14s %6s / %6s / %5s\n' "$set-git" "$g" "$(median "$set-git" 3)" "$(median "$set-git" 4)"
done
printf '%-14s %6s / %6s / %5s   (reads no object: the JVM start, command line and lock)\n' 100k-env \
  "$(median 100k-env 2)" "$(median 100k-env 3)" "$(median 100k-env 4)"

# the work apart from the JVM's start: the launcher's JVM options, the release's jar, the driver
(cd "$here" && mvn -B -q -o test-compile >/dev/null 2>&1 || mvn -B -q test-compile >/dev/null)
lib="$here/target/release/lib/patchpin"
jvm=(java -XX:+UseSerialGC -XX:-UsePerfData -XX:+DisplayVMOutputToStderr -XX:TieredStopAtLevel=1 -Xmx256m
  -cp "$lib/patchpin.jar:$here/target/test-classes" io.patchpin.cli.WarmRuns)
field() { echo "$1" | awk -v k="$2" '{ for (i = 1; i < NF; i++) if ($i == k) print $(i + 1) }'; }
printf '\nin one JVM, ms (CPU / wall): first run, then the median of %s after a warm-up; ratio of that median to C git:\n' \
  "${WARM_RUNS:-7}"
for f in nix pkgbuild; do
  w="$("${jvm[@]}" 3 "${WARM_RUNS:-7}" - lock export "$bench/big.lock.toml" --repo "$bench/big.git" --format "$f" \
    -o "$bench/big-warm.$f")"
  cmp -s "$bench/big-warm.$f" "$bench/big.$f" || { echo "the warm $f export differs" >&2; exit 1; }
  printf '%-14s first %5s / %5s   warm %5s / %5s   ratio %s wall, %s CPU\n' "100k-$f" \
    "$(field "$w" first_cpu_ms)" "$(field "$w" first_wall_ms)" "$(field "$w" median_cpu_ms)" \
    "$(field "$w" median_wall_ms)" \
    "$(ratio "$(field "$w" median_wall_ms)" "$(awk -v s="$(median 100k-git 2)" 'BEGIN { print s * 1000 }')")" \
    "$(ratio "$(field "$w" median_cpu_ms)" "$(awk -v s="$(median 100k-git 3)" 'BEGIN { print s * 1000 }')")"
done
rm -f "$results"
