#!/usr/bin/env bash
# Installs a release tarball as a packager would and uses it as a user would (.ci/run runs it after the build):
# unpacked into an empty prefix, run on a Java 17 through JAVA_HOME with a PATH that holds no Maven and a fresh
# HOME, it must print its version and commit, verify a shipped patchset on a generated workspace, run the demo,
# show its man pages (man -l, groff without warnings), complete in bash and zsh, refuse a Java older than 17 in
# one line, refuse options the JVM does not start on in one line, and write nothing into the prefix or HOME.
#   tests/release-install.sh target/patchpin-VERSION.tar.gz
set -euo pipefail
here="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)"
tarball="$(readlink -f "$1")"
work="$(mktemp -d "${TMPDIR:-/tmp}/patchpin-release-XXXXXX")"
trap 'rm -rf "$work"' EXIT
fails=0
ok() { echo "ok   $1"; }
bad() { echo "FAIL $1" >&2; fails=$((fails + 1)); }
check() { # description, then a command that must succeed
  local what="$1"; shift
  if "$@"; then ok "$what"; else bad "$what"; fi
}

jdk17=""
for j in /usr/lib/jvm/*/; do
  if grep -q '^JAVA_VERSION="17[."]' "$j/release" 2>/dev/null && [ -x "$j/bin/java" ]; then jdk17="${j%/}"; break; fi
done
[ -n "$jdk17" ] || { echo "skipped: no JDK 17 under /usr/lib/jvm" >&2; exit 0; }

# PATH: every program of /usr/bin and /bin but Maven and java (Java comes from JAVA_HOME)
mkdir -p "$work/path" "$work/home" "$work/prefix"
for f in /usr/bin/* /bin/*; do
  name="${f##*/}"
  case $name in mvn* | java) continue ;; esac
  [ -e "$work/path/$name" ] || ln -s "$f" "$work/path/$name"
done
run() { # runs a command as a user with the installed patchpin would
  env -i HOME="$work/home" PATH="$work/path" LANG=C.UTF-8 JAVA_HOME="$jdk17" \
    GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null "$@"
}
prefix="$work/prefix"
tar -xzf "$tarball" -C "$prefix" --strip-components=1
pp="$prefix/bin/patchpin"
touch "$work/installed"
check "no Maven on the test's PATH" run bash -c '! command -v mvn'

out="$(run "$pp" --version)"
echo "$out" | sed 's/^/     /'
check "--version: the version, then the commit" \
  grep -Eqz '^patchpin [0-9]+\.[0-9]+\.[0-9]+[^\n]*'$'\n''commit ([0-9a-f]{40}|unknown)' <<< "$out"

# a heap limit of a user's well below the launcher's 256 MB must still start
out="$(run env PATCHPIN_JAVA_OPTS=-Xmx32m "$pp" --version 2>&1)"
check "PATCHPIN_JAVA_OPTS=-Xmx32m: runs, and says nothing but the version" \
  bash -c '[ "$(wc -l <<< "$1")" = 2 ] && grep -q "^patchpin " <<< "$1"' _ "$out"

# The patchsets under patchsets/ are sealed on TheRock's own commits, which no generated workspace holds: the demo
# generates a TheRock-shaped one (nested submodules) and its gfx1103 patchset, and keeps them for a verify of its own
code=0
run env PATCHPIN_JAVA_OPTS="-Djava.io.tmpdir=$work" "$pp" demo --keep > "$work/demo.out" 2>&1 || code=$?
check "patchpin demo exits 0" test "$code" = 0
kept="$(sed -n 's/^Kept the workspace in //p' "$work/demo.out")"
check "the demo kept its workspace where PATCHPIN_JAVA_OPTS said" bash -c '[ -d "$1/TheRock" ] && [ "${1#"$2"/}" != "$1" ]' _ "$kept" "$work"
code=0
out="$(run "$pp" verify "$kept/patchsets/gfx1103" --repo "$kept/TheRock" --rev HEAD 2>&1)" || code=$?
echo "$out" | sed 's/^/     /'
check "verify at the demo's upstream HEAD: exit 1, an entry broken by upstream's move" test "$code" = 1
check "verify sums up every entry" grep -q '^summary: ' <<< "$out"
code=0
out="$(run "$pp" verify "$here/patchsets/gfx1103" --repo "$kept/TheRock" --rev HEAD 2>&1)" || code=$?
check "verify of the shipped gfx1103 there: its base is not in that workspace, said in one line, exit 2" \
  bash -c '[ "$1" = 2 ] && [ "$(wc -l <<< "$2")" = 1 ] && grep -q "base 18d09f3 is not in" <<< "$2"' _ "$code" "$out"

page="$prefix/share/man/man1/patchpin-verify.1"
if command -v man > /dev/null; then
  out="$(run env MANWIDTH=100 MANPAGER=cat PAGER=cat man -l "$page" 2>&1)"
  check "man -l patchpin-verify.1 shows its name and options" \
    bash -c 'grep -q "patchpin-verify - " <<< "$1" && grep -q -- "--rev=REV" <<< "$1"' _ "$out"
else
  echo "skip man -l: no man"
