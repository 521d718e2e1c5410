#!/usr/bin/env bash
# Kills the real patchpin (the java process bin/patchpin starts) with SIGKILL at
# random moments of apply, revert, apply --commit, sync, rebase, update, export, import and capture on
# generated workspaces, then runs `recover` and the same command again; prints one table row per
# command: kills, the state found after the kill (old/new/mixed), temp files left, lock files and
# empty folders left after recover, and the state after the next command. Not part of mvn test.
# Usage: tests/kill9.sh [TRIALS-PER-COMMAND] (default 40); KILL9_ONLY=apply runs only the rows whose
# name starts so; a run that does not end in the new state is kept under $KILL9_KEEP (/tmp/kill9-kept).
set -euo pipefail
trials="${1:-40}"
here="$(cd "$(dirname "$0")/.." && pwd)"
pp="$here/bin/patchpin"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export GIT_CONFIG_NOSYSTEM=1 HOME="$work/home" GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@t GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@t
mkdir -p "$HOME"; git config --global protocol.file.allow always; git config --global init.defaultBranch main
"$pp" --version >/dev/null

# origin: a component with 20 files at A and B; a superproject with 100 files and the component
sub="$work/origin/sub"; mkdir -p "$sub"; git -C "$sub" init -q
for i in $(seq 1 20); do printf 'c%s\nline\n' "$i" > "$sub/c$i.txt"; done
git -C "$sub" add -A; git -C "$sub" commit -qm A
t="$work/template"; mkdir -p "$t"; git -C "$t" init -q
for i in $(seq 1 100); do printf 'alpha %s\nbeta %s\ngamma %s\n' "$i" "$i" "$i" > "$t/f$i.txt"; done
git -C "$t" submodule add -q "file://$sub" sub; git -C "$t" add -A; git -C "$t" commit -qm S1
for i in $(seq 1 20); do printf 'c%s\nLINE B\n' "$i" > "$sub/c$i.txt"; done; echo new > "$sub/n.txt"
git -C "$sub" add -A; git -C "$sub" commit -qm B
git -C "$t" checkout -q -b next; git -C t/sub 2>/dev/null || true
git -C "$t/sub" fetch -q origin; git -C "$t/sub" checkout -q origin/main
for i in $(seq 1 100); do printf 'alpha %s\nbeta %s\ngamma %s\ndelta\n' "$i" "$i" "$i" > "$t/f$i.txt"; done
git -C "$t" add -A; git -C "$t" commit -qm S2; next="$(git -C "$t" rev-parse HEAD)"
git -C "$t" checkout -q main; git -C "$t" submodule update -q
echo "patchsets/" >> "$t/.git/info/exclude"
# 200 entries on 100 files
for i in $(seq 1 100); do echo "sed -i 's/^alpha $i\$/ALPHA $i/' f$i.txt"; echo "sed -i 's/^gamma $i\$/GAMMA $i/' f$i.txt"; done > "$work/edits.sed"
"$pp" new "$t/patchsets/p" --repo "$t" >/dev/null
"$pp" import-sed "$t/patchsets/p" --repo "$t" --script "$work/edits.sed" >/dev/null
"$pp" lock --repo "$t" --rev "$next" -o "$work/next.lock.toml" >/dev/null
mkdir -p "$t/pins"; echo "pins/" >> "$t/.git/info/exclude" # update's pins file; its lock is made by the row
printf 'format = 1\npatchsets = ["p"]\n\n[[root]]\nname = "t"\nurl = "https://example.com/t.git"\nref = "main"\n' > "$t/pins/p.toml"

state() { # the work tree and patchset as one digest line per part
  (cd "$1" && { cat f*.txt | sha256sum; git rev-parse HEAD^{tree}; git -C sub rev-parse HEAD^{tree}
    git status --porcelain --untracked-files=no; git -C sub status --porcelain --untracked-files=no
    cat patchsets/p/patchset.toml | sha256sum; cat pins/*.lock.toml 2>/dev/null | sha256sum
    (cd patchsets && find . -type f ! -path '*/.patchpin-*' | LC_ALL=C sort | xargs -r sha256sum)
    if [ -e out ]; then (cd out && find . | LC_ALL=C sort && find . -type f | LC_ALL=C sort | xargs sha256sum); else echo no-out; fi
  } | sha256sum | cut -c1-16)
}
temps() { find "$1" \( -name '.patchpin-tmp.*' -o -name '.patchpin-journal*' -o -name index.lock -o -name HEAD.lock \) | wc -l; }
# patchpin's lock files, and empty folders under patchsets/ (an import into a new folder killed early)
leftovers() { { find "$1" \( -name '.patchpin-lock' -o -path '*/.git/patchpin/lock' \); find "$1/patchsets" -mindepth 1 -type d -empty; } | wc -l; }

