#!/usr/bin/env bash
# Start a local PostgreSQL for the store/server tests and print the DSN.
set -euo pipefail
ver=$(ls /usr/lib/postgresql | sort -n | tail -1)
if [ ! -d "/etc/postgresql/$ver/main" ]; then
  pg_createcluster "$ver" main >/dev/null
fi
pg_ctlcluster "$ver" main start 2>/dev/null || true
for i in $(seq 1 30); do
  if su postgres -c "psql -qAtc 'select 1'" >/dev/null 2>&1; then break; fi
  sleep 1
done
su postgres -c "psql -qc \"DO \\\$\\\$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname='houserules') THEN CREATE ROLE houserules LOGIN SUPERUSER PASSWORD 'houserules'; END IF; END \\\$\\\$;\"" >/dev/null
su postgres -c "psql -qAtc \"SELECT 1 FROM pg_database WHERE datname='houserules_test'\"" | grep -q 1 || su postgres -c "createdb -O houserules houserules_test"
echo "postgres://houserules:houserules@127.0.0.1:5432/houserules_test?sslmode=disable"
