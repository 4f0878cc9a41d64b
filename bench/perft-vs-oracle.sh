#!/usr/bin/env bash
# perft-vs-oracle.sh — compare our perft speed with Fairy-Stockfish's.
#
# Builds cmd/houserules once, then for every case runs our perft and the
# oracle's (`go perft N` over UCI) on the same position and depth, checks
# that the node counts match and prints nodes/s for both. Times are whole
# process wall times (start-up included for both programs), measured with
# hyperfine when it is installed (--warmup 1 --runs 3), else with date.
#
# Usage: bench/perft-vs-oracle.sh [--quick]
#   --quick   every depth one lower, one timed run, no warm-up (smoke test)
# Environment: FSF=/path/to/fairy-stockfish (default /usr/games/fairy-stockfish),
#   BENCH_NO_HYPERFINE=1 to time with date even when hyperfine is installed
set -euo pipefail

FSF=${FSF:-/usr/games/fairy-stockfish}
quick=0
for arg in "$@"; do
	case "$arg" in
	--quick) quick=1 ;;
	-h | --help)
		sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'
		exit 0
		;;
	*)
		echo "unknown argument: $arg (try --help)" >&2
		exit 2
		;;
	esac
done

if [[ ! -x "$FSF" ]]; then
	echo "oracle $FSF not found; install it with: apt-get install fairy-stockfish" >&2
	exit 1
fi

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "building houserules ..." >&2
(cd "$root" && go build -o "$tmp/houserules" ./cmd/houserules)

if ((quick)); then
	warmup=0 runs=1
else
	warmup=1 runs=3
fi
have_hyperfine=0 # BENCH_NO_HYPERFINE=1 forces the date fallback
if [[ -z ${BENCH_NO_HYPERFINE:-} ]] && command -v hyperfine >/dev/null 2>&1; then
	have_hyperfine=1
else
	echo "timing with date, not hyperfine (apt-get install hyperfine for better numbers)" >&2
fi

# name|variant|fen ("startpos" = the variant's start position)|depth
cases=(
	"chess-startpos|chess|startpos|6"
	"kiwipete|chess|r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1|5"
	"makruk|makruk|startpos|5"
	"shatranj|shatranj|startpos|5"
	"amazon|amazon|startpos|5"
	"knightmate|knightmate|startpos|5"
	"losers|losers|startpos|5"
)

# shell-quote for the command strings handed to hyperfine / bash -c
q() { printf '%q' "$1"; }

# mean wall time in seconds of a command string, run through bash
time_cmds() { # out_file cmd_ours cmd_oracle → writes "mean_ours mean_oracle"
	local out=$1 ours=$2 oracle=$3
	if ((have_hyperfine)); then
		if ! hyperfine --style none --shell bash --warmup "$warmup" --runs "$runs" \
			--export-json "$tmp/h.json" "$ours" "$oracle" >"$tmp/h.log" 2>&1; then
			cat "$tmp/h.log" >&2
			echo "0 0" >"$out"
			return
		fi
		# results are in command order; one "mean" per result
		grep -o '"mean": *[0-9.eE+-]*' "$tmp/h.json" | sed 's/.*: *//' | paste -sd' ' >"$out"
	else
		local c sum t0 t1 i means=()
		for c in "$ours" "$oracle"; do
			for ((i = 0; i < warmup; i++)); do bash -c "$c" >/dev/null 2>&1; done
			sum=0
			for ((i = 0; i < runs; i++)); do
				t0=$(date +%s.%N)
				bash -c "$c" >/dev/null 2>&1
				t1=$(date +%s.%N)
				sum=$(awk -v s="$sum" -v a="$t0" -v b="$t1" 'BEGIN{printf "%.6f", s + b - a}')
			done
			means+=("$(awk -v s="$sum" -v n="$runs" 'BEGIN{printf "%.6f", s / n}')")
		done
		echo "${means[*]}" >"$out"
	fi
}

nodes_of() { sed -n 's/^Nodes searched: *\([0-9]*\).*/\1/p' | tail -1; }

printf '%-16s %5s %12s %12s %14s %14s %8s\n' case depth nodes oracle-nodes "ours-nodes/s" "oracle-nodes/s" ours/fsf
status=0
for c in "${cases[@]}"; do
	IFS='|' read -r name variant fen depth <<<"$c"
	((quick)) && depth=$((depth - 1))
	if [[ $fen == startpos ]]; then
		ours_cmd="$(q "$tmp/houserules") perft --variant $(q "$variant") --depth $depth"
		uci_pos="startpos"
	else
		ours_cmd="$(q "$tmp/houserules") perft --fsf --variant $(q "$variant") --fen $(q "$fen") --depth $depth"
		uci_pos="fen $fen"
	fi
	uci=$(printf 'uci\nsetoption name UCI_Variant value %s\nposition %s\ngo perft %d\nquit\n' "$variant" "$uci_pos" "$depth")
	oracle_cmd="printf '%s\n' $(q "$uci") | $(q "$FSF")"

	ours_nodes=$(bash -c "$ours_cmd" 2>/dev/null | nodes_of)
	oracle_nodes=$(bash -c "$oracle_cmd" 2>/dev/null | nodes_of)
	time_cmds "$tmp/means" "$ours_cmd" "$oracle_cmd"
	read -r t_ours t_oracle <"$tmp/means"

	if [[ -z $ours_nodes || $ours_nodes != "$oracle_nodes" ]]; then
		shown="MISMATCH"
		status=1
	else
		shown=$ours_nodes
	fi
	awk -v n="$name" -v d="$depth" -v s="$shown" -v on="${oracle_nodes:-?}" -v a="${ours_nodes:-0}" -v b="${oracle_nodes:-0}" \
		-v ta="$t_ours" -v tb="$t_oracle" 'BEGIN {
		na = (ta > 0 ? a / ta : 0); nb = (tb > 0 ? b / tb : 0)
		printf "%-16s %5d %12s %12s %14.0f %14.0f %8.2f\n", n, d, s, on, na, nb, (nb > 0 ? na / nb : 0)
	}'
done
if ((have_hyperfine)); then
	echo "(wall time incl. process start; hyperfine, warm-up $warmup, runs $runs)"
else
	echo "(wall time incl. process start; date, warm-up $warmup, runs $runs)"
fi
exit $status