run_row() { # name, prepare-command (in $w), command args...
  local name="$1" prep="$2"; shift 2
  case "$name" in ${KILL9_ONLY:-*}*) ;; *) return 0 ;; esac
  local base="$work/base-$RANDOM"; cp -a "$t" "$base"; (cd "$base" && eval "$prep") >/dev/null 2>&1
  local old new; old="$(state "$base")"
  local t0 t1 span
  cp -a "$base" "$work/done"; t0="$(date +%s%N)"
  (cd "$work/done" && "$pp" "$@" >/dev/null 2>&1) || true; t1="$(date +%s%N)"
  new="$(state "$work/done")"; rm -rf "$work/done"
  span=$(( (t1 - t0) / 1000000 )) # ms an uninterrupted run takes: kills are spread over all of it
  local k=0 o=0 n=0 m=0 tl=0 ao=0 an=0 am=0 left=0 locks=0
  for _ in $(seq 1 "$trials"); do
    local w="$work/w"; rm -rf "$w"; cp -a "$base" "$w"
    (cd "$w" && exec "$pp" "$@" >/dev/null 2>&1) & local pid=$!
    local at=$(( (RANDOM * 32768 + RANDOM) % (span + 1) ))
    sleep "$((at / 1000)).$(printf '%03d' $((at % 1000)))"
    for c in $(pgrep -P "$pid" || true); do kill -9 "$c" 2>/dev/null || true; done
    kill -9 "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true
    k=$((k+1)); local s; s="$(state "$w")"
    if [ "$s" = "$old" ]; then o=$((o+1)); elif [ "$s" = "$new" ]; then n=$((n+1)); else m=$((m+1)); fi
    [ "$(temps "$w")" -gt 0 ] && tl=$((tl+1))
    (cd "$w" && "$pp" recover --repo . >/dev/null 2>&1) || true
    [ "$(leftovers "$w")" -gt 0 ] && locks=$((locks+1))
    (cd "$w" && "$pp" "$@" >"$work/rerun.out" 2>"$work/rerun.err") || true
    s="$(state "$w")"
    if [ "$s" = "$old" ]; then ao=$((ao+1)); elif [ "$s" = "$new" ]; then an=$((an+1)); else am=$((am+1)); fi
    [ "$(temps "$w")" -gt 0 ] && left=$((left+1))
    if [ "$s" != "$new" ] || [ "$(temps "$w")" -gt 0 ]; then # keep the evidence of a run that did not end new
      local keep="${KILL9_KEEP:-/tmp/kill9-kept}/$name-$k"; mkdir -p "$keep"
      cp -a "$w" "$keep/tree"; cp "$work/rerun.out" "$work/rerun.err" "$keep/"; echo "kept $keep" >&2
    fi
  done
  echo "| $name | $k (0-${span} ms) | mixed $m, before $o, after $n | $tl | $locks | mixed $am, before $ao, after $an; temp files left $left |"
  rm -rf "$base"
}

echo "| command | kills (window) | tree/patchset after the kill | runs leaving temp files/journal | runs leaving a lock or empty folder after recover | after re-running the same command |"
echo "| --- | --- | --- | --- | --- | --- |"
run_row "apply (200 entries, 100 files)" ":" apply --repo . patchsets/p
run_row "revert" "$pp apply --repo . patchsets/p" revert --repo . patchsets/p
run_row "apply --commit" ":" apply --commit --repo . patchsets/p
run_row "sync (2 components)" ":" sync --repo . "$work/next.lock.toml"
run_row "rebase" ":" rebase patchsets/p --repo . --onto "$next"
run_row "update (lock + 200 entries)" "$pp lock --repo . --pins pins/p.toml -o pins/p.lock.toml" update pins/p.toml --repo . --to "$next"
run_row "export (200 patches, quilt)" ":" export patchsets/p --repo . --format quilt -o out
# a quilt series of 100 patches outside the workspace, imported into a new set; 50 edits captured into a set
q="$work/quilt"; mkdir -p "$q"
for i in $(seq 1 100); do
  printf -- '--- a/f%s.txt\n+++ b/f%s.txt\n@@ -1,3 +1,3 @@\n alpha %s\n-beta %s\n+BETA %s\n gamma %s\n' "$i" "$i" "$i" "$i" "$i" "$i" > "$q/$i.patch"
  echo "$i.patch"
done > "$q/series"
run_row "import (100 patches, new set)" ":" import patchsets/q --repo . --from "$q/series" --component .
run_row "capture (50 files)" "$pp new patchsets/c --repo . && for i in \$(seq 1 50); do sed -i 's/^beta/BETA/' f\$i.txt; done" capture patchsets/c --repo .
