# The futility laboratory's settings that the lab scripts compare
# (scripts/futility-table.sh, tactics-table.sh, lab-match.sh): one per
# line, "name|flags". Sourced by them; LAB_CONFIGS is the list.
# shellcheck shell=sh
LAB_CONFIGS='4.1|
4.0|-futility=false
margin -50|-futility-margin=-50
margin +50|-futility-margin=50
extended|-extended-futility
deep|-deep-futility
aggressive|-aggressive-futility
goose|-goose-pruning
all four rules|-extended-futility -deep-futility -aggressive-futility -goose-pruning'
