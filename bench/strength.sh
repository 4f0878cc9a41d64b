#!/bin/sh
# Strength benchmark of the AI: `houserules match` of our top level (20)
# against Debian's Fairy-Stockfish at a UCI Skill Level, at equal movetime,
# in chess, makruk and capablanca (variants the Debian oracle knows).
#
#   bench/strength.sh                      # 40 games per variant, Skill Level 10, 100 ms
#   GAMES=20 LEVEL=5 MOVETIME=200 bench/strength.sh chess
#
# Environment: GAMES (per variant, default 40), LEVEL (the oracle's Skill
# Level, default 10), MOVETIME (ms per move for both, default 100), SEED
# (openings; default 1), FSF (default /usr/games/fairy-stockfish), OUT
# (directory for the PGNs, default a temp dir). Arguments: the variants
# (default: chess makruk capablanca). Both engines run one thread; the
# variants run one after the other. Prints the match summary per variant and
# our mean nodes/s measured on the same machine just before.
set -eu
GAMES=${GAMES:-40}
LEVEL=${LEVEL:-10}
MOVETIME=${MOVETIME:-100}
SEED=${SEED:-1}
FSF=${FSF:-/usr/games/fairy-stockfish}
OUT=${OUT:-$(mktemp -d)}
[ -x "$FSF" ] || { echo "strength: no $FSF (apt-get install fairy-stockfish)"; exit 2; }
[ $# -gt 0 ] || set -- chess makruk capablanca
go build -o "$OUT/houserules" ./cmd/houserules
for v in "$@"; do
	# our nodes/s: one 1-second search from the start position
	nps=$(printf 'uci\nsetoption name UCI_Variant value %s\nisready\nposition startpos\ngo movetime 1000\n' "$v" |
		(cat; sleep 2) | "$OUT/houserules" uci | grep '^info depth' | tail -1 | sed 's/.* nps \([0-9]*\).*/\1/')
	fsfnps=$(printf 'uci\nsetoption name UCI_Variant value %s\nsetoption name Skill Level value %s\nisready\nposition startpos\ngo movetime 1000\n' "$v" "$LEVEL" |
		(cat; sleep 2) | "$FSF" | grep '^info depth' | tail -1 | sed 's/.* nps \([0-9]*\).*/\1/')
	echo "== $v: houserules level 20 vs Fairy-Stockfish Skill Level $LEVEL, $GAMES games, movetime $MOVETIME ms (nodes/s at the start position: ours $nps, oracle $fsfnps)"
	"$OUT/houserules" match --variant "$v" --games "$GAMES" --level 20 --engine2 "$FSF" \
		--option2 "Skill Level=$LEVEL" --movetime "$MOVETIME" --seed "$SEED" --quiet --pgn "$OUT/$v-level$LEVEL.pgn"
done
echo "PGNs in $OUT"
