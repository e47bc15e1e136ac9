#!/bin/sh
# scripts/strength-calibrate.sh [-d DIR] [-f FASTCHESS] [-t TC] [-r ROUNDS] [-p PILOT_ROUNDS] PART...
#
# Calibrates the strength levels (strength.go, doc/strength.md) in
# fastchess, on the scale of Stockfish 15.1's UCI_Elo (Debian's
# /usr/games/stockfish, which its authors calibrated at 60s+0.6s and
# anchored to CCRL 40/4). Every match is played from the openings of
# testdata/openings.epd in order, each once with each colour, at one time
# control TC (default 2+0.02) for both engines, one game at a time
# (-concurrency 1, so that one core stays free). PART is one or more of:
#
#   pilot   short matches (PILOT_ROUNDS openings, default 16: 32 games) of
#           knob settings (-level BUDGET[,MARGIN]) against Stockfish at a
#           UCI_Elo near their strength, or against our engine at a setting
#           already placed, to find where the knobs lie;
#   fit     fits the pilot: Elo against the logarithm of the budget alone
#           (from the margin points' budget up), and Elo against the margin
#           (at the margin points' budget a move), each a straight line by
#           least squares; a level below the first line's value at that
#           budget gets a margin, the others a budget; and prints the
#           knobs for every level of strength.go's table (a table to copy
#           into strength.go);
#   verify  plays every level of strength.go's table (as UCI_Elo selects
#           it) ROUNDS openings (default 66: 132 games): a level of 1350
#           or more against Stockfish at UCI_Elo equal to the level, a
#           lower one against the next stronger level, whose measured
#           rating anchors it; and the engine at full strength against
#           Stockfish at UCI_Elo FULL_OPPONENT (default 1500);
#   table   prints the table of the verified levels: level, knobs, games,
#           score, measured Elo with its 95% interval.
#
# Each match's result goes in DIR (default doc/strength-results) as
# NAME.result, one line: "games W D L", with its match summary NAME.summary
# (fastchess's result lines); a match whose result exists is not played
# again, so the calibration runs in parts and resumes where it stopped.
# The PGNs stay in DIR/pgn, which git ignores. Before each match the script
# waits while .build/pause-matches exists (the machine must be idle for
# speed runs then). A match with an illegal move, a time loss, a disconnect
# or a stall of our engine fails the script, its result not written.
#
# The measured Elo of a level is its opponent's Elo plus the difference the
# score implies; its 95% interval is the score's (trinomial: the games'
# variance around the mean) turned into Elo, and for a level anchored to
# another of ours widened by the anchor's interval (the two combined as
# independent errors).
set -eu
cd "$(dirname "$0")/.."
repo=$(pwd)
export PATH="$PATH:/usr/local/go/bin:/usr/games"

dir=doc/strength-results
fastchess=
tc=2+0.02
rounds=66
pilotRounds=16
fullOpponent=${FULL_OPPONENT:-1500}
while getopts d:f:t:r:p: opt; do
	case $opt in
	d) dir=$OPTARG ;;
	f) fastchess=$OPTARG ;;
	t) tc=$OPTARG ;;
	r) rounds=$OPTARG ;;
	p) pilotRounds=$OPTARG ;;
	*) echo "usage: $0 [-d DIR] [-f FASTCHESS] [-t TC] [-r ROUNDS] [-p PILOT_ROUNDS] pilot|fit|verify|table..." >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || set -- pilot fit verify table
mkdir -p "$dir/pgn"
dir=$(cd "$dir" && pwd)
stockfish=/usr/games/stockfish

# The pilot's knob settings, each with its opponent: "BUDGET[,MARGIN]:ELO"
# plays Stockfish at UCI_Elo ELO, "BUDGET[,MARGIN]:uKNOB" our engine at the
# pilot's knob setting KNOB (whose own pilot match, played first, anchors
# it), "BUDGET[,MARGIN]:eLEVEL" our engine at a verified level (whose
# verification anchors it); "full:ELO" is the engine at full strength.
# The margins' line is only a first guess (doc/strength.md): the levels'
# margins were then set from their verifications.
PILOT=${PILOT:-"300:1350 1000:1350 3000:1400 10000:1400 30000:1500 1:u300 300,30:u300 300,100:u300 300,250:u300"}

engine=$dir/umax
built=
build() { # our engine, and fastchess unless -f gave one: before the first match
	if [ -z "$built" ]; then
		go build -o "$engine" .
		if [ -z "$fastchess" ]; then
			fastchess=$(scripts/fastchess.sh) # built once from ../shared/vendor/fastchess
		fi
		built=1
	fi
}

