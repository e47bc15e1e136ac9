#!/bin/sh
# scripts/wine-test.sh [-setup]
#
# The Windows build, as players get it, tested under Wine (CI runs this):
#
#   1. setup: the release archive for Windows (scripts/release.sh -p
#      windows/amd64, version 0.0.0-wine) and its umax.exe; a Wine prefix in
#      .build/wine/prefix (git ignores .build), made once, quietly, within
#      two minutes; and in the prefix's system32 the test-only
#      bcryptprimitives.dll, built here from testdata/wine/bcryptprimitives.c
#      with MinGW-w64. (Debian 12's Wine 8.0 has no bcryptprimitives.dll,
#      whose ProcessPrng the Go runtime loads at start-up: without it a Go
#      program dies before main. The DLL is never part of a release.)
#   2. the archive holds umax.exe, README.md, LICENSE and doc/ and nothing
#      else, and "umax.exe -version" names the release: micro-Max 4.1 (Go)
#      0.0.0-wine;
#   3. the short tests (go test -short) of the Windows build, under Wine;
#   4. the dialogues of testdata/wine (UCI, CECP) sent to umax.exe with CRLF
#      line ends, and to the native build with LF: the same answers but for
#      the fields that count time; and micro-Max's console (-classic) fed
#      the golden inputs of testdata/classic with CRLF line ends prints the
#      C program's output, byte for byte;
#   5. -tree-out to a Windows path with backslashes and spaces
#      (C:\umax wine test\a dir\tree.dot, in the prefix's drive C): the same
#      picture as the native build's;
#   6. quit, and the end of input, each during a search, in both protocols:
#      the process ends within a second (it prints each time it measured).
#
# It prints a line per step with its seconds. With -setup it does step 1
# only and prints shell assignments for eval: the Wine environment
# (WINEPREFIX and the rest) and windows_engine, the path of umax.exe;
# scripts/uci-match.sh -w plays it so:
#
#   wine_setup=$(scripts/wine-test.sh -setup)
#   eval "$wine_setup"
#
# It needs wine and wine64, x86_64-w64-mingw32-gcc, zip and unzip (Debian's
# packages wine, wine64, gcc-mingw-w64-x86-64, zip and unzip; it says which
# is missing).
set -eu
cd "$(dirname "$0")/.."
repo=$(pwd)
export PATH="$PATH:/usr/local/go/bin"

version=0.0.0-wine
build=$repo/.build/wine
archive=umax-$version-windows-amd64
windows_engine=$build/$archive/umax.exe
# Wine quietly: no debugging output, no installers for Mono or Gecko
# (mscoree, mshtml), no window.
export WINEPREFIX="$build/prefix" WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
unset DISPLAY WAYLAND_DISPLAY

fail() {
	printf 'FAILED: %s\n' "$*" >&2
	exit 1
}

need() { # package program
	command -v "$2" >/dev/null 2>&1 || fail "missing $2: install the Debian package $1 (apt-get install $1)"
}

# now prints the time in milliseconds.
now() { date +%s%3N; }

# setup builds the archive, the DLL and the prefix (step 1).
setup() {
	need wine wine
	need wine64 /usr/lib/wine/wine64
	need gcc-mingw-w64-x86-64 x86_64-w64-mingw32-gcc
	need zip zip
	need unzip unzip
	mkdir -p "$build"
	scripts/release.sh -d "$build" -p windows/amd64 "$version" >/dev/null
	rm -rf "${build:?}/$archive"
	(cd "$build" && unzip -q "$archive.zip")
	dll=$build/bcryptprimitives.dll
	x86_64-w64-mingw32-gcc -O2 -shared -s -o "$dll" testdata/wine/bcryptprimitives.c -ladvapi32
	if [ ! -f "$WINEPREFIX/system.reg" ]; then
		rm -rf "$WINEPREFIX"
		if ! timeout 120 wine wineboot --init >"$build/wineboot.log" 2>&1 || ! timeout 60 wineserver -w; then
			cat "$build/wineboot.log" >&2
			rm -rf "$WINEPREFIX" # not half made: the next run starts afresh
			fail "wineboot --init (its output above)"
		fi
	fi
	cp "$dll" "$WINEPREFIX/drive_c/windows/system32/"
}

if [ "${1:-}" = -setup ]; then
	setup >&2
	echo "export WINEPREFIX='$WINEPREFIX' WINEDEBUG='$WINEDEBUG' WINEDLLOVERRIDES='$WINEDLLOVERRIDES'; unset DISPLAY WAYLAND_DISPLAY; windows_engine='$windows_engine'"
	exit 0
