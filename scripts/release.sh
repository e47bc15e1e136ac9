#!/bin/sh
# Builds the release for players into dist/ (which git ignores):
#
#   scripts/release.sh VERSION        e.g. scripts/release.sh 1.0.0
#
# One archive per platform players use, each holding the engine, its
# manual page umax.6, XBoard's engine-list file umax.eng and the logo
# umax.png, a README for players (install/README.md: how to add the engine
# to XBoard, WinBoard, Arena, Cute Chess, and the options that matter) and
# LICENSE; the Linux and macOS archives also install.sh, which installs
# them as "make install" does:
#   dist/umax-VERSION-windows-amd64.zip    umax.exe, for WinBoard and Windows UCI GUIs
#   dist/umax-VERSION-darwin-arm64.tar.gz  umax, macOS on Apple silicon
#   dist/umax-VERSION-darwin-amd64.tar.gz  umax, macOS on Intel
#   dist/umax-VERSION-linux-amd64.tar.gz   umax, Linux on x86-64
#   dist/umax-VERSION-linux-arm64.tar.gz   umax, Linux on 64-bit ARM
# a Debian package for each Linux one, in Debian's layout for an XBoard
# engine (/usr/games/umax, umax(6), /usr/share/games/plugins), made from
# "make install PREFIX=/usr BINDIR=/usr/games DESTDIR=..." with dpkg-deb:
#   dist/umax_VERSION_amd64.deb, dist/umax_VERSION_arm64.deb
# and dist/umax-VERSION-SHA256SUMS for that version's files. The version
# goes into the engine's name (XBoard's myname, UCI's id name) and
# "umax -version"; it starts with a digit, as Debian's do. The builds are
# static (CGO_ENABLED=0) and reproducible (-trimpath, no VCS stamp, fixed
# file dates in the archives and packages): the same source and Go version
# give the same bytes.
#
#   scripts/release.sh -d DIR -p windows/amd64 VERSION
#
# builds into DIR instead, and only the platform(s) -p names (os/arch, one
# per -p): scripts/wine-test.sh tests the Windows archive so.
set -eu
usage="usage: scripts/release.sh [-d DIR] [-p OS/ARCH]... VERSION"
dist=dist
platforms=
while getopts d:p: opt; do
  case $opt in
  d) dist=$OPTARG ;;
  p) case $OPTARG in
     windows/amd64 | darwin/arm64 | darwin/amd64 | linux/amd64 | linux/arm64) platforms="$platforms $OPTARG" ;;
     *) echo "release.sh: no platform $OPTARG (windows/amd64, darwin/arm64, darwin/amd64, linux/amd64, linux/arm64)" >&2; exit 2 ;;
     esac ;;
  *) echo "$usage" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ $# = 1 ] || { echo "$usage" >&2; exit 2; }
version=$1
case $version in
[0-9]*) ;;
*) echo "release.sh: the version starts with a digit" >&2; exit 2 ;;
esac
case $version in
*[!0-9A-Za-z.+-]*) echo "release.sh: version may hold only letters, digits, '.', '+' and '-'" >&2; exit 2 ;;
esac
mkdir -p "$dist"
dist=$(cd "$dist" && pwd)
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/go/bin"
for tool in zip tar sha256sum gzip make; do
  command -v $tool >/dev/null || { echo "release.sh: needs $tool" >&2; exit 2; }
done
files=
# The platforms, in the order of the sums' lines.
for target in ${platforms:-windows/amd64 darwin/amd64 darwin/arm64 linux/amd64 linux/arm64}; do
  os=${target%/*} arch=${target#*/}
  name=umax-$version-$os-$arch
  exe=umax archive=$name.tar.gz
  [ "$os" = windows ] && exe=umax.exe archive=$name.zip
  rm -rf "${dist:?}/$name" "$dist/$archive"
  mkdir "$dist/$name"
  CGO_ENABLED=0 GOOS=$os GOARCH=$arch go build -trimpath -buildvcs=false \
    -ldflags "-s -w -X main.version=$version" -o "$dist/$name/$exe" .
  cp install/README.md LICENSE install/umax.6 install/umax.eng install/umax.png "$dist/$name/"
  [ "$os" = windows ] || cp install/install.sh "$dist/$name/"
  if [ "$os" = linux ]; then
    deb=umax_${version}_$arch.deb
    scripts/deb.sh "$dist/$name/umax" "$version" "$arch" "$dist/$deb"
    files="$files $deb"
  fi
  find "$dist/$name" -exec touch -h -t 198001010000 {} + # fixed dates: reproducible archives
  if [ "$os" = windows ]; then
    (cd "$dist" && find "$name" | LC_ALL=C sort | zip -qX -@ "$archive")
  else
    tar -C "$dist" --owner=0 --group=0 --numeric-owner --sort=name -cf - "$name" | gzip -n > "$dist/$archive"
  fi
  rm -rf "${dist:?}/$name"
  files="$files $archive"
  echo "$dist/$archive"
done
# shellcheck disable=SC2086 # $files is words
(cd "$dist" && sha256sum $files > "umax-$version-SHA256SUMS")
echo "$dist/umax-$version-SHA256SUMS"
