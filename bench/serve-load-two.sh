#!/bin/bash
# The play server's load benchmarks (issue 45) with two instances on one
# PostgreSQL: two `houserules serve --db $DB` processes, white's players on
# the first, black's on the second (houserules bench serve --url A,B), so
# every move crosses instances through PostgreSQL LISTEN/NOTIFY.
#
#   DB=postgres://… bench/serve-load-two.sh [humans|saturation|spectators|aifirst|all]
#   (GAMES=N: the humans run's games, default 1000; RAMP=D: over how long they start, default 5s;
#   SAT_GAMES=N: the saturation run's games, default 50)
#
# The CPU and RSS of both servers are printed after each run (ps). The
# database should be a throw-away one: the runs leave their games in it
# (tens of thousands of games make PostgreSQL's work per move grow; to
# start from empty tables, CREATE SCHEMA fresh and add
# &search_path=fresh to the DSN).
# CPU of the run: each server's and the load tool's (seconds, user+system)
# and, with PGPID set to the PostgreSQL postmaster's pid on this machine
# (head -1 $PGDATA/postmaster.pid), PostgreSQL's (all its processes).
# PPROF=1 serves Go's profiler of the servers on 127.0.0.1:6071 (A) and
# :6072 (B), e.g. go tool pprof -seconds 20 http://127.0.0.1:6071/debug/pprof/profile
# SERVE_GOMAXPROCS=N / TOOL_GOMAXPROCS=N run the servers / the load tool
# with GOMAXPROCS=N (e.g. 1: each instance one of the 2 cores, as on
# machines of its own). The report's "after start" line is the round-trip
# of the moves sent once every game was connected (the humans run's first
# 5 s create 1,000 games and open 2,000 WebSockets while the first moves
# are played). TIMELINE=1s adds the round-trips second by second
# (bench serve --timeline; the humans, saturation and spectators runs).
set -euo pipefail
cd "$(dirname "$0")/.."
: "${DB:?set DB to a postgres:// DSN}"
HR=${HR:-/tmp/houserules-bench}
if [ "$HR" = /tmp/houserules-bench ]; then go build -o "$HR" ./cmd/houserules; fi
limits="--create-per-minute 1000000 --client-conns 100000 --room-conns 100000 --connects-per-minute 1000000"
PA=18471 PB=18472
pids=()
start() { # serve flags
	pids=()
	for p in $PA $PB; do
		local prof=""
		if [ -n "${PPROF:-}" ]; then prof="--pprof 127.0.0.1:$((p - PA + 6071))"; fi
		env ${SERVE_GOMAXPROCS:+GOMAXPROCS=$SERVE_GOMAXPROCS} "$HR" serve --db "$DB" --addr "127.0.0.1:$p" $limits $prof "$@" >/tmp/serve-two-$p.log 2>&1 &
		pids+=($!)
	done
	for p in $PA $PB; do
		for _ in $(seq 100); do curl -sf "http://127.0.0.1:$p/api/health" >/dev/null && break; sleep 0.1; done
	done
}
tck=$(getconf CLK_TCK)
cpu() { awk -v t="$tck" '{printf "%.2f", ($14 + $15) / t}' "/proc/$1/stat"; } # seconds, user+system
pgcpu() { # PostgreSQL's CPU seconds so far: the postmaster, its children reaped and alive
	local s=0
	s=$(awk '{print $14 + $15 + $16 + $17}' "/proc/$PGPID/stat")
	for c in $(pgrep -P "$PGPID"); do s=$((s + $(awk '{print $14 + $15}' "/proc/$c/stat" 2>/dev/null || echo 0))); done
	awk -v s="$s" -v t="$tck" 'BEGIN {printf "%.2f", s / t}'
}
stop() {
	echo "servers (pid rss_kB cpu_time):"; ps -o pid=,rss=,cputime= -p "${pids[0]},${pids[1]}" || true
	echo "server cpu: A $(cpu "${pids[0]}") s, B $(cpu "${pids[1]}") s"
	kill "${pids[@]}" 2>/dev/null || true
	wait "${pids[@]}" 2>/dev/null || true
}
run() { # name, serve flags, bench flags…
	local name=$1 flags=$2
	shift 2
	local pg0=""
	if [ -n "${PGPID:-}" ]; then pg0=$(pgcpu); fi
	start $flags
	echo "== $name, two instances ($(uptime | sed 's/.*load/load/'))"
	echo "\$ houserules bench serve --url A,B $*"
	local TIMEFORMAT='load tool cpu: %U s user, %S s system'
	time env ${TOOL_GOMAXPROCS:+GOMAXPROCS=$TOOL_GOMAXPROCS} "$HR" bench serve --url "http://127.0.0.1:$PA,http://127.0.0.1:$PB" --pid "${pids[0]}" "$@" 2>&1 | grep -v ' level=INFO '
	stop
	if [ -n "$pg0" ]; then sleep 1; echo "postgresql cpu: $(awk -v a="$pg0" -v b="$(pgcpu)" 'BEGIN {printf "%.2f", b - a}') s"; fi
}
what=${1:-all}
[[ $what == all || $what == humans ]] && run humans "" --games ${GAMES:-1000} --think 1s-3s --plies 40 --ramp ${RAMP:-5s} --duration 60s --seed 1 ${TIMELINE:+--timeline $TIMELINE}
[[ $what == all || $what == saturation ]] && run saturation "--ws-per-second 1000 --ws-burst 1000" --games ${SAT_GAMES:-50} --think 0 --plies 40 --duration 30s --seed 1 ${TIMELINE:+--timeline $TIMELINE}
[[ $what == all || $what == spectators ]] && run spectators "" --games 1 --spectators 2000 --think 500ms-1s --plies 0 --duration 40s --seed 1 ${TIMELINE:+--timeline $TIMELINE}
[[ $what == all || $what == aifirst ]] && run aifirst "" --games 0 --ai-first 300 --ai-wait 120s --seed 1
