# The futility laboratory's settings that the lab scripts compare
# (scripts/futility-table.sh -lab, tactics-table.sh, lab-match.sh): one per
# line, "name|command-line flags|the same as UCI options, NAME=VALUE joined
# by ;". Sourced by them; LAB_CONFIGS is the list, plain micro-Max 4.1 first.
# LAB_ONLY="4.1|deep|goose" (names joined by |) keeps only those settings.
# The UCI options are taken only by umax -lab (a flag of the laboratory's
# implies it): the scripts that set them start the engine so.
# shellcheck shell=sh
LAB_CONFIGS='4.1||
4.0|-futility=false|Futility Pruning=false
margin -50|-futility-margin=-50|Futility Margin=-50
margin +50|-futility-margin=50|Futility Margin=50
extended|-extended-futility|Extended Futility=true
deep|-deep-futility|Deep Futility=true
aggressive|-aggressive-futility|Aggressive Futility=true
goose|-goose-pruning|Goose Chase Pruning=true
all four rules|-extended-futility -deep-futility -aggressive-futility -goose-pruning|Extended Futility=true;Deep Futility=true;Aggressive Futility=true;Goose Chase Pruning=true
late move|-late-move-pruning|Late Move Pruning=true
general|-general-deep-futility|General Deep Futility=true
weak|-weak-deep-futility|Weak Deep Futility=true
overkill|-overkill|Overkill Pruning=true
goose legal|-goose-legal|Goose Legal Protection=true
goose refined|-goose-refined|Goose Refined=true
goose budget 1|-goose-budget=1|Goose Budget=1
goose budget 9|-goose-budget=9|Goose Budget=9
goose budget 9 horizon|-goose-budget=9 -goose-horizon|Goose Budget=9;Goose Horizon Only=true
goose equal|-goose-equal|Goose Equal Captures=true
goose budget 9 try equal|-goose-budget=9 -goose-try-equal|Goose Budget=9;Goose Try Equal=true
null move 1|-null-move=1|Null Move=1
null move 2|-null-move=2|Null Move=2
null move 3|-null-move=3|Null Move=3
null move 2 + deep|-null-move=2 -deep-futility|Null Move=2;Deep Futility=true
null move 2 + general|-null-move=2 -general-deep-futility|Null Move=2;General Deep Futility=true'
if [ -n "${LAB_ONLY:-}" ]; then
	LAB_CONFIGS=$(echo "$LAB_CONFIGS" | awk -F'|' -v only="|$LAB_ONLY|" 'index(only, "|" $1 "|")')
fi

# lab_engine FILE: the engine the lab scripts run, at FILE: a copy of the
# binary UMAX_BIN names (one built before), or built from this checkout.
lab_engine() {
	if [ -n "${UMAX_BIN:-}" ]; then cp "$UMAX_BIN" "$1"; else go build -o "$1" .; fi
}
