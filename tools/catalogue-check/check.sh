#!/bin/sh
# Compare the variant catalogue (variants/catalogue/*.ini) with the built-in
# variants of a Fairy-Stockfish binary (built with largeboards=yes all=yes).
#
#   tools/catalogue-check/check.sh /path/to/fairy-stockfish [flags] [section ...]
#
# Default flags: perft up to depth 4 (node-capped) from the start position,
# perft depth 3 from the corpus's builtin FENs, 10 random walks of 120 plies.
# Useful extra flags: -search 7 (compare fixed-depth searches, which also sees
# game-end rules), -derived FILE (check a variants.ini whose sections inherit
# from built-ins through our sections instead), -keep FILE (keep the temp ini).
set -e
if [ $# -lt 1 ]; then
	sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
	exit 2
fi
fsf=$1
shift
cd "$(dirname "$0")/../.."
corpus=corpus/testdata/perft/corpus-core.tsv
if [ -f "$corpus" ]; then
	set -- -corpus "$corpus" -corpus-depth 3 "$@"
fi
exec go run ./tools/catalogue-check -fsf "$fsf" -walks 10 -plies 120 "$@"