fi
if command -v groff > /dev/null; then
  warnings="$(run groff -man -Tutf8 -ww -z "$page" 2>&1)"
  check "groff -man reads patchpin-verify.1 without a warning" test -z "$warnings"
else
  echo "skip groff: no groff"
fi
check "a man page per command" test "$(ls "$prefix/share/man/man1" | wc -l)" -ge 20

out="$(run bash -c 'source "$1"; COMP_WORDS=(patchpin veri); COMP_CWORD=1; _complete_patchpin; echo "${COMPREPLY[*]}"' \
  _ "$prefix/share/bash-completion/completions/patchpin")"
check "bash completes 'patchpin veri' to verify" test "$out" = verify
if command -v zsh > /dev/null; then
  check "zsh reads _patchpin" zsh -n "$prefix/share/zsh/site-functions/_patchpin"
  out="$(run zsh -f -c 'autoload -Uz compinit && compinit -u -D; source "$1"; COMP_WORDS=(patchpin veri); COMP_CWORD=1; _complete_patchpin; print -r -- "${COMPREPLY[*]}"' \
    _ "$prefix/share/bash-completion/completions/patchpin" 2>&1)"
  # zsh's compadd, not the script, narrows the offer to the word typed: the script offers every verb
  check "zsh runs the same script, which offers the verbs" grep -qw verify <<< "$out"
else
  echo "skip zsh completion: no zsh"
fi

# Java 11 as JAVA_HOME: one line, exit 2; PATCHPIN_JAVA goes before JAVA_HOME; no java at all: one line
mkdir -p "$work/jdk11/bin"
printf 'JAVA_VERSION="11.0.25"\n' > "$work/jdk11/release"
printf '#!/bin/sh\necho "java 11 must not run" >&2; exit 99\n' > "$work/jdk11/bin/java"
chmod +x "$work/jdk11/bin/java"
code=0
out="$(run env JAVA_HOME="$work/jdk11" "$pp" --version 2>&1)" || code=$?
check "Java 11 is refused in one line, exit 2" \
  bash -c '[ "$1" = 2 ] && [ "$(wc -l <<< "$2")" = 1 ] && grep -q "needs Java 17 or newer" <<< "$2"' _ "$code" "$out"
out="$(run env JAVA_HOME="$work/jdk11" PATCHPIN_JAVA="$jdk17/bin/java" "$pp" --version 2>&1)" || true
check "PATCHPIN_JAVA goes before JAVA_HOME" grep -q '^patchpin ' <<< "$out"
code=0
out="$(env -i HOME="$work/home" PATH="$work/path" "$pp" --version 2>&1)" || code=$?
check "no java at all: one line, exit 2" \
  bash -c '[ "$1" = 2 ] && [ "$(wc -l <<< "$2")" = 1 ] && grep -q "no java found" <<< "$2"' _ "$code" "$out"

# One set of JVM options for every verb (docs/launcher.md): a java that prints its arguments shows them
mkdir -p "$work/jdkargs/bin"
printf 'JAVA_VERSION="17.0.1"\n' > "$work/jdkargs/release"
printf '#!/bin/sh\necho "$@"\n' > "$work/jdkargs/bin/java"
chmod +x "$work/jdkargs/bin/java"
export_opts="$(run env JAVA_HOME="$work/jdkargs" "$pp" lock export x.lock.toml --format nix)"
diff_opts="$(run env JAVA_HOME="$work/jdkargs" "$pp" lock diff a.lock.toml b.lock.toml)"
check "every verb gets the same JVM options" test "${export_opts%% -jar *}" = "${diff_opts%% -jar *}"
check "no compiler directives file" test ! -e "$prefix/lib/patchpin/sha2-c2.json"
out="$(run "$pp" lock export "$work/none.lock.toml" --format env 2>/dev/null)" || true
check "lock export: nothing from the JVM on stdout" test -z "$out"

# A JVM that does not start on the user's options: one line naming PATCHPIN_JAVA_OPTS, exit 2, nothing on stdout
for opts in -Xmx1k -XX:NoSuchOption "-Xms1g -Xmx16m" -Xss1k; do
  code=0
  run env PATCHPIN_JAVA_OPTS="$opts" "$pp" --version > "$work/jvm.out" 2> "$work/jvm.err" || code=$?
  check "PATCHPIN_JAVA_OPTS=$opts: exit 2, one line on stderr naming it, stdout empty" \
    bash -c '[ "$1" = 2 ] && [ ! -s "$2" ] && [ "$(wc -l < "$3")" = 1 ] && grep -q "^patchpin: .*PATCHPIN_JAVA_OPTS=" "$3"' \
    _ "$code" "$work/jvm.out" "$work/jvm.err"
  sed 's/^/     /' "$work/jvm.err"
done

written="$(find "$prefix" "$work/home" -newer "$work/installed" -print)"
check "nothing written into the prefix or HOME" test -z "$written"
[ -z "$written" ] || echo "$written" | sed 's/^/     /'

[ "$fails" = 0 ] || { echo "$fails check(s) failed" >&2; exit 1; }
echo "the release installs and runs"
