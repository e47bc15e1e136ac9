#!/bin/sh
# Installs umax from a release archive as "make install" does from the
# sources: the engine in BINDIR (PREFIX/bin), its manual page umax(6), and
# XBoard's engine-list file and logo under PREFIX/share/games/plugins.
# PREFIX is /usr/local unless given (XBoard reads the lists of /usr/local
# and /usr only); DESTDIR stages the tree elsewhere.
#
#   sudo ./install.sh                 # /usr/local/bin/umax, man 6 umax, XBoard's list
#   PREFIX=/usr BINDIR=/usr/games sudo -E ./install.sh
set -eu
cd "$(dirname "$0")"
PREFIX=${PREFIX:-/usr/local}
BINDIR=${BINDIR:-$PREFIX/bin}
DESTDIR=${DESTDIR:-}
plugins=$DESTDIR$PREFIX/share/games/plugins
install -d "$DESTDIR$BINDIR" "$DESTDIR$PREFIX/share/man/man6" "$plugins/xboard" "$plugins/logos"
install -m 755 umax "$DESTDIR$BINDIR/umax"
install -m 644 umax.6 "$DESTDIR$PREFIX/share/man/man6/umax.6"
install -m 644 umax.eng "$plugins/xboard/umax.eng"
install -m 644 umax.png "$plugins/logos/umax.png"
echo "installed $DESTDIR$BINDIR/umax, umax(6) and XBoard's list entry under $plugins"
