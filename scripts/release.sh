#!/bin/sh
# Builds the release binaries into dist/ (which git ignores):
#
#   scripts/release.sh VERSION        e.g. scripts/release.sh 1.0.0
#
# One archive per platform players use, each holding the engine, README.md,
# LICENSE and the chapters README links (doc/):
#   dist/umax-VERSION-windows-amd64.zip    umax.exe, for WinBoard and Windows UCI GUIs
#   dist/umax-VERSION-darwin-arm64.tar.gz  umax, macOS on Apple silicon
#   dist/umax-VERSION-darwin-amd64.tar.gz  umax, macOS on Intel
#   dist/umax-VERSION-linux-amd64.tar.gz   umax, Linux on x86-64
#   dist/umax-VERSION-linux-arm64.tar.gz   umax, Linux on 64-bit ARM
# and dist/SHA256SUMS. The version goes into the engine's name (XBoard's
# myname, UCI's id name) and "umax -version". The builds are static
# (CGO_ENABLED=0) and reproducible (-trimpath, no VCS stamp, fixed file dates
# in the archives): the same source and Go version give the same bytes.
#
#   scripts/release.sh -d DIR -p windows/amd64 VERSION
#
# builds into DIR instead, and only the platform(s) -p names (os/arch, one
# per -p): scripts/wine-test.sh tests the Windows archive so.
set -eu
dist=dist
platforms=
while getopts d:p: opt; do
  case $opt in
  d) dist=$OPTARG ;;
  p) platforms="$platforms $OPTARG" ;;
  *) echo "usage: scripts/release.sh [-d DIR] [-p OS/ARCH]... VERSION" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
version=${1:?usage: scripts/release.sh VERSION}
case $version in
*[!0-9A-Za-z.+-]* | -*) echo "release.sh: version may hold only letters, digits, '.', '+' and '-'" >&2; exit 2 ;;
esac
mkdir -p "$dist"
dist=$(cd "$dist" && pwd)
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/go/bin"
for tool in zip tar sha256sum; do
  command -v $tool >/dev/null || { echo "release.sh: needs $tool" >&2; exit 2; }
done
archives=
# The platforms, in the order of SHA256SUMS' lines.
for target in ${platforms:-windows/amd64 darwin/amd64 darwin/arm64 linux/amd64 linux/arm64}; do
  os=${target%/*} arch=${target#*/}
  name=umax-$version-$os-$arch
  exe=umax archive=$name.tar.gz
  [ "$os" = windows ] && exe=umax.exe archive=$name.zip
  rm -rf "${dist:?}/$name" "$dist/$archive"
  mkdir "$dist/$name"
  CGO_ENABLED=0 GOOS=$os GOARCH=$arch go build -trimpath -buildvcs=false \
    -ldflags "-s -w -X main.version=$version" -o "$dist/$name/$exe" .
  cp -R README.md LICENSE doc "$dist/$name/"
  find "$dist/$name" -exec touch -h -t 198001010000 {} + # fixed dates: reproducible archives
  if [ "$os" = windows ]; then
    (cd "$dist" && find "$name" | LC_ALL=C sort | zip -qX -@ "$archive")
  else
    tar -C "$dist" --owner=0 --group=0 --numeric-owner --sort=name -cf - "$name" | gzip -n > "$dist/$archive"
  fi
  rm -rf "${dist:?}/$name"
  archives="$archives $archive"
  echo "$dist/$archive"
done
# shellcheck disable=SC2086 # $archives is words
(cd "$dist" && sha256sum $archives > SHA256SUMS)
echo "$dist/SHA256SUMS"
