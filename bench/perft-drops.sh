#!/usr/bin/env bash
# perft-drops.sh — the speed benchmark of issue 42 (pockets, drops, gating).
#
# Builds this tree's cmd/houserules and that of a base commit (default
# main), then runs bench/perftspeed: crazyhouse perft 5 and seirawan
# perft 5 against the current Fairy-Stockfish, shogi perft 4 against its
# largeboards build, ataxx perft 5 and flipello perft 8 against the
# current Fairy-Stockfish (issue 43), and chess perft 6 against the base
# build, all in the same run (interleaved runs, median; see
# bench/README.md).
#
# Usage: bench/perft-drops.sh [--runs N] [--cases a,b]
# Environment: BASE=<commit> (default main), FSF=/path (default
#   /tmp/fsf-c19b5f6), FSF_LB=/path (default /tmp/fsf-lb-c19b5f6)
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
base=${BASE:-main}
FSF=${FSF:-/tmp/fsf-c19b5f6}
FSF_LB=${FSF_LB:-/tmp/fsf-lb-c19b5f6}
runs=7
cases=""
while (($#)); do
	case "$1" in
	--runs) runs=$2; shift 2 ;;
	--cases) cases=$2; shift 2 ;;
	-h | --help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
	*) echo "unknown argument: $1 (try --help)" >&2; exit 2 ;;
	esac
done
for bin in "$FSF" "$FSF_LB"; do
	[[ -x $bin ]] || echo "warning: $bin not found: its cases will fail" >&2
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "building houserules (this tree) and houserules at $base ..." >&2
(cd "$root" && go build -o "$tmp/houserules" ./cmd/houserules)
mkdir "$tmp/base"
(cd "$root" && git archive "$base") | tar -x -C "$tmp/base"
(cd "$tmp/base" && go build -o "$tmp/houserules-base" ./cmd/houserules)
(cd "$root" && go build -o "$tmp/perftspeed" ./bench/perftspeed)
echo "base: $(cd "$root" && git rev-parse --short "$base"), this tree: $(cd "$root" && git rev-parse --short HEAD)$(cd "$root" && git diff --quiet || echo ' (modified)')" >&2
"$tmp/perftspeed" -ours "$tmp/houserules" -base "$tmp/houserules-base" -fsf "$FSF" -fsf-lb "$FSF_LB" -runs "$runs" ${cases:+-cases "$cases"}
