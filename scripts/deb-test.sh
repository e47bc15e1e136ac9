#!/bin/sh
# Installs the Debian package as a player does, checks it, and removes it
# (.ci/run runs it as root on a fresh Debian machine):
#
#   scripts/deb-test.sh [DEB]
#
# DEB is a package scripts/deb.sh built (scripts/release.sh puts them in
# dist/); without it, scripts/deb.sh builds one for this machine, version
# 0.0.0-debtest, into .build/deb. Then: apt-get installs it; man finds
# umax(6) by name and renders it; /usr/games/umax -version names the
# version; XBoard's engine-list entry and logo are in
# /usr/share/games/plugins; a new user's XBoard (an empty home, in a mount
# namespace) plays umax at its first start with -fcp umax and at its second
# with -fe umax, as install/README.txt tells players; "apt-get remove" takes
# every file of the package away and leaves it not installed. Needs root,
# apt-get, man-db, xboard, xvfb, xauth, fairymax and unshare (util-linux).
set -eu
cd "$(dirname "$0")/.."
fail() {
  echo "deb-test.sh: FAIL: $*" >&2
  exit 1
}
[ "$(id -u)" = 0 ] || { echo "deb-test.sh: run it as root: it installs the package" >&2; exit 2; }
for tool in apt-get dpkg man xvfb-run xauth unshare /usr/games/xboard /usr/games/fairymax; do
  command -v $tool >/dev/null || { echo "deb-test.sh: needs $tool" >&2; exit 2; }
done
if [ $# = 0 ]; then
  deb=$(scripts/deb.sh -d .build/deb 0.0.0-debtest)
else
  deb=$1
fi
[ -f "$deb" ] || fail "no package $deb"
case $deb in /*) ;; *) deb=$PWD/$deb ;; esac
want=$(dpkg-deb -f "$deb" Version)
echo "== apt-get install $deb"
DEBIAN_FRONTEND=noninteractive apt-get install -y "$deb"
[ "$(dpkg-query -W -f '${Status} ${Version}' umax)" = "install ok installed $want" ] ||
  fail "dpkg-query: $(dpkg-query -W -f '${Status} ${Version}' umax)"
files=$(dpkg -L umax)
echo "== man -w umax; man 6 umax"
page=$(man -w umax)
[ "$page" = /usr/share/man/man6/umax.6.gz ] || fail "man -w umax: $page"
MANWIDTH=80 man -P cat 6 umax 2>&1 | head -4
MANWIDTH=80 man -P cat 6 umax 2>/dev/null | grep -q 'umax - micro-Max 4.1' || fail "man 6 umax has no NAME line"
echo "== /usr/games/umax -version"
version=$(/usr/games/umax -version)
echo "$version"
[ "$version" = "micro-Max 4.1 (Go) $(printf '%s\n' "$want" | tr '~' -)" ] || fail "umax -version: $version"
echo "== XBoard's engine list and logo"
for f in /usr/share/games/plugins/xboard/umax.eng /usr/share/games/plugins/logos/umax.png /usr/share/doc/umax/copyright; do
  [ -f "$f" ] || fail "no $f"
  ls -l "$f"
done
[ "$(sed -n 2p /usr/share/games/plugins/xboard/umax.eng)" = umax ] || fail "umax.eng does not name umax"
echo "== a new user's XBoard: xboard -fcp umax, then xboard -fe umax"
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
for engine in -fcp -fe; do
  # XBoard finds ~/.xboardrc in the home of the password file: /root, here the empty folder.
  PATH=/usr/bin:/bin:/usr/games timeout 120 unshare --mount sh -c 'mount --bind "$1" /root && cd /root && shift && exec "$@"' sh "$home" \
    xvfb-run -a xboard "$engine" umax -scp fairymax -mg 1 -tc 0:02 -inc 0 -autoCallFlag true -noGUI \
    -debug -nameOfDebugFile "/root/debug$engine" -popupExitMessage false >"$home/out$engine" 2>&1 || :
  started=$(grep -m 1 StartChildProcess "$home/debug$engine" || :)
  echo "xboard $engine umax: $started"
  [ "$started" = 'StartChildProcess (dir=".") umax' ] || fail "xboard $engine umax started no umax: $(tail -5 "$home/out$engine")"
done
echo "== apt-get remove -y umax"
DEBIAN_FRONTEND=noninteractive apt-get remove -y umax
left=
for f in $files; do
  if [ -f "$f" ] || [ -L "$f" ] || { [ -d "$f" ] && [ -z "${f##*/umax}" ]; }; then
    left="$left $f"
  fi
done
[ -z "$left" ] || fail "apt-get remove left:$left"
status=$(dpkg-query -W -f '${Status}' umax 2>/dev/null || :)
case $status in "" | *not-installed | "deinstall ok config-files") ;; *) fail "after apt-get remove: $status" ;; esac
[ "$status" != "deinstall ok config-files" ] || fail "apt-get remove left config files (the package has none)"
echo "deb-test.sh: $(basename "$deb"): installed, man 6 umax, umax -version, XBoard's list, a new user's XBoard, removed: ok"
