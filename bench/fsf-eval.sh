#!/bin/sh
# Labels positions with Fairy-Stockfish's static evaluation, for the
# evaluation tuner (search/tune_test.go, HOUSERULES_TUNE).
#
#   bench/fsf-eval.sh positions.tsv > labelled.tsv
#
# positions.tsv: "variant<TAB>FEN" lines (HOUSERULES_TUNE_DUMP writes them).
# labelled.tsv: "variant<TAB>FEN<TAB>cp", cp the oracle's `eval` total for
# the side to move in centipawns of its endgame pawn. Positions the oracle
# does not score (in check) are left out. The oracle is FSF (default
# /usr/games/fairy-stockfish, `apt-get install fairy-stockfish`); it is run,
# not shipped.
set -eu
FSF=${FSF:-/usr/games/fairy-stockfish}
in=${1:?usage: bench/fsf-eval.sh positions.tsv}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for v in $(cut -f1 "$in" | sort -u); do
	awk -F'\t' -v v="$v" '$1 == v { print $2 }' "$in" > "$tmp/fens"
	{
		echo uci
		echo "setoption name UCI_Variant value $v"
		awk '{ print "position fen " $0; print "eval" }' "$tmp/fens"
		echo quit
	} | "$FSF" | awk '/^Total evaluation:/ { print $3 }' > "$tmp/evals"
	if [ "$(wc -l < "$tmp/fens")" -ne "$(wc -l < "$tmp/evals")" ]; then
		echo "fsf-eval: $v: $(wc -l < "$tmp/fens") positions but $(wc -l < "$tmp/evals") evaluations" >&2
		exit 1
	fi
	paste "$tmp/fens" "$tmp/evals" | awk -F'\t' -v v="$v" '
		$2 != "none" {
			split($1, f, " ")
			cp = $2 * 100
			if (f[2] == "b") cp = -cp
			printf "%s\t%s\t%d\n", v, $1, (cp < 0 ? cp - 0.5 : cp + 0.5)
		}'
done
