#!/usr/bin/env bash
# Start a throw-away PostgreSQL server for the store and crash-safety tests
# (its own data directory, the first free port from 55432) and print its DSN
# on stdout.
set -euo pipefail
PGBIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
PGDATA=$(mktemp -d)
chown postgres "$PGDATA"
su postgres -c "$PGBIN/initdb -D $PGDATA -A trust -U postgres" >/dev/null
for port in $(seq 55432 55499); do
  if su postgres -c "$PGBIN/pg_ctl -D $PGDATA -o '-p $port -k /tmp -c listen_addresses=127.0.0.1' -l $PGDATA/server.log -w start" >/dev/null 2>&1; then
    echo "postgres://postgres@127.0.0.1:$port/postgres?sslmode=disable"
    exit 0
  fi
done
echo "postgres.sh: could not start PostgreSQL (see $PGDATA/server.log)" >&2
exit 1
