#!/bin/sh
# Installs umax where XBoard users expect an engine, as Debian's engine
# packages (fairymax's) put theirs: the binary, its manual page umax(6),
# and XBoard's engine-list file umax.eng with the logo umax.png. "make
# install" runs it from the source (EXE=./umax); a release archive holds it
# beside the binary and the three files:
#
#   sudo ./install.sh                     /usr/local/bin/umax, umax(6), umax.eng, umax.png
#   sudo ./install.sh uninstall           removes them (and the registration below)
#   ./install.sh PREFIX=/usr BINDIR=/usr/games DESTDIR=/tmp/stage   staged, for a package
#
# Settings are arguments NAME=VALUE: PREFIX (/usr/local), BINDIR
# (PREFIX/bin), MANDIR (PREFIX/share/man), PLUGINDIR
# (PREFIX/share/games/plugins), DESTDIR (none), EXE (the binary: umax
# beside this script) and XBOARDCONF (/etc/xboard/xboard.conf, empty: none).
#
# XBoard (-autoInstall, on in Debian's /etc/xboard/xboard.conf) adds the
# engines of /usr/local/share/games/plugins and /usr/share/games/plugins to
# each user's engine list when it starts, but after it has looked "-fe
# NAME" up: "xboard -fe umax" would start Fairy-Max the first time. So, as
# XBoard's manual intends for an engine's install script, an install
# without DESTDIR also appends "-date NOW" and "-installEngine umax" to
# XBoard's master settings XBOARDCONF, if there is one: XBoard then adds
# umax to the list of every user who has not saved settings since, before
# it reads -fe. uninstall takes those two lines out again.
set -eu
usage() {
  echo "usage: install.sh [uninstall] [PREFIX=DIR] [BINDIR=DIR] [MANDIR=DIR] [PLUGINDIR=DIR] [DESTDIR=DIR] [EXE=FILE] [XBOARDCONF=FILE]" >&2
  exit 2
}
here=$(cd "$(dirname "$0")" && pwd)
action=install
PREFIX=/usr/local BINDIR= MANDIR= PLUGINDIR= DESTDIR= EXE=$here/umax XBOARDCONF=/etc/xboard/xboard.conf
for arg; do
  case $arg in
  install | uninstall) action=$arg ;;
  PREFIX=* | BINDIR=* | MANDIR=* | PLUGINDIR=* | DESTDIR=* | EXE=* | XBOARDCONF=*) eval "${arg%%=*}=\${arg#*=}" ;;
  *) usage ;;
  esac
done
BINDIR=${BINDIR:-$PREFIX/bin} MANDIR=${MANDIR:-$PREFIX/share/man} PLUGINDIR=${PLUGINDIR:-$PREFIX/share/games/plugins}
line='-installEngine umax' # the registration in XBOARDCONF, after a line -date SECONDS
if [ "$action" = uninstall ]; then
  rm -f "$DESTDIR$BINDIR/umax" "$DESTDIR$MANDIR/man6/umax.6" \
    "$DESTDIR$PLUGINDIR/xboard/umax.eng" "$DESTDIR$PLUGINDIR/logos/umax.png"
  if [ -z "$DESTDIR" ] && [ -n "$XBOARDCONF" ] && [ -f "$XBOARDCONF" ] && grep -qx -- "$line" "$XBOARDCONF"; then
    kept=$(mktemp)
    awk -v line="$line" '
      held != "" { if ($0 != line) print held; held = "" }
      /^-date [0-9]+$/ { held = $0; next }
      $0 != line { print }
      END { if (held != "") print held }' "$XBOARDCONF" >"$kept"
    cat "$kept" >"$XBOARDCONF" # (the same file: its owner and mode kept)
    rm -f "$kept"
    echo "install.sh: umax taken out of XBoard's $XBOARDCONF"
  fi
  exit 0
fi
for f in "$EXE" "$here/umax.6" "$here/umax.eng" "$here/umax.png"; do
  [ -f "$f" ] || { echo "install.sh: $f is missing" >&2; exit 1; }
done
install -d "$DESTDIR$BINDIR" "$DESTDIR$MANDIR/man6" "$DESTDIR$PLUGINDIR/xboard" "$DESTDIR$PLUGINDIR/logos"
install -m 755 "$EXE" "$DESTDIR$BINDIR/umax"
install -m 644 "$here/umax.6" "$DESTDIR$MANDIR/man6/umax.6"
install -m 644 "$here/umax.eng" "$DESTDIR$PLUGINDIR/xboard/umax.eng"
install -m 644 "$here/umax.png" "$DESTDIR$PLUGINDIR/logos/umax.png"
if [ -z "$DESTDIR" ] && [ -n "$XBOARDCONF" ] && [ -f "$XBOARDCONF" ] && ! grep -qx -- "$line" "$XBOARDCONF"; then
  if [ -w "$XBOARDCONF" ]; then
    [ -z "$(tail -c 1 "$XBOARDCONF")" ] || echo >>"$XBOARDCONF" # a line of its own
    printf -- '-date %s\n%s\n' "$(date +%s)" "$line" >>"$XBOARDCONF"
    echo "install.sh: umax added to XBoard's engine list in $XBOARDCONF (xboard -fe umax)"
  else
    echo "install.sh: $XBOARDCONF is not writable: XBoard lists umax from its next start, but its first start's -fe umax does not find it (xboard -fcp umax does)" >&2
  fi
fi
