#!/bin/sh
# Re-checks the mate positions of mate_test.go with the Fairy-Stockfish
# oracle: "go depth 12" with MultiPV 2 must report "score mate N" with the
# expected first move, and the second line must not mate as fast.
# Usage: sh search/testdata/verify-mates.sh
# ORACLE (default /usr/games/fairy-stockfish); ORACLE_ATOMIC for atomic,
# which the Debian build does not implement (default /work/fsf/src/stockfish).
ORACLE=${ORACLE:-/usr/games/fairy-stockfish}
ORACLE_ATOMIC=${ORACLE_ATOMIC:-/work/fsf/src/stockfish}
fail=0
check() { # name variant fen n move
	bin=$ORACLE
	[ "$2" = atomic ] && bin=$ORACLE_ATOMIC
	out=$( (echo uci; echo "setoption name UCI_Variant value $2"; echo "setoption name MultiPV value 2"; echo isready;
		echo "position fen $3"; echo "go depth 12"; sleep 3; echo quit) | "$bin" 2>/dev/null)
	last1=$(echo "$out" | grep " multipv 1 " | tail -1)
	last2=$(echo "$out" | grep " multipv 2 " | tail -1)
	mate=$(echo "$last1" | sed -n 's/.* score mate \([0-9-]*\) .*/\1/p')
	first=$(echo "$last1" | sed -n 's/.* pv \([^ ]*\).*/\1/p')
	second=$(echo "$last2" | sed -n 's/.* score \(mate [0-9-]*\|cp [0-9-]*\) .*/\1/p')
	m2=$(echo "$second" | sed -n 's/mate \([0-9]*\)$/\1/p')
	status=ok
	if [ "$mate" != "$4" ] || [ "$first" != "$5" ]; then status=FAIL; fi
	if [ -n "$m2" ] && [ "$m2" -le "$4" ]; then status="FAIL (not unique)"; fi
	[ "$status" = ok ] || fail=1
	echo "$1 ($2): oracle mate $mate $first, 2nd line $second — expected mate $4 $5: $status"
}
check morphy chess "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1" 2 a1a6
check legal chess "rn1qkbnr/ppp2p1p/3p2p1/4N3/2B1P3/2N5/PPPP1PPP/R1BbK2R w KQkq - 0 6" 2 c4f7
check opera chess "4kb1r/p2n1ppp/4q3/4p1B1/4P3/1Q6/PPP2PPP/2KR4 w k - 0 16" 2 b3b8
check boden chess "2k1rb1r/ppp3pp/2n2q2/3B1b2/5P2/2P1BQ2/PP1N1P1P/2KR3R b - - 0 14" 2 f6c3
check reti-bg5 chess "rnbk1b1r/pp3ppp/2p5/4q3/4n3/8/PPPB1PPP/2KR1BNR w - - 0 10" 2 d2g5
check immortal-qf6 chess "r1bk2nr/p2p1pNp/n2B4/1p1NP2P/6P1/3P1Q2/P1P1K3/q5b1 w - - 1 22" 2 f3f6
check reti chess "rnb1kb1r/pp3ppp/2p5/4q3/4n3/3Q4/PPPB1PPP/2KR1BNR w kq - 0 9" 3 d3d8
check immortal chess "r1b1k1nr/p2p1ppp/n2B4/1p1NPN1P/6P1/3P1Q2/P1P1K3/q5b1 w kq - 2 21" 3 f5g7
check evergreen chess "1r4r1/pbpknp1p/1b3P2/8/8/B1PB1q2/P4PPP/3R2K1 w - - 0 22" 3 d3f5
check smothered chess "5rk1/5Npp/8/8/2Q5/8/6PP/6K1 w - - 0 1" 3 f7h6
check atomic atomic "6k1/5ppp/8/8/8/5N2/5PPP/6K1 w - - 0 1" 2 f3g5
check 3check 3check "4rR2/7K/B4p2/k7/8/7N/8/8 w - - 1+3 0 1" 2 f8e8
check antichess antichess "r7/8/8/3P4/2B2k2/8/8/8 w - - 0 1" 2 c4a6
check koth kingofthehill "7k/7p/8/8/8/8/1K6/8 w - - 0 1" 2 b2c3
check racing racingkings "8/8/K7/8/8/8/8/1r5k w - - 0 1" 2 a6a7
exit $fail
