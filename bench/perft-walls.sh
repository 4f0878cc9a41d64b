#!/usr/bin/env bash
# perft-walls.sh — the speed benchmark of issue 43 (wall squares, the duck).
#
# Runs bench/perft-drops.sh's build and bench/perftspeed on the walls
# cases: duck chess perft 3 from the start position against the current
# Fairy-Stockfish's largeboards build (which knows duck chess), through
# UCI `go perft` (duck) and the perft command (duck-cli), and plain chess
# (perft 6 through the 64-bit fast path, perft 5 through the generic core)
# against the base commit, to show that chess does not pay for walls.
#
# Usage: bench/perft-walls.sh [--runs N]
# Environment: as bench/perft-drops.sh (BASE, FSF, FSF_LB).
set -euo pipefail
dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
exec "$dir/perft-drops.sh" --cases duck,duck-cli,chess,chess-generic "$@"