# The levels of strength.go's table: "ELO BUDGET MARGIN" lines, weakest first.
levels() {
	sed -n 's/^[[:space:]]*{elo: \([0-9]*\), budget: \([0-9]*\), margin: \([0-9]*\)},.*/\1 \2 \3/p' strength.go
}

waitIdle() {
	while [ -e "$repo/.build/pause-matches" ]; do
		sleep 30
	done
}

# match NAME ROUNDS FIRST... -- SECOND...: our engine (the first, named
# "umax" and set up by the words FIRST) against SECOND, unless NAME.result
# exists.
match() {
	mname=$1 n=$2
	shift 2
	if [ -e "$dir/$mname.result" ]; then
		return 0
	fi
	build
	waitIdle
	echo "== $mname: $((2 * n)) games at tc=$tc ($(date -u +%H:%M))"
	start=$(date +%s)
	status=0
	load0=$(cut -d' ' -f1-3 /proc/loadavg)
	(cd "$dir" && nice -n "${NICE:-0}" "$fastchess" "$@" \
		-each proto=uci option.Hash=16 option.Threads=1 \
		-rounds "$n" -games 2 -concurrency 1 \
		-openings file="$repo/testdata/openings.epd" format=epd order=sequential \
		-pgnout file="$dir/pgn/$mname.pgn" nodes=true nps=true -log file="$dir/pgn/$mname.log" level=warn engine=true) \
		>"$dir/pgn/$mname.out" 2>&1 || status=$?
	played=$(grep -c '^Finished game' "$dir/pgn/$mname.out" || true)
	# A game our engine (umax, or a level-N opponent) lost by an illegal move,
	# on time, by a disconnect or a stall; fastchess's warnings about it.
	bad=$( (grep '^Finished game' "$dir/pgn/$mname.out" | awk '
		/illegal move|loses on time|disconnects|stalls/ {
			split($0, p, /[()]/); split(p[2], e, / vs /)
			loser = index($0, "{White") ? e[1] : e[2]
			if (loser ~ /^(umax|level-)/) print }'
		grep -E 'Engine (umax|level-)[^ ]* (disconnects|stalls|loses on time)' "$dir/pgn/$mname.log" ) || true)
	if [ "$status" != 0 ] || [ -n "$bad" ] || [ "$played" != $((2 * n)) ]; then
		echo "FAILED: $mname: fastchess exit status $status, $played of $((2 * n)) games"
		[ -n "$bad" ] && echo "$bad" | head -10
		exit 1
	fi
	grep '^Finished game' "$dir/pgn/$mname.out" | awk '
		{ first = index($0, "(umax vs ") > 0
		  if ($0 ~ / 1\/2-1\/2 /) d++
		  else if (($0 ~ / 1-0 /) == first) w++
		  else l++ }
		END { printf "%d %d %d %d\n", w + d + l, w, d, l }' >"$dir/$mname.result.new"
	grep -E '^(Results of|Elo:|LOS:|Games:|Ptnml|Points:|WL/DD)' "$dir/pgn/$mname.out" | tail -6 >"$dir/$mname.summary" || true
	grep -E -i 'loses on time|illegal' "$dir/pgn/$mname.out" | sed 's/^/   /' >>"$dir/$mname.summary" || true
	echo "tc=$tc, $(($(date +%s) - start)) s, $(date -u +%Y-%m-%d), $(uname -m), $(nproc) cores, load average $load0 before, $(cut -d' ' -f1-3 /proc/loadavg) after, nice ${NICE:-0}" >>"$dir/$mname.summary"
	mv "$dir/$mname.result.new" "$dir/$mname.result"
	echo "   $(cat "$dir/$mname.result") (games won drawn lost)"
}

# Every engine's words give the time control (fastchess's -each tc= would
# reset a timemargin given before it). Stockfish may be up to a second late:
# on a loaded machine it overruns a 2-second clock now and then (a first
# calibration lost 40 of its games so, to flag, not to chess), and at a
# limited strength its move is chosen at a fixed depth, so the time it
# overruns does not make it stronger. Our engine gets no such margin.
sf() { # ELO: Stockfish at UCI_Elo ELO
	echo -engine cmd="$stockfish" name=stockfish-$1 option.UCI_LimitStrength=true option.UCI_Elo="$1" tc="$tc" timemargin=1000
}

