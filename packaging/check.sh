#!/usr/bin/env bash
# Checks the recipes under packaging/ with the distributions' own tools, where this machine has them (each check
# says when it is skipped): the version every recipe names is the pom's; Arch: bash -n, makepkg --printsrcinfo
# and a makepkg build (its check() runs the demo); Fedora: rpmspec -P and rpmbuild -bb (its %check runs the
# demo); Nix: nix-instantiate --parse, and an evaluation of package.nix against stand-ins for nixpkgs (building
# it needs a nixpkgs, which is not here). Each package built must hold every file of the tarball's bin/, lib/ and
# share/ (README and LICENSE where the distro puts them).
#   packaging/check.sh target/patchpin-VERSION.tar.gz
set -euo pipefail
here="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)"
tarball="$(readlink -f "$1")"
work="$(mktemp -d "${TMPDIR:-/tmp}/patchpin-packaging-XXXXXX")"
trap 'rm -rf "$work"' EXIT
version="$(sed -n 's:^  <version>\(.*\)</version>$:\1:p' "$here/pom.xml" | head -n 1)"
pkg="$here/packaging"
fails=0
ok() { echo "ok   $1"; }
bad() { echo "FAIL $1" >&2; fails=$((fails + 1)); }
skip() { echo "skip $1"; }
# The tarball's files, by name under the prefix (share/doc/patchpin/* is checked by name only: distros move them)
tar -tzf "$tarball" | sed -n 's:^[^/]*/::p' | grep -v '/$' | grep -v '^$' | sort > "$work/tarball.list"
holds_tarball() { # package listing file, prefix inside it: every tarball file is in the package
  local listing="$1" prefix="$2" f missing=0
  while IFS= read -r f; do
    case $f in
      share/doc/patchpin/*) grep -q "/${f##*/}\$" "$listing" || { echo "missing: $f"; missing=1; } ;;
      *) grep -Eqx "$prefix/$f(\.gz|\.xz|\.zst|\.bz2)?" "$listing" || { echo "missing: $f"; missing=1; } ;;   # man pages compressed
    esac
  done < "$work/tarball.list"
  return "$missing"
}
step() { # description, command...: runs the command, its output kept in $work/log and shown on failure
  local what="$1"; shift
  if "$@" > "$work/log" 2>&1; then ok "$what"; else bad "$what"; sed 's/^/     /' "$work/log" >&2; fi
}

for f in arch/PKGBUILD fedora/patchpin.spec nix/package.nix nix/default.nix; do
  step "$f names version $version" grep -Eq "^(pkgver=|Version: +| +version = \")$version\"?;?\$|patchpin-$version\.tar\.gz" "$pkg/$f"
done

# Arch: makepkg refuses to run as root, so it runs as nobody in a folder of its own
step "PKGBUILD: bash -n" bash -n "$pkg/arch/PKGBUILD"
as_builder=()
if [ "$(id -u)" = 0 ]; then as_builder=(runuser -u nobody -- env HOME="$work/arch"); fi
mkdir -p "$work/arch"
cp "$pkg/arch/PKGBUILD" "$work/arch/"
cp "$tarball" "$work/arch/patchpin-$version.tar.gz"   # the name the recipes give it
chmod -R a+rwX "$work"
if command -v makepkg > /dev/null && command -v pacman > /dev/null; then
  step "PKGBUILD: makepkg --printsrcinfo" bash -c 'cd "$1" && shift && "$@" makepkg --printsrcinfo' _ "$work/arch" ${as_builder[@]+"${as_builder[@]}"}
  cat "$work/log"
  if command -v bsdtar > /dev/null && command -v fakeroot > /dev/null; then
    # -d: pacman's database here knows no java-runtime; java comes from PATH
    step "PKGBUILD: makepkg -d builds the package, check() included" \
      bash -c 'cd "$1" && shift && "$@" makepkg -d -f' _ "$work/arch" ${as_builder[@]+"${as_builder[@]}"}
    ls "$work/arch"/*.pkg.tar* 2> /dev/null || true
    bsdtar -tf "$work"/arch/*.pkg.tar* | sed 's:^:/:' > "$work/arch.list"
    step "PKGBUILD: the package holds every file of the tarball" holds_tarball "$work/arch.list" /usr
  else
    skip "makepkg build: needs bsdtar (libarchive-tools) and fakeroot"
  fi
else
  skip "makepkg: not installed (Debian: makepkg, pacman-package-manager)"
fi

if command -v rpmspec > /dev/null && command -v rpmbuild > /dev/null; then
  step "spec: rpmspec -P" rpmspec -P "$pkg/fedora/patchpin.spec"
  mkdir -p "$work/rpm/SOURCES"
  cp "$tarball" "$work/rpm/SOURCES/patchpin-$version.tar.gz"
  # --nodeps: rpm's database on a non-RPM system knows no java-headless; java comes from PATH
  step "spec: rpmbuild -bb builds the package, %check included" \
    rpmbuild -bb --nodeps --define "_topdir $work/rpm" "$pkg/fedora/patchpin.spec"
  ls "$work"/rpm/RPMS/noarch/*.rpm 2> /dev/null || true
  rpm -qlp "$work"/rpm/RPMS/noarch/*.rpm > "$work/rpm.list"
  step "spec: the package holds every file of the tarball" holds_tarball "$work/rpm.list" /usr
else
  skip "rpmspec, rpmbuild: not installed (Debian: rpm)"
fi

if command -v nix-instantiate > /dev/null; then
  step "nix: nix-instantiate --parse package.nix" nix-instantiate --parse "$pkg/nix/package.nix"
  step "nix: nix-instantiate --parse default.nix" nix-instantiate --parse "$pkg/nix/default.nix"
  # stand-ins for the few nixpkgs attributes package.nix uses: its attributes evaluate, its phases are strings
  step "nix: package.nix evaluates against stand-ins for nixpkgs" nix-instantiate --eval --strict -E '
    let
      lib = {
        getExe = p: "${p.outPath}/bin/java";
        licenses = { asl20 = "asl20"; bsd3 = "bsd3"; mit = "mit"; };
        sourceTypes = { binaryBytecode = "binaryBytecode"; };
      };
      stdenvNoCC = { mkDerivation = f: let attrs = f attrs; in attrs; };
      jre_headless = { outPath = "/jre"; meta.platforms = [ "x86_64-linux" ]; };
      d = import '"$pkg"'/nix/package.nix {
        inherit lib stdenvNoCC jre_headless;
        makeWrapper = "makeWrapper";
        src = "/patchpin.tar.gz";
      };
    in { inherit (d) pname version installPhase postFixup installCheckPhase meta; }'
  cat "$work/log"
  skip "nix-build: needs a nixpkgs (none on this machine; Debian ships nix-bin without one)"
else
  skip "nix-instantiate: not installed (Debian: nix-bin)"
fi

[ "$fails" = 0 ] || { echo "$fails check(s) failed" >&2; exit 1; }
echo "the recipes check out"
