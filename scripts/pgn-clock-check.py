#!/usr/bin/env python3
# scripts/pgn-clock-check.py [-t SECONDS+INCREMENT] PGN...
#
# How near its clock each engine played in fastchess's PGNs of games on a
# clock (scripts/lab-match.sh -t 2+0.02): from each move's time in its
# comment ({score/depth 0.127s}) it keeps each side's clock (the base, plus
# the increment after each move, less the move's time) and prints, per
# file, the moves, the lowest clock left after a move, and the moves that
# took more than half the mover's clock less 10 ms. The engine's hard limit
# is half its clock less its 25 ms of overhead (clock.go), so a move there
# overran its limit, or the machine held it up.
import re
import sys

args = sys.argv[1:]
base, inc = 2000.0, 20.0
if len(args) >= 2 and args[0] == "-t":
    b, i = args[1].split("+")
    base, inc = float(b) * 1000, float(i) * 1000
    args = args[2:]
for f in args:
    games = open(f).read().split("[Event ")[1:]
    moves, lowest, over = 0, base, []
    for number, g in enumerate(games, 1):
        fen = re.search(r'\[FEN "([^"]+)"', g)
        side = 0 if not fen or fen.group(1).split()[1] == "w" else 1
        left = [base, base]
        for t in (float(x) * 1000 for x in re.findall(r"\{[^}]*?([0-9.]+)s\}", g[g.index("\n\n"):])):
            moves += 1
            if t > left[side] / 2 - 10:
                over.append((number, round(left[side]), round(t)))
            left[side] -= t
            lowest = min(lowest, left[side])
            left[side] += inc
            side ^= 1
    print(f"{f}: {len(games)} games, {moves} moves, lowest clock after a move {lowest:.0f} ms, "
          f"moves over half the clock less 10 ms: {len(over)} {over[:8]}")