# elo RESULTFILE ANCHOR ANCHOR_LO ANCHOR_HI: "ELO LO HI SCORE" of a result
# against an opponent rated ANCHOR (interval ANCHOR_LO..ANCHOR_HI; equal to
# ANCHOR for Stockfish, whose UCI_Elo is the scale).
elo() {
	awk -v a="$2" -v alo="$3" -v ahi="$4" '
		function e(s) { s = s < 0.001 ? 0.001 : s > 0.999 ? 0.999 : s; return -400 * log(1 / s - 1) / log(10) }
		{ n = $1; w = $2; d = $3; l = $4; s = (w + d / 2) / n
		  var = (w * (1 - s) ^ 2 + d * (0.5 - s) ^ 2 + l * s ^ 2) / n
		  se = sqrt(var / n); m = e(s); lo = e(s - 1.96 * se); hi = e(s + 1.96 * se)
		  printf "%.0f %.0f %.0f %.3f\n", a + m, a + m - sqrt((m - lo) ^ 2 + (a - alo) ^ 2), a + m + sqrt((hi - m) ^ 2 + (ahi - a) ^ 2), s }' "$1"
}

# pilotName KNOB OPPONENT: the name of a pilot match.
pilotName() {
	echo "pilot-$(echo "$1" | tr , m)-$(echo "$2" | sed 's/^u/umax/; s/^[0-9]/sf&/; s/,/m/')"
}

# pilotArgs KNOB: the engine's arguments for a knob setting.
pilotArgs() {
	case $1 in full) echo "-elo 0" ;; *) echo "-level $1" ;; esac
}

pilot() {
	for p in $PILOT; do
		knob=${p%%:*} opp=${p#*:}
		case $opp in
		u*)
			# shellcheck disable=SC2046 # the arguments are words
			match "$(pilotName "$knob" "$opp")" "$pilotRounds" -engine tc="$tc" cmd="$engine" args="$(pilotArgs "$knob")" name=umax \
				-engine tc="$tc" cmd="$engine" args="$(pilotArgs "${opp#u}")" name="level-${opp#u}" </dev/null ;;
		e*)
			match "$(pilotName "$knob" "$opp")" "$pilotRounds" -engine tc="$tc" cmd="$engine" args="$(pilotArgs "$knob")" name=umax \
				-engine tc="$tc" cmd="$engine" args="-elo ${opp#e}" name="level-${opp#e}" </dev/null ;;
		*)
			# shellcheck disable=SC2046 # sf's words
			match "$(pilotName "$knob" "$opp")" "$pilotRounds" -engine tc="$tc" cmd="$engine" args="$(pilotArgs "$knob")" name=umax \
				$(sf "$opp") </dev/null ;;
		esac
	done
}

# The pilot's points, "BUDGET MARGIN ELO LO HI" (BUDGET "full" for full
# strength), in pilot.points; a point against our engine needs its
# opponent's point first.
fit() {
	: >"$dir/pilot.points"
	for p in $PILOT; do
		knob=${p%%:*} opp=${p#*:}
		f=$dir/$(pilotName "$knob" "$opp").result
		[ -e "$f" ] || continue
		case $opp in
		u*)
			a=$(awk -v k="${opp#u}" '{ if ($2 == 0 && $1 == k || $1 "," $2 == k) print $3, $4, $5 }' "$dir/pilot.points" | head -1)
			[ -n "$a" ] || continue
			set -- $a
			set -- $(elo "$f" "$1" "$2" "$3") ;;
		e*)
			a=$(awk -v l="${opp#e}" '$1 == l { print $4, $5, $6 }' "$dir/table.points" 2>/dev/null | head -1)
			[ -n "$a" ] || continue
			set -- $a
			set -- $(elo "$f" "$1" "$2" "$3") ;;
		*) set -- $(elo "$f" "$opp" "$opp" "$opp") ;;
		esac
		budget=${knob%%,*} margin=0
		case $knob in *,*) margin=${knob#*,} ;; esac
		echo "$budget $margin $1 $2 $3" >>"$dir/pilot.points"
	done
	echo "pilot: budget margin Elo (95% interval):"
	awk '{ printf "   %8s %4d %6d (%d to %d)\n", $1, $2, $3, $4, $5 }' "$dir/pilot.points"
	levels | awk -v points="$dir/pilot.points" '
		BEGIN {
			while ((getline line < points) > 0) {
				split(line, f, " ")
				if (f[1] == "full") continue
				if (f[2] == 0) { # a budget alone
					pb[++npb] = f[1]; py[npb] = f[3]
				} else { # a margin, at the budget mb a move
					mb = f[1]; nm++; mx += f[2]; my += f[3]; mxx += f[2] * f[2]; mxy += f[2] * f[3]
				}
			}
			# The budget alone is fitted from mb on: below it the depth no
			# longer changes (a budget under about 150 nodes is one ply).
			for (i = 1; i <= npb; i++) {
				if (pb[i] + 0 < mb + 0) continue
				x = log(pb[i]); nb++; sx += x; sy += py[i]; sxx += x * x; sxy += x * py[i]
			}
			minb = mb
			b = (nb * sxy - sx * sy) / (nb * sxx - sx * sx); a = (sy - b * sx) / nb
			d = (nm * mxy - mx * my) / (nm * mxx - mx * mx); c = (my - d * mx) / nm
			floor = a + b * log(minb)
			printf "fit: budget alone, Elo = %.0f %+.1f ln(budget) (%.0f at %d nodes); margin at %d nodes a move, Elo = %.0f %+.2f margin\n", a, b, floor, minb, mb, c, d
			print "levels for strength.go:"
		}
		{ if ($1 >= floor) printf "\t{elo: %d, budget: %d, margin: 0},\n", $1, exp(($1 - a) / b) + 0.5
		  else printf "\t{elo: %d, budget: %d, margin: %d},\n", $1, mb, ($1 < c ? ($1 - c) / d : 0) + 0.5 }'
}

