#!/bin/sh
# Makes a Debian package of a built engine, as release.sh calls it:
#
#   scripts/deb.sh BINARY VERSION ARCH OUT.deb
#
# The tree is what "make install PREFIX=/usr BINDIR=/usr/games DESTDIR=..."
# stages, in Debian's layout for an XBoard engine (fairymax's): the engine
# in /usr/games, umax(6) gzipped in /usr/share/man/man6, XBoard's
# engine-list file and logo in /usr/share/games/plugins, and the copyright
# in /usr/share/doc/umax. Files dated 1980 and owned by root: the same
# binary gives the same package. scripts/deb-test.sh installs one.
set -eu
[ $# = 4 ] || { echo "usage: scripts/deb.sh BINARY VERSION ARCH OUT.deb" >&2; exit 2; }
binary=$1 version=$2 arch=$3 out=$4
command -v dpkg-deb >/dev/null || { echo "deb.sh: needs dpkg-deb (Debian's dpkg)" >&2; exit 2; }
cd "$(dirname "$0")/.."
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
cp "$binary" "$stage/umax" # the Makefile builds EXE only when the sources are newer
touch "$stage/umax"
make -s install EXE="$stage/umax" PREFIX=/usr BINDIR=/usr/games DESTDIR="$stage/root"
rm "$stage/umax"
gzip -9n "$stage/root/usr/share/man/man6/umax.6"
install -d "$stage/root/usr/share/doc/umax" "$stage/root/DEBIAN"
{
  echo "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"
  echo "Upstream-Name: umax"
  echo
  echo "Files: *"
  echo "License: MIT"
  sed 's/^$/./; s/^/ /' LICENSE
} >"$stage/root/usr/share/doc/umax/copyright"
size=$(du -sk --exclude=DEBIAN "$stage/root" | cut -f1)
cat >"$stage/root/DEBIAN/control" <<CONTROL
Package: umax
Version: $version
Architecture: $arch
Maintainer: the umax project <umax@invalid>
Installed-Size: $size
Section: games
Priority: optional
Suggests: xboard | polyglot
Description: micro-Max 4.1 chess engine, ported to Go
 H.G. Muller's micro-Max 4.1, a chess engine of 1770 characters of C,
 ported to Go node for node. It plays in XBoard and WinBoard (CECP 2)
 and in UCI GUIs, with strength levels; "xboard -fcp umax" plays it.
CONTROL
find "$stage/root" -exec touch -h -t 198001010000 {} +
SOURCE_DATE_EPOCH=315532800 dpkg-deb --root-owner-group -Zxz --build "$stage/root" "$out" >/dev/null
echo "$out"
