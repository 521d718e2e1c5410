#!/usr/bin/env bash
# Benchmark (not a test): the shapes that grow without bound, each at full size and at a tenth of it
# (LimitsTest runs them small in mvn test). Prints wall time, peak RSS and exit code of each whole
# bin/patchpin run (and its CPU time), the ratio of the full size's wall time to the tenth's, and C git (or sed) on the same input
# where it applies:
#   hunks    a patch of 100,000 hunks on an 800,000-line file (10,000 on 80,000): add patch, verify, apply;
#            git apply --check on the same patch
#   file     one rewrite on a 200 MB file (20 MB): verify and apply with a heap that holds it, and the
#            refusal (exit 2) at bin/patchpin's default heap; sed -i on the same file
#   entries  10,000 sealed rewrites over 100 files (1,000 over 10): verify --rev HEAD and apply
#   nesting  a submodule that holds itself, 40 levels (4): lock and verify refuse it (exit 2)
#   missing  1,000 gitlinks to commits no object database has (100), one entry on each: lock (exit 1)
#            and verify --rev HEAD (OBJECTS_MISSING, exit 1)
# Usage: tests/bench/limits.sh [WORKDIR]    (LIMITS_GIT_FULL=0 skips C git on the 100,000-hunk patch)
. "$(dirname "$0")/bench.sh"
big_heap=-Xmx1g

# row LABEL SIZE CMD...: runs CMD once; prints "LABEL SIZE wall CPU peak-RSS exit"; keeps the seconds in $work/t.LABEL.SIZE
row() {
  local label=$1 size=$2; shift 2
  local out="$work/time.txt" code=0
  /usr/bin/time -f '%e %M %U %S' -o "$out" "$@" >"$work/last.out" 2>"$work/last.err" || code=$?
  read -r secs kb user sys < <(tail -1 "$out")
  printf '%-34s %9s %9.2f s %7.2f s CPU %7d MB  exit %d\n' "$label" "$size" "$secs" "$(echo "$user + $sys" | bc)" \
    $((kb / 1024)) "$code"
  echo "$secs" > "$work/t.${label// /_}.$size"
  if [ "$code" -ne 0 ] && [ "$code" -ne 1 ] && [ "$code" -ne 2 ]; then sed 's/^/    /' "$work/last.err" | head -3; fi
  if [ "$code" -eq 2 ]; then sed 's/^/    /' "$work/last.err" | head -1 | cut -c1-220; fi
}
ratio() { # LABEL SMALL FULL
  local a b; a=$(cat "$work/t.${1// /_}.$2"); b=$(cat "$work/t.${1// /_}.$3")
  printf '%-34s %9s %s\n' "$1" "ratio" "$(echo "$b / $a" | bc -l | cut -c1-5)x for 10x the size"
}

hunks() { # N: a repo with a file of N*8 lines and a patch of N hunks
  local n=$1 d="$work/hunks$1"
  rm -rf "$d"; mkdir -p "$d/ws"; (cd "$d/ws" && git init -q -b main)
  awk -v n=$((n * 8)) 'BEGIN{for(i=1;i<=n;i++) printf "line %d of the generated file\n", i}' > "$d/ws/big.txt"
  (cd "$d/ws" && git add -A && git commit -qm base)
  awk -v n=$((n * 8)) 'BEGIN{for(i=1;i<=n;i++) if(i%8==4) printf "line %d changed\n", i; else printf "line %d of the generated file\n", i}' > "$d/big.new"
  (cd "$d/ws" && diff -U3 --label a/big.txt --label b/big.txt big.txt ../big.new > ../big.patch) || true
  "$pp" new "$d/ps" --repo "$d/ws" --name hunks >/dev/null
}

echo "== a patch of many hunks (PATCHPIN_JAVA_OPTS=$big_heap)"
for n in 10000 100000; do
  hunks $n
  d="$work/hunks$n"
  PATCHPIN_JAVA_OPTS=$big_heap row "add patch" $n "$pp" add patch "$d/ps" --repo "$d/ws" --component . "$d/big.patch" --id big
  PATCHPIN_JAVA_OPTS=$big_heap row "verify --rev HEAD" $n "$pp" verify "$d/ps" --repo "$d/ws" --rev HEAD
  PATCHPIN_JAVA_OPTS=$big_heap row "apply" $n "$pp" apply "$d/ps" --repo "$d/ws"
  (cd "$d/ws" && cmp -s big.txt ../big.new && echo "    applied: equals diff's target" || echo "    applied: DIFFERS from diff's target")
  row "verify at the default heap" $n "$pp" verify "$d/ps" --repo "$d/ws"
  if [ $n -lt 100000 ] || [ "${LIMITS_GIT_FULL:-1}" != 0 ]; then
    row "git apply --check -R (applied tree)" $n git -C "$d/ws" apply --check -R ../big.patch
  fi
done
ratio "add patch" 10000 100000
ratio "verify --rev HEAD" 10000 100000
ratio "apply" 10000 100000
if [ -f "$work/t.git_apply_--check_-R_(applied_tree).100000" ]; then ratio "git apply --check -R (applied tree)" 10000 100000; fi

