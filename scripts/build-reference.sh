#!/bin/sh
# Builds, from H.G. Muller's listing of micro-Max 4.1, the C programs that the
# node-count comparison runs (README: "Compare node counts with the C
# program").
#
#   scripts/build-reference.sh LISTING OUTDIR [NODES]
#
# LISTING is micro-Max 4.1 as published, saved as plain text (README says
# where to get it). OUTDIR gets two programs, each with micro-Max's kibitz
# line switched on (one line per finished iteration at the root), exiting at
# the end of its input, and deepening at the root while its node count is
# below NODES (default 1000000, micro-Max's own budget, the listing as is):
#
#   OUTDIR/umax41k-NODES   micro-Max 4.1
#   OUTDIR/umax40k-NODES   micro-Max 4.0's search: the reply to every move is
#                          searched (no futility pruning) and a mate sets d=99
#
# and the edited sources beside them (.c). Every edit must match exactly one
# place in the listing, or the script stops and says which did not. Needs gcc
# (or $CC); the programs are built with -O2 -std=gnu89, as K&R C.
set -eu
die() { echo "build-reference.sh: $*" >&2; exit 1; }
[ $# -ge 2 ] && [ $# -le 3 ] || { echo "usage: scripts/build-reference.sh LISTING OUTDIR [NODES]" >&2; exit 2; }
listing=$1 out=$2 nodes=${3:-1000000}
case $nodes in '' | *[!0-9]* | 0*) die "NODES must be a positive whole number, not '$nodes'" ;; esac
[ -f "$listing" ] && [ -r "$listing" ] || die "cannot read the listing $listing"
cc=${CC:-gcc}
command -v "$cc" >/dev/null || die "needs a C compiler: apt-get install gcc (or set CC)"
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# A copy saved with CR LF line ends, or copied from the page with no-break
# spaces (U+00A0, in UTF-8 or Latin-1) for some blanks: plain line ends and
# spaces. The listing is ASCII, so no other character loses a byte.
LC_ALL=C tr -d '\r\302' < "$listing" | LC_ALL=C tr '\240' ' ' > "$work/umax41.c"

# count FILE TEXT: how often TEXT occurs in FILE (as is, not a pattern).
count() {
  awk -v s="$2" '{ l = $0; while ((i = index(l, s)) > 0) { n++; l = substr(l, i + length(s)) } } END { print n + 0 }' "$1"
}

# The listing must be micro-Max 4.1: each of these pieces of its code once.
for piece in \
  'D(k,q,l,e,J,Z,E,z,n)' \
  'v=s>1|v>f?-D(24-k,-l,-f,-v,' \
  'J+J(0),Z+J(8)+G-S,F,y,s):v;' \
  'd=98;' \
  'N<1e6' \
  '/*if(z==8)printf(' \
  'p=c;W((*p++=getchar())>10);' \
  'main()' \
  'k^=D(k,-I,I,Q,1,j++,O,8,2)-I?0:24;'; do
  n=$(count "$work/umax41.c" "$piece")
  [ "$n" = 1 ] || die "$listing does not look like micro-Max 4.1 as published: '$piece' occurs $n times, not once (README says where to get the listing and how to save it)"
done

# The code without comments and white space identifies the listing that the
# golden files were made from. Another one may still be micro-Max 4.1 (the
# comparison will tell), so a difference is only reported.
known=de2ecacc0ea53bc90b2a5601266f7cb3f4615caa4f1b694d5cb90df977c43b06
sum=$(tr -d ' \t\n' < "$work/umax41.c" | sed -E 's#/\*([^*]|\*+[^*/])*\*+/##g' | sha256sum | cut -d' ' -f1)
[ "$sum" = "$known" ] || echo "build-reference.sh: note: the code of $listing differs from the listing the golden files were made from (sha256 of the code without comments and blanks: $sum, not $known)" >&2

# edit FROM TO OLD NEW WHAT: TO is FROM with the one occurrence of OLD
# replaced by NEW.
edit() {
  n=$(count "$1" "$3")
  [ "$n" = 1 ] || die "edit '$5' did not apply: '$3' occurs $n times in $(basename "$1"), not once"
  awk -v old="$3" -v new="$4" '{ r = ""; l = $0
    while ((i = index(l, old)) > 0) { r = r substr(l, 1, i - 1) new; l = substr(l, i + length(old)) }
    print r l }' "$1" > "$2"
  ! cmp -s "$1" "$2" && [ "$(count "$2" "$4")" -ge 1 ] || die "edit '$5' did not apply"
}

# compile NAME: builds OUTDIR/NAME from $work/NAME.c and checks that it prints
# kibitz lines and stops at the end of its input.
compile() {
  cp "$work/$1.c" "$out/$1.c"
  "$cc" -O2 -w -std=gnu89 "$out/$1.c" -o "$out/$1" ||
    die "$cc could not compile $out/$1.c: is $listing complete (from the first comment to the closing brace of main())?"
  (ulimit -f 1000 && printf 'e2e4\n' | timeout 20 "$out/$1" > "$work/check.out") ||
    die "$out/$1 did not stop at the end of its input"
  grep -q ' 0 ply, ' "$work/check.out" || die "$out/$1 printed no kibitz line"
}

v41=umax41k-$nodes v40=umax40k-$nodes
edit "$work/umax41.c" "$work/kibitz.c" '/*if(z==8)printf(' 'if(z==8)printf(' 'kibitz line on'
edit "$work/kibitz.c" "$work/eof.c" 'p=c;W((*p++=getchar())>10);' 'p=c;W((*p++=getchar())>10);if(*c==-1)exit(0);' 'exit at end of input'
if [ "$nodes" = 1000000 ]; then
  cp "$work/eof.c" "$work/$v41.c"
else
  edit "$work/eof.c" "$work/$v41.c" 'N<1e6' "N<$nodes" "root node budget $nodes"
fi
compile "$v41"
# micro-Max 4.0: the reply is always searched, and a mate score sets d=99.
# (4.0's call passes m>q?-m:-q and -e-v-i, which 4.1 computes first as -f
# and -v: the same numbers.)
edit "$work/$v41.c" "$work/reply.c" 'v=s>1|v>f?-D(24-k,-l,-f,-v,' 'v=-D(24-k,-l,-f,-v,' '4.0: no futility pruning'
edit "$work/reply.c" "$work/close.c" 'J+J(0),Z+J(8)+G-S,F,y,s):v;' 'J+J(0),Z+J(8)+G-S,F,y,s);' '4.0: no futile case'
edit "$work/close.c" "$work/$v40.c" 'd=98;' 'd=99;' '4.0: mate at depth 99'
compile "$v40"
echo "$out/$v41"
echo "$out/$v40"
