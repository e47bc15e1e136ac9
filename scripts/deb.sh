#!/bin/sh
# Builds the Debian package of umax (scripts/release.sh runs it for Linux):
#
#   scripts/deb.sh [-d DIR] [-a ARCH] [-b BINARY] VERSION
#
# DIR/umax_DEBVERSION_ARCH.deb (DIR: dist; ARCH: amd64 or arm64, Go's
# GOARCH, Debian's name too; this machine's unless given; DEBVERSION:
# VERSION with "~" for "-", so that 1.0.0-rc.1 sorts before 1.0.0). The
# engine is BINARY, or built here for linux/ARCH as release.sh builds it.
# The files are those of "make install PREFIX=/usr BINDIR=/usr/games
# DESTDIR=..." (install/install.sh), in Debian's layout, as Debian's
# fairymax package has its own:
#   /usr/games/umax
#   /usr/share/man/man6/umax.6.gz                  (gzip -9n)
#   /usr/share/games/plugins/xboard/umax.eng       XBoard's engine list
#   /usr/share/games/plugins/logos/umax.png
#   /usr/share/doc/umax/copyright, /usr/share/doc/umax/README (install/README.txt)
# with no maintainer scripts: the package does not touch XBoard's settings
# (/etc/xboard/xboard.conf is the xboard package's), so XBoard lists umax
# from its first start, and "xboard -fe umax" finds it from the second
# (install/README.txt says so). Reproducible: file dates and the archive's
# are SOURCE_DATE_EPOCH (1980-01-01 unless set), owners root. Needs dpkg-deb
# (Debian's dpkg) and gzip; scripts/deb-test.sh installs and removes it.
set -eu
usage() {
  echo "usage: scripts/deb.sh [-d DIR] [-a amd64|arm64] [-b BINARY] VERSION" >&2
  exit 2
}
dist=dist arch= binary=
while getopts d:a:b: opt; do
  case $opt in
  d) dist=$OPTARG ;;
  a) arch=$OPTARG ;;
  b) binary=$OPTARG ;;
  *) usage ;;
  esac
done
shift $((OPTIND - 1))
[ $# = 1 ] || usage
version=$1
. "$(dirname "$0")/release-version.sh"
check_version deb.sh "$version"
export PATH="$PATH:/usr/local/go/bin"
arch=${arch:-$(go env GOARCH)}
case $arch in
amd64 | arm64) ;;
*) echo "deb.sh: no architecture $arch (amd64, arm64)" >&2; usage ;;
esac
for tool in dpkg-deb gzip; do
  command -v $tool >/dev/null || { echo "deb.sh: needs $tool" >&2; exit 2; }
done
[ -z "$binary" ] || binary=$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")
mkdir -p "$dist"
dist=$(cd "$dist" && pwd)
cd "$(dirname "$0")/.."
debversion=$(printf '%s\n' "$version" | tr - '~')
export SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH:-315532800}" # dpkg-deb's dates too
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
root=$stage/root
if [ -z "$binary" ]; then
  binary=$stage/umax
  CGO_ENABLED=0 GOOS=linux GOARCH=$arch go build -trimpath -buildvcs=false \
    -ldflags "-s -w -X main.version=$version" -o "$binary" .
fi
sh install/install.sh PREFIX=/usr BINDIR=/usr/games DESTDIR="$root" EXE="$binary" >/dev/null
gzip -9n "$root/usr/share/man/man6/umax.6"
doc=$root/usr/share/doc/umax
install -d "$doc"
install -m 644 install/README.txt "$doc/README"
{
  cat <<'COPYRIGHT'
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: umax
Comment: umax is H.G. Muller's chess program micro-Max 4.1 ported to Go,
 statement for statement. micro-Max 4.1 and its futility pruning are
 described, with the listing, on H.G. Muller's pages
 https://home.hccnet.nl/h.g.muller/max-src2.html and
 https://home.hccnet.nl/h.g.muller/futile.html. The MIT License below covers
 the port's own code only; it does not cover micro-Max's listing, which
 this package does not contain and whose terms are H.G. Muller's. The Go
 runtime and standard library compiled into /usr/games/umax are the Go
 Authors', under Go's BSD license.

Files: *
Copyright: 2026 the umax authors
License: MIT

License: MIT
COPYRIGHT
  # The license's text, indented one space, "." for empty lines.
  sed -n '/^Permission is hereby granted/,$p' LICENSE | sed 's/^$/./; s/^/ /'
} >"$doc/copyright"
chmod 644 "$doc/copyright"
install -d "$root/DEBIAN"
(cd "$root" && find usr -type f | LC_ALL=C sort | xargs md5sum) >"$root/DEBIAN/md5sums"
size=$(du -sk --apparent-size "$root/usr" | cut -f1)
cat >"$root/DEBIAN/control" <<CONTROL
Package: umax
Version: $debversion
Architecture: $arch
Maintainer: the umax authors
Installed-Size: $size
Section: games
Priority: optional
Suggests: xboard | polyglot
Description: chess engine: micro-Max 4.1 ported to Go
 umax is H.G. Muller's chess program micro-Max 4.1 (1770 characters of C),
 ported to Go node for node: for the same input it searches the same tree
 as the C program. It plays in XBoard (the Chess Engine Communication
 Protocol, version 2) and in UCI GUIs, at full strength or at a rating
 from 589 to 1599, and has a laboratory of futility-pruning rules.
 It has no opening book and no end-game tables.
CONTROL
chmod 644 "$root/DEBIAN/md5sums" "$root/DEBIAN/control"
find "$root" -type d -exec chmod 755 {} +
find "$root" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
deb=$dist/umax_${debversion}_$arch.deb
rm -f "$deb"
dpkg-deb --build --root-owner-group -Zxz "$root" "$deb" >/dev/null
echo "$deb"