fi

summary=
# step NAME COMMAND...: runs a step and notes its seconds.
step() {
	step_name=$1
	shift
	echo "== $step_name"
	start=$(date +%s)
	"$@"
	summary="$summary
$(printf '%-34s %4s s' "$step_name" $(($(date +%s) - start)))"
}

# release checks the archive's files and the exe's -version (step 2).
release() {
	got=$(unzip -Z1 "$build/$archive.zip" | LC_ALL=C sort | tr '\n' ' ')
	want="$archive/ $archive/LICENSE $archive/README.txt $archive/umax.6 $archive/umax.eng $archive/umax.exe $archive/umax.png "
	[ "$got" = "$want" ] || fail "the release archive holds $got, want $want"
	got=$(wine "$windows_engine" -version | tr -d '\r')
	[ "$got" = "micro-Max 4.1 (Go) $version" ] || fail "umax.exe -version printed \"$got\", want \"micro-Max 4.1 (Go) $version\""
	echo "$archive.zip: umax.exe, umax.6, umax.eng, umax.png, README.txt, LICENSE; umax.exe -version: $got"
}

# shorttests runs the short tests of the Windows build under Wine (step 3).
# One thing fails there that is Wine's, not Windows': Go 1.26's
# os.RemoveAll deletes with FileDispositionInformationEx, which Wine 8.0
# does not implement (it answers STATUS_NOT_IMPLEMENTED, where Windows
# before 10 answers STATUS_INVALID_INFO_CLASS and Go falls back), so the
# cleanup of every t.TempDir fails. Those failures, and only those, pass.
shorttests() {
	status=0
	GOOS=windows GOARCH=amd64 go test -short -count=1 -exec wine . >"$build/short.out" 2>&1 || status=$?
	other=$(grep -v -E '^( *--- FAIL: Test[^ ]+ \([0-9.]+s\)| +testing\.go:[0-9]+: TempDir RemoveAll cleanup: unlinkat .*: Invalid function\.|FAIL|FAIL	umax	[0-9.]+s|ok  	umax	.*)$' "$build/short.out" || true)
	if [ -n "$other" ] || ! grep -q -E '^(FAIL|ok  )	umax	[0-9.]+s' "$build/short.out"; then
		cat "$build/short.out"
		fail "go test -short under Wine (exit status $status)"
	fi
	tempdirs=$(sed -n 's/^ *--- FAIL: \(Test[^ ]*\) .*/\1/p' "$build/short.out" | paste -sd' ')
	took=$(sed -n 's/^\(FAIL\|ok  \)	umax	\([0-9.]*s\).*/\2/p' "$build/short.out")
	if [ -z "$tempdirs" ]; then
		echo "go test -short under Wine: ok, $took"
	else
		echo "go test -short under Wine: ok, $took, but for t.TempDir's cleanup (Wine's RemoveAll) in $tempdirs"
	fi
}

# converse DIALOGUE OUT EOL ENGINE...: runs ENGINE with the lines of
# DIALOGUE, each ended by EOL (a printf escape), writing its output to OUT,
# and "?PATTERN" lines waiting for output (testdata/wine/uci.dialogue says
# how). It sets exit_ms to the time from the last line sent (or the end of
# input) to the process's end.
converse() {
	dialogue=$1 out=$2 eol=$3
	shift 3
	rm -f "$out.fifo"
	mkfifo "$out.fifo"
	"$@" <"$out.fifo" >"$out" 2>"$out.err" &
	pid=$!
	exec 3>"$out.fifo"
	seen=0
	while IFS= read -r line; do
		case $line in
		'#'*) ;;
		'?'*) expect "${line#?}" ;;
		*) (trap '' PIPE && printf "%s$eol" "$line" >&3) || fail "$* stopped reading at \"$line\" (output in $out)" ;;
		esac
	done <"$dialogue"
	sent=$(now)
	exec 3>&-
	wait "$pid" || fail "$* ended with status $? on $dialogue (output in $out)"
	exit_ms=$(($(now) - sent))
	rm -f "$out.fifo"
}

# expect PATTERN: waits, up to a minute, for the next line of $out that
# matches PATTERN.
expect() {
	tries=0
	while :; do
		n=$(tail -n +$((seen + 1)) "$out" | grep -n -m1 -E -e "$1" | cut -d: -f1)
		if [ -n "$n" ]; then
			seen=$((seen + n))
			return
		fi
		kill -0 "$pid" 2>/dev/null || fail "the engine ended before a line matching $1 (output in $out)"
		tries=$((tries + 1))
		[ $tries -le 600 ] || fail "no line matching $1 within a minute (output in $out)"
		sleep 0.1
	done
}

