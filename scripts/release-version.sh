# Sourced by scripts/release.sh and scripts/deb.sh: check_version SCRIPT
# VERSION ends the script with exit status 2 unless VERSION is a release
# version: a digit first (Debian's rule), then letters, digits, '.', '+'
# and '-'.
check_version() {
  case $2 in
  [0-9]*) ;;
  *) echo "$1: the version starts with a digit (Debian's rule): $2" >&2; exit 2 ;;
  esac
  case $2 in
  *[!0-9A-Za-z.+-]*) echo "$1: version may hold only letters, digits, '.', '+' and '-'" >&2; exit 2 ;;
  esac
}
