# Builds the engine. OpenBench builds engines with "make EXE=NAME" (adding
# -j and CC=... or CXX=..., which do not matter to a Go build) in the
# repository's folder, and then runs "NAME bench". Without EXE the binary
# is ./umax. GO names the go command.
EXE = umax
GO = go

.PHONY: all
all:
	CGO_ENABLED=0 $(GO) build -trimpath -o $(EXE) .
