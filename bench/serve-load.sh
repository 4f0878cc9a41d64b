#!/bin/bash
# The play server's load benchmarks (issue 45), with houserules bench serve
# against a houserules serve it starts itself (--spawn: a fresh SQLite file,
# the limits raised: one address makes all the connections).
#
#   bench/serve-load.sh [humans|saturation|spectators|aifirst|all]   (default all)
#
# HR=path/to/houserules (default: built from this tree into /tmp).
# DB=postgres://… runs the server on PostgreSQL instead of SQLite.
set -euo pipefail
cd "$(dirname "$0")/.."
HR=${HR:-/tmp/houserules-bench}
if [ "$HR" = /tmp/houserules-bench ]; then go build -o "$HR" ./cmd/houserules; fi
db=${DB:-/tmp/houserules-bench.db}
limits="--create-per-minute 1000000 --client-conns 100000 --room-conns 100000 --connects-per-minute 1000000"
run() { # name, serve flags, bench flags…
	local name=$1 flags=$2
	shift 2
	case "$db" in postgres*) ;; *) rm -f "$db" "$db-wal" "$db-shm" ;; esac
	echo "== $name ($(uptime | sed 's/.*load/load/'))"
	echo "\$ houserules bench serve --spawn \"--db … $flags\" $*"
	"$HR" bench serve --spawn "--db $db $limits $flags" "$@" 2>&1 | grep -v ' level=INFO '
}
what=${1:-all}
# 1,000 games, each player thinking 1-3 s (target: p99 < 50 ms, 0 errors)
[[ $what == all || $what == humans ]] && run humans "" --games 1000 --think 1s-3s --plies 40 --ramp 5s --duration 60s --seed 1
# saturation, no think time (target: >= 3,000 moves/s, p99 < 100 ms, 0 errors);
# a player answers at once, so the per-connection message rate is raised.
# 50 games keep the server busy; more only lengthen the queue (p50 grows
# with the games in flight: 200 games at the same moves/s wait 4x longer)
[[ $what == all || $what == saturation ]] && run saturation "--ws-per-second 1000 --ws-burst 1000" --games 50 --think 0 --plies 40 --duration 30s --seed 1
# one room with 2,000 spectators (target: its players' p99 < 100 ms)
[[ $what == all || $what == spectators ]] && run spectators "" --games 1 --spectators 2000 --think 500ms-1s --plies 0 --duration 40s --seed 1
# 300 games whose AI moves first (target: every one gets its AI move)
[[ $what == all || $what == aifirst ]] && run aifirst "" --games 0 --ai-first 300 --ai-wait 120s --seed 1
case "$db" in postgres*) ;; *) rm -f "$db" "$db-wal" "$db-shm" ;; esac