# The verified levels: "ELO BUDGET MARGIN MEASURED LO HI SCORE GAMES OPPONENT" in table.points.
verify() {
	: >"$dir/table.points"
	levels | sort -k1,1nr >"$dir/levels.desc"
	anchor= alo= ahi= aname=
	while read -r lvl budget margin; do
		name=level-$lvl-b$budget-m$margin
		if [ "$lvl" -ge 1350 ]; then
			opp=sf-$lvl
			# shellcheck disable=SC2046 # sf's words
			match "$name-vs-$opp" "$rounds" -engine tc="$tc" cmd="$engine" args="-elo $lvl" name=umax $(sf "$lvl") </dev/null
			set -- $(elo "$dir/$name-vs-$opp.result" "$lvl" "$lvl" "$lvl")
		else
			[ -n "$anchor" ] || { echo "no stronger level to anchor level $lvl" >&2; exit 1; }
			opp=$aname
			match "$name-vs-$opp" "$rounds" -engine tc="$tc" cmd="$engine" args="-elo $lvl" name=umax \
				-engine tc="$tc" cmd="$engine" args="-elo $aelo" name="$aname" </dev/null
			set -- $(elo "$dir/$name-vs-$opp.result" "$anchor" "$alo" "$ahi")
		fi
		echo "$lvl $budget $margin $1 $2 $3 $4 $(cut -d' ' -f1 "$dir/$name-vs-$opp.result") $opp" >>"$dir/table.points"
		anchor=$1 alo=$2 ahi=$3 aname=$name aelo=$lvl
	done <"$dir/levels.desc"
	# shellcheck disable=SC2046 # sf's words
	match "full-vs-sf-$fullOpponent" "$rounds" -engine tc="$tc" cmd="$engine" name=umax $(sf "$fullOpponent")
	set -- $(elo "$dir/full-vs-sf-$fullOpponent.result" "$fullOpponent" "$fullOpponent" "$fullOpponent")
	echo "full - - $1 $2 $3 $4 $(cut -d' ' -f1 "$dir/full-vs-sf-$fullOpponent.result") sf-$fullOpponent" >>"$dir/table.points"
}

table() {
	echo "| level (UCI_Elo) | root budget (nodes) | margin | opponent | games | score | measured Elo (95% interval) | within |"
	echo "|---:|---:|---:|---|---:|---:|---:|:---:|"
	(grep '^full ' "$dir/table.points"; grep -v '^full ' "$dir/table.points" | sort -k1,1nr) | awk '{
		within = $1 == "full" ? "" : ($5 <= $1 && $1 <= $6 ? "yes" : "NO")
		printf "| %s | %s | %s | %s | %d | %.1f%% | %d (%d to %d) | %s |\n", $1 == "full" ? "full strength" : $1, $2, $3, $9, $8, 100 * $7, $4, $5, $6, within }'
	echo
	echo "(time control $tc for both engines; results in $dir)"
}

# anchor: the engine at full strength against Stockfish at each UCI_Elo of
# ANCHORS (default "1400 1500 1700"), at the time control TC.
anchor() {
	for a in ${ANCHORS:-1400 1500 1700}; do
		# shellcheck disable=SC2046 # sf's words
		match "full-vs-sf-$a" "$rounds" -engine tc="$tc" cmd="$engine" name=umax $(sf "$a") </dev/null
	done
}

for part in "$@"; do
	case $part in
	anchor) anchor ;;
	pilot) pilot ;;
	fit) fit ;;
	verify) verify ;;
	table) table ;;
	*) echo "unknown part $part: pilot, fit, verify or table" >&2; exit 2 ;;
	esac
done
