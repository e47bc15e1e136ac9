#!/bin/sh
# Builds the release files into dist/ (which git ignores):
#
#   scripts/release.sh VERSION        e.g. scripts/release.sh 1.0.0
#
# One archive per platform players use, each a folder umax-VERSION-OS-ARCH
# holding the engine (umax, umax.exe on Windows), its manual page umax.6,
# XBoard's engine-list entry umax.eng and logo umax.png, the players'
# README.txt and LICENSE (all from install/), and on Linux and macOS
# install.sh, which installs them as "make install" does:
#   dist/umax-VERSION-windows-amd64.zip    for WinBoard and Windows UCI GUIs
#   dist/umax-VERSION-darwin-arm64.tar.gz  macOS on Apple silicon
#   dist/umax-VERSION-darwin-amd64.tar.gz  macOS on Intel
#   dist/umax-VERSION-linux-amd64.tar.gz   Linux on x86-64
#   dist/umax-VERSION-linux-arm64.tar.gz   Linux on 64-bit ARM
# and for Linux the Debian packages (scripts/deb.sh, which needs dpkg-deb):
#   dist/umax_DEBVERSION_amd64.deb, dist/umax_DEBVERSION_arm64.deb
# (DEBVERSION: VERSION with "~" for "-", so that 1.0.0-rc.1 sorts before
# 1.0.0), and dist/umax-VERSION-SHA256SUMS, the checksums of every file of
# this version in the folder. The version starts with a digit (Debian's
# rule) and holds only letters, digits, '.', '+' and '-'; it goes into the
# engine's name (XBoard's myname, UCI's id name) and "umax -version". The
# builds are static (CGO_ENABLED=0) and reproducible (-trimpath, no VCS
# stamp, fixed file dates in the archives): the same source and Go version
# give the same bytes.
#
#   scripts/release.sh -d DIR -p windows/amd64 VERSION
#
# builds into DIR instead, and only the platform(s) -p names (os/arch, one
# per -p, from the five above): scripts/wine-test.sh tests the Windows
# archive so. Anything else on the command line is refused (exit status 2).
set -eu
usage() {
  echo "usage: scripts/release.sh [-d DIR] [-p OS/ARCH]... VERSION" >&2
  echo "  OS/ARCH: windows/amd64 darwin/amd64 darwin/arm64 linux/amd64 linux/arm64" >&2
  exit 2
}
dist=dist
platforms=
while getopts d:p: opt; do
  case $opt in
  d) dist=$OPTARG ;;
  p)
    case $OPTARG in
    windows/amd64 | darwin/amd64 | darwin/arm64 | linux/amd64 | linux/arm64) platforms="$platforms $OPTARG" ;;
    *) echo "release.sh: no platform $OPTARG" >&2; usage ;;
    esac ;;
  *) usage ;;
  esac
done
shift $((OPTIND - 1))
[ $# = 1 ] || usage
version=$1
. "$(dirname "$0")/release-version.sh"
check_version release.sh "$version"
platforms=${platforms:-windows/amd64 darwin/amd64 darwin/arm64 linux/amd64 linux/arm64}
tools="tar gzip sha256sum"
case $platforms in *windows*) tools="$tools zip" ;; esac
case $platforms in *linux*) tools="$tools dpkg-deb" ;; esac
for tool in $tools; do
  command -v $tool >/dev/null || { echo "release.sh: needs $tool" >&2; exit 2; }
done
mkdir -p "$dist"
dist=$(cd "$dist" && pwd)
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/go/bin"
for target in $platforms; do
  os=${target%/*} arch=${target#*/}
  name=umax-$version-$os-$arch
  exe=umax archive=$name.tar.gz
  [ "$os" = windows ] && exe=umax.exe archive=$name.zip
  rm -rf "${dist:?}/$name" "$dist/$archive"
  mkdir "$dist/$name"
  CGO_ENABLED=0 GOOS=$os GOARCH=$arch go build -trimpath -buildvcs=false \
    -ldflags "-s -w -X main.version=$version" -o "$dist/$name/$exe" .
  cp install/umax.6 install/umax.eng install/umax.png install/README.txt LICENSE "$dist/$name/"
  chmod 644 "$dist/$name"/*
  chmod 755 "$dist/$name" "$dist/$name/$exe"
  [ "$os" = windows ] || install -m 755 install/install.sh "$dist/$name/"
  find "$dist/$name" -exec touch -h -t 198001010000 {} + # fixed dates: reproducible archives
  if [ "$os" = windows ]; then
    (cd "$dist" && find "$name" | LC_ALL=C sort | zip -qX -@ "$archive")
  else
    tar -C "$dist" --owner=0 --group=0 --numeric-owner --sort=name -cf - "$name" | gzip -n >"$dist/$archive"
  fi
  echo "$dist/$archive"
  [ "$os" != linux ] || scripts/deb.sh -d "$dist" -a "$arch" -b "$dist/$name/$exe" "$version"
  rm -rf "${dist:?}/$name"
done
# The checksums of this version's files in the folder, whichever run built
# them: the archives, then the packages.
debversion=$(printf '%s\n' "$version" | tr - '~')
sums=umax-$version-SHA256SUMS
(
  cd "$dist"
  set --
  for target in windows/amd64 darwin/amd64 darwin/arm64 linux/amd64 linux/arm64; do
    for f in "umax-$version-${target%/*}-${target#*/}.zip" "umax-$version-${target%/*}-${target#*/}.tar.gz"; do
      [ ! -f "$f" ] || set -- "$@" "$f"
    done
  done
  for arch in amd64 arm64; do
    [ ! -f "umax_${debversion}_$arch.deb" ] || set -- "$@" "umax_${debversion}_$arch.deb"
  done
  sha256sum "$@" >"$sums"
)
echo "$dist/$sums"
