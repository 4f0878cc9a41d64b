#!/bin/bash
# The hostile-client benchmark of issue 45: quiet games' move round-trips
# alone, then while attackers in another process flood the server at fixed
# rates (houserules bench attack). Three processes: the server (default
# limits, --trust-proxy: every client names itself in X-Forwarded-For),
# the quiet games (bench serve --forwarded: each game slot its own client)
# and the attackers. Each phase reports p50/p95/p99/max and the server's CPU.
#
#   bench/serve-attack.sh [scale…]     (default 1: the rates of bench attack's defaults)
#
# HR=path/to/houserules (default: built from this tree into /tmp).
# PHASE=seconds of each phase (default 30); GAMES, THINK: the quiet load.
# NICE="nice -n 19" runs the attackers at the lowest CPU priority: on these
# shared cores they then take the CPU the server and the quiet games leave,
# as attackers on other machines would (the report's "rates" line says
# whether they still reached their rates).
set -euo pipefail
cd "$(dirname "$0")/.."
HR=${HR:-/tmp/houserules-attack}
if [ "$HR" = /tmp/houserules-attack ]; then go build -o "$HR" ./cmd/houserules; fi
PHASE=${PHASE:-30}
GAMES=${GAMES:-20}
THINK=${THINK:-50ms-150ms}
NICE=${NICE:-}
db=$(mktemp -d)/attack.db
out=$(mktemp)
"$HR" serve --addr 127.0.0.1:0 --db "$db" --trust-proxy >"$out" 2>/dev/null &
srv=$!
trap 'kill $srv 2>/dev/null; wait $srv 2>/dev/null; rm -rf "$(dirname "$db")" "$out"' EXIT
for _ in $(seq 50); do grep -q 'serving on' "$out" && break; sleep 0.1; done
url=$(grep -o 'serving on http://[^ ]*' "$out" | cut -d' ' -f3)
quiet() { # the quiet games for one phase
	"$HR" bench serve --url "$url" --pid "$srv" --forwarded --games "$GAMES" --think "$THINK" \
		--plies 40 --duration "${PHASE}s" --seed 1 | grep -E 'moves|round-trip|errors|limits|server'
}
for scale in "${@:-1}"; do
	echo "== quiet ($(uptime | sed 's/.*load/load/'))"
	quiet
	echo "== under attack, scale $scale ($(uptime | sed 's/.*load/load/'))"
	# the attack starts 3 s early (the connection flood fills its game) and
	# ends after the quiet phase
	$NICE "$HR" bench attack --url "$url" --scale "$scale" --duration "$((PHASE + 5))s" &
	atk=$!
	sleep 3
	quiet
	wait $atk
done
