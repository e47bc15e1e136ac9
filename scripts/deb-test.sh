#!/bin/sh
# Installs the Debian package as a player does, as root (.ci/run runs it):
# scripts/release.sh builds it, apt-get installs it, and the engine, its
# manual page and XBoard's list entry must be where Debian's engines have
# theirs; apt-get remove then leaves none of its files.
#
#   scripts/deb-test.sh
set -eu
cd "$(dirname "$0")/.."
[ "$(id -u)" = 0 ] || { echo "deb-test.sh: installs a package: run it as root" >&2; exit 2; }
arch=$(dpkg --print-architecture)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
chmod 755 "$dir" # apt's sandbox user reads the package
scripts/release.sh -d "$dir" -p "linux/$arch" 0.0.0-deb >/dev/null
deb=$dir/umax_0.0.0-deb_$arch.deb
name=umax-0.0.0-deb-linux-$arch
got=$(tar tzf "$dir/$name.tar.gz" | LC_ALL=C sort | tr '\n' ' ')
want="$name/ $name/LICENSE $name/README.md $name/install.sh $name/umax $name/umax.6 $name/umax.eng $name/umax.png "
[ "$got" = "$want" ] || { echo "deb-test.sh: the archive holds $got, want $want" >&2; exit 1; }
echo "$name.tar.gz: $got"
dpkg-deb --info "$deb" | sed -n '/Package:/,/Description:/p'
DEBIAN_FRONTEND=noninteractive apt-get install -y "$deb" >/dev/null
fail() { echo "deb-test.sh: $*" >&2; apt-get remove -y umax >/dev/null 2>&1 || :; exit 1; }
got=$(/usr/games/umax -version) || fail "/usr/games/umax -version failed"
[ "$got" = "micro-Max 4.1 (Go) 0.0.0-deb" ] || fail "umax -version printed \"$got\""
page=$(man -w 6 umax) || fail "man -w 6 umax finds no page"
[ "$page" = /usr/share/man/man6/umax.6.gz ] || fail "man -w 6 umax: $page"
man 6 umax 2>&1 | grep -q "micro-Max 4.1" || fail "man 6 umax shows no page"
[ -f /usr/share/games/plugins/xboard/umax.eng ] || fail "no /usr/share/games/plugins/xboard/umax.eng"
[ -f /usr/share/games/plugins/logos/umax.png ] || fail "no logo"
files=$(dpkg -L umax | while read -r f; do [ -d "$f" ] || echo "$f"; done)
echo "installed: $(echo "$files" | tr '\n' ' ')"
echo "umax -version: $got; man -w 6 umax: $page"
DEBIAN_FRONTEND=noninteractive apt-get remove -y umax >/dev/null
for f in $files; do
  [ ! -e "$f" ] || fail "apt-get remove left $f"
done
! dpkg -s umax >/dev/null 2>&1 || fail "dpkg still lists umax"
echo "removed: none of its files left"