echo "== one large file"
for mb in 20 200; do
  d="$work/file$mb"
  rm -rf "$d"; mkdir -p "$d/ws"; (cd "$d/ws" && git init -q -b main)
  awk -v n=$((mb * 1024 * 1024 / 32)) 'BEGIN{print "project(big)"; for(i=1;i<=n;i++) printf "set(GENERATED_%08d value)\n", i}' > "$d/ws/data.cmake"
  (cd "$d/ws" && git add -A && git commit -qm base)
  heap=-Xmx$(( mb * 16 / 1024 + 1 ))g
  "$pp" new "$d/ps" --repo "$d/ws" --name file >/dev/null
  echo "  ${mb} MB file: heap $heap for the first three rows"
  PATCHPIN_JAVA_OPTS=$heap row "add rewrite" ${mb}MB "$pp" add rewrite "$d/ps" --repo "$d/ws" --component . \
    --file data.cmake --find "project(big)" --replace "project(bigger)" --occurrence 1
  PATCHPIN_JAVA_OPTS=$heap row "verify --rev HEAD" ${mb}MB "$pp" verify "$d/ps" --repo "$d/ws" --rev HEAD
  PATCHPIN_JAVA_OPTS=$heap row "apply" ${mb}MB "$pp" apply "$d/ps" --repo "$d/ws"
  row "verify at the default heap" ${mb}MB "$pp" verify "$d/ps" --repo "$d/ws" --rev HEAD
  cp "$d/ws/data.cmake" "$d/copy.cmake"
  row "sed -i on the same file" ${mb}MB sed -i 's/^project(bigger)$/project(big)/' "$d/copy.cmake"
done
ratio "add rewrite" 20MB 200MB
ratio "verify --rev HEAD" 20MB 200MB
ratio "apply" 20MB 200MB

echo "== many entries"
for n in 1000 10000; do
  files=$((n / 100)) d="$work/entries$n"
  rm -rf "$d"; mkdir -p "$d/ws"; (cd "$d/ws" && git init -q -b main)
  for f in $(seq 1 $files); do seq 1 100 | sed "s/.*/set(OPT_${f}_& \"v&\")/" > "$d/ws/f$f.cmake"; done
  (cd "$d/ws" && git add -A && git commit -qm base)
  for f in $(seq 1 $files); do
    seq 1 100 | sed "s|.*|sed -i 's/OPT_${f}_& \"v&\"/OPT_${f}_\& \"p&\"/' f$f.cmake|"
  done > "$d/sed.sh"
  "$pp" new "$d/ps" --repo "$d/ws" --name entries >/dev/null
  row "import-sed" $n "$pp" import-sed "$d/ps" --repo "$d/ws" --script "$d/sed.sh"
  row "verify --rev HEAD" $n "$pp" verify "$d/ps" --repo "$d/ws" --rev HEAD
  row "apply" $n "$pp" apply "$d/ps" --repo "$d/ws"
  (cd "$d/ws" && cp -r . "$d/sedws" && git -C "$d/sedws" checkout -q . )
  row "sed script on the same files" $n bash -c "cd '$d/sedws' && bash '$d/sed.sh'"
done
ratio "import-sed" 1000 10000
ratio "verify --rev HEAD" 1000 10000
ratio "apply" 1000 10000

# chain DIR LEVELS: one repository holding itself at a and b on every level (.git/modules/{a,b} -> ..)
chain() {
  local d=$1 levels=$2 commit
  rm -rf "$d"; mkdir -p "$d"; cd "$d"; git init -q -b main
  git config remote.origin.url https://example.invalid/self.git
  echo "level 0" > README; git add README; git commit -qm "level 0"
  for level in $(seq 1 "$levels"); do
    commit=$(git rev-parse HEAD)
    printf '[submodule "%s"]\n\tpath = %s\n\turl = https://example.invalid/self.git\n' a a b b > .gitmodules
    git update-index --add --cacheinfo "160000,$commit,a"; git update-index --add --cacheinfo "160000,$commit,b"
    echo "level $level" > README; git add .gitmodules README; git commit -qm "level $level"
  done
  mkdir -p .git/modules; ln -s .. .git/modules/a; ln -s .. .git/modules/b
  cd - >/dev/null
}
echo "== a submodule that nests itself"
for levels in 4 40; do
  d="$work/nest$levels"
  chain "$d/ws" $levels
  "$pp" new "$d/ps" --repo "$d/ws" --name nest >/dev/null
  row "lock" ${levels}lv "$pp" lock --repo "$d/ws" -o "$d/lock.toml"
  row "verify --rev HEAD" ${levels}lv "$pp" verify "$d/ps" --repo "$d/ws" --rev HEAD
  row "git submodule status --recursive" ${levels}lv timeout 60 git -C "$d/ws" submodule status --recursive
done

echo "== gitlinks to commits no object database has"
for n in 100 1000; do
  d="$work/missing$n"
  rm -rf "$d"; mkdir -p "$d/ws"; cd "$d/ws"; git init -q -b main
  echo top > README
  for i in $(seq 1 $n); do printf '[submodule "c%d"]\n\tpath = c%d\n\turl = https://example.invalid/c%d.git\n' $i $i $i; done > .gitmodules
  git add README .gitmodules
  for i in $(seq 1 $n); do printf '160000 %s\tc%d\n' "$(printf 'c%d' $i | sha1sum | cut -c1-40)" $i; done | git update-index --index-info
  git commit -qm "gitlinks to missing commits"
  cd - >/dev/null
  "$pp" new "$d/ps" --repo "$d/ws" --name missing >/dev/null
  for i in $(seq 1 $n); do
    printf '\n[[entry]]\nid = "e%d"\nkind = "rewrite"\ncomponent = "c%d"\nfile = "CMakeLists.txt"\nfind = "a"\nreplace = "b"\noccurrence = "all"\n' $i $i
  done >> "$d/ps/patchset.toml"
  row "lock" $n "$pp" lock --repo "$d/ws" -o "$d/lock.toml"
  row "verify --rev HEAD" $n "$pp" verify "$d/ps" --repo "$d/ws" --rev HEAD
  echo "    OBJECTS_MISSING: $(grep -c OBJECTS_MISSING "$work/last.out" || true) of $n entries"
  row "git submodule status" $n git -C "$d/ws" submodule status
done
ratio "lock" 100 1000
ratio "verify --rev HEAD" 100 1000
