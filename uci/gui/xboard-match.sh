#!/bin/sh
# A real GUI drives houserules: xboard (under Xvfb) plays 2-game matches of
# houserules against Fairy-Stockfish, in chess through polyglot (houserules
# as a UCI engine) and in capablanca through the xboard protocol (polyglot
# knows only the 8x8 board, so houserules speaks CECP itself there, as
# Fairy-Stockfish does). The saved PGN must hold 2 finished games per
# variant and no illegal-move forfeit.
#
# CI runs it (.ci/run, about 1.5 minutes). Needs: Debian packages xboard
# polyglot xvfb xauth, /usr/games/fairy-stockfish.
#   apt-get install xboard polyglot xvfb xauth
#   sh uci/gui/xboard-match.sh            (from the repository root)
# Environment: TC (xboard -tc, default 0:10), INC (default 0.1),
#   OUT (directory for the PGNs and debug logs, default a temp dir).
set -eu
PATH=/usr/games:$PATH
export PATH
TC=${TC:-0:10}
INC=${INC:-0.1}
OUT=${OUT:-$(mktemp -d)}
FSF=${FSF:-/usr/games/fairy-stockfish}
for tool in xboard polyglot xvfb-run; do
	command -v $tool >/dev/null || { echo "xboard-match: $tool is not installed (apt-get install xboard polyglot xvfb xauth)"; exit 2; }
done
[ -x "$FSF" ] || { echo "xboard-match: no $FSF"; exit 2; }
go build -o "$OUT/houserules" ./cmd/houserules

fail=0
run() { # variant, protocol flag for houserules (-fUCI or empty)
	variant=$1
	uciflag=$2
	pgn="$OUT/$variant.pgn"
	rm -f "$pgn"
	xvfb-run -a xboard -variant "$variant" -fcp "$OUT/houserules uci" $uciflag -fd "$OUT" \
		-scp "$FSF" -sd "$OUT" -mg 2 -tc "$TC" -inc "$INC" -sgf "$pgn" \
		-popupExitMessage false -debug -nameOfDebugFile "$OUT/$variant-debug.txt" >"$OUT/$variant-xboard.txt" 2>&1 || true
	games=$(grep -c '^\[Result "\(1-0\|0-1\|1/2-1/2\)"\]' "$pgn" 2>/dev/null || true)
	bad=$(grep -ci 'illegal\|forfeit\|disconnect\|crash\|unfinished' "$pgn" 2>/dev/null || true)
	variants=$(grep -c "^\[Variant \"$variant\"\]" "$pgn" 2>/dev/null || true)
	if [ "$variant" = normal ]; then variants=$games; fi
	echo "xboard-match: $variant: $games finished games, $bad illegal-move/forfeit notes, $variants [Variant] tags ($pgn)"
	grep -h '^{[^}]*} \(1-0\|0-1\|1/2-1/2\)$' "$pgn" 2>/dev/null | sed 's/^/    /' || true
	if [ "$games" != 2 ] || [ "$bad" != 0 ] || [ "$variants" != 2 ]; then fail=1; fi
}
run normal -fUCI
run capablanca ""
if [ $fail = 0 ]; then echo "xboard-match: ok"; else echo "xboard-match: FAILED (logs in $OUT)"; fi
exit $fail