# untimed prints a transcript without its time fields: UCI's nps and time,
# a CECP thinking line's third number.
untimed() {
	tr -d '\r' <"$1" | sed -E 's/ (nps|time) [0-9]+/ \1 _/g; s/^( *[0-9]+ +-?[0-9]+ +)[0-9]+ /\1_ /'
}

# dialogues runs testdata/wine's dialogues and the console's goldens
# (step 4).
dialogues() {
	go build -ldflags "-X main.version=$version" -o "$build/umax" .
	for protocol in uci cecp; do
		converse "testdata/wine/$protocol.dialogue" "$build/$protocol.linux.out" '\n' "$build/umax"
		converse "testdata/wine/$protocol.dialogue" "$build/$protocol.windows.out" '\r\n' wine "$windows_engine"
		untimed "$build/$protocol.linux.out" >"$build/$protocol.linux.untimed"
		untimed "$build/$protocol.windows.out" >"$build/$protocol.windows.untimed"
		diff "$build/$protocol.linux.untimed" "$build/$protocol.windows.untimed" ||
			fail "$protocol: umax.exe under Wine with CRLF (>) answered otherwise than the native build with LF (<)"
		echo "$protocol: $(wc -l <"$build/$protocol.windows.out") lines, the same as the native build's but for time"
	done
	for input in testdata/classic/*.50000.in; do
		name=$(basename "$input" .in)
		sed 's/$/\r/' "$input" | wine "$windows_engine" -classic -nodes 50000 >"$build/$name.out" ||
			fail "umax.exe -classic on $input ended with status $?"
		cmp "$build/$name.out" "testdata/classic/$name.out" ||
			fail "umax.exe -classic with CRLF on $input did not print the C program's testdata/classic/$name.out"
	done
	echo "-classic with CRLF: the C program's output on $(ls testdata/classic/*.50000.in | wc -l) golden inputs"
}

# treeout writes -tree's picture to a Windows path (step 5).
treeout() {
	dir="$WINEPREFIX/drive_c/umax wine test/a dir"
	rm -rf "$WINEPREFIX/drive_c/umax wine test"
	mkdir -p "$dir"
	printf 'e2e4\r\n\r\n' | wine "$windows_engine" -classic -nodes 20000 -tree 3 -tree-out 'C:\umax wine test\a dir\tree.dot' \
		>/dev/null 2>"$build/tree.err" || { cat "$build/tree.err"; fail "umax.exe -tree-out 'C:\\umax wine test\\a dir\\tree.dot'"; }
	printf 'e2e4\n\n' | "$build/umax" -classic -nodes 20000 -tree 3 -tree-out "$build/tree.dot" 2>/dev/null >/dev/null
	cmp "$build/tree.dot" "$dir/tree.dot" || fail "the tree umax.exe wrote differs from the native build's"
	grep -F 'written to C:\umax wine test\a dir\tree.dot' "$build/tree.err" | tr -d '\r'
}

# promptexit measures how long umax.exe takes to end after quit, and after
# the end of its input, while it searches (step 6).
promptexit() {
	for protocol in uci cecp; do
		for ending in quit eof; do
			case $protocol in
			uci) printf 'uci\n?^uciok$\nposition startpos\ngo infinite\n?^info depth 6 \n' ;;
			cecp) printf 'xboard\nprotover 2\n?done=1\noption Own book=0\nnew\npost\nlevel 0 999 0\nusermove e2e4\n?^ *6 \n' ;;
			esac >"$build/$protocol-$ending.dialogue"
			[ $ending = eof ] || echo quit >>"$build/$protocol-$ending.dialogue"
			converse "$build/$protocol-$ending.dialogue" "$build/$protocol-$ending.out" '\r\n' wine "$windows_engine"
			echo "$protocol, $ending during a search: ended after $exit_ms ms"
			[ "$exit_ms" -lt 1000 ] || fail "umax.exe took $exit_ms ms to end after $ending (in $protocol)"
		done
	done
}

total=$(date +%s)
step "setup (archive, DLL, Wine prefix)" setup
step "the release archive, -version" release
step "go test -short under Wine" shorttests
step "dialogues, CRLF against LF" dialogues
step "-tree-out to a Windows path" treeout
step "quit and end of input" promptexit
wineserver -k 2>/dev/null || true
echo
echo "the Windows build under Wine, each step's seconds:$summary"
echo "total: $(($(date +%s) - total)) s"
