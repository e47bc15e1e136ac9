# Builds the engine. OpenBench builds engines with "make EXE=NAME" (adding
# -j and CC=... or CXX=..., which do not matter to a Go build) in the
# repository's folder, and then runs "NAME bench". Without EXE the binary
# is ./umax. GO names the go command.
EXE = umax
GO = go

# "make install" puts in place what XBoard users expect of an engine, as
# Debian's engine packages do (fairymax's): the binary, its manual page
# umax(6), and XBoard's engine-list file umax.eng with the logo umax.png.
# install/install.sh does it (a release archive holds the same script).
# XBoard (-autoInstall, on in Debian's /etc/xboard/xboard.conf) reads the
# .eng files of /usr/local/share/games/plugins and /usr/share/games/plugins
# only, so PREFIX is /usr/local (the default) or /usr for the engine to
# appear in its Load Engine list. BINDIR must be in PATH: umax.eng names the
# engine without a path, as fairymax.eng does (Debian's packages use
# BINDIR=/usr/games). DESTDIR stages the whole tree elsewhere. Without
# DESTDIR the install also registers umax in XBoard's master settings
# XBOARDCONF, where there is one, so that "xboard -fe umax" finds it at
# XBoard's first start (install/install.sh says why; XBOARDCONF= skips it).
# The binary is ./$(EXE), built first if it is not there or older than the
# sources: "make && sudo make install".
PREFIX = /usr/local
BINDIR = $(PREFIX)/bin
MANDIR = $(PREFIX)/share/man
PLUGINDIR = $(PREFIX)/share/games/plugins
XBOARDCONF = /etc/xboard/xboard.conf
INSTALLVARS = PREFIX='$(PREFIX)' BINDIR='$(BINDIR)' MANDIR='$(MANDIR)' PLUGINDIR='$(PLUGINDIR)' DESTDIR='$(DESTDIR)' XBOARDCONF='$(XBOARDCONF)'

.PHONY: all install uninstall
all:
	CGO_ENABLED=0 $(GO) build -trimpath -o $(EXE) .

# Built again when a Go file or go.mod is newer, so that "make install"
# never installs a stale binary.
$(EXE): $(wildcard *.go) go.mod
	CGO_ENABLED=0 $(GO) build -trimpath -o $(EXE) .

install: $(EXE)
	sh install/install.sh install EXE='$(abspath $(EXE))' $(INSTALLVARS)

# XBoard keeps the engine in each user's engine list (~/.xboardrc) after
# it is gone; Load Engine then fails to start it until it is removed there.
uninstall:
	sh install/install.sh uninstall $(INSTALLVARS)
