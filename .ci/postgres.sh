#!/usr/bin/env bash
# Start a throw-away PostgreSQL server for the store and crash-safety tests
# (its own data directory and port) and print its DSN on stdout.
set -euo pipefail
PGBIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
PGDATA=$(mktemp -d)
chown postgres "$PGDATA"
su postgres -c "$PGBIN/initdb -D $PGDATA -A trust -U postgres" >/dev/null
su postgres -c "$PGBIN/pg_ctl -D $PGDATA -o '-p 55432 -k /tmp -c listen_addresses=127.0.0.1' -l $PGDATA/server.log -w start" >/dev/null
echo "postgres://postgres@127.0.0.1:55432/postgres?sslmode=disable"
