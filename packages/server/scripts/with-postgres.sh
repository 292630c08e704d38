#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL cluster: initdb in a temporary folder, listening
# on 127.0.0.1 only on a free port, DATABASE_URL exported for the command, then stopped and
# removed whatever the command's outcome (its exit status is kept).
#   bash packages/server/scripts/with-postgres.sh pnpm vitest run --project server
set -euo pipefail

if [ $# -eq 0 ]; then
  echo "usage: with-postgres.sh <command> [args...]" >&2
  exit 2
fi

PG_BIN="${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}"
if [ ! -x "$PG_BIN/initdb" ]; then
  echo "PostgreSQL server binaries not found (install Debian's postgresql or set PG_BIN)" >&2
  exit 1
fi

dir="$(mktemp -d -t portal-pg-XXXXXX)"
# initdb refuses to run as root: the cluster belongs to the postgres user then.
as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
if [ "$(id -u)" = 0 ]; then chown postgres "$dir"; fi

port="$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"

cleanup() {
  as_owner "$PG_BIN/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT

as_owner "$PG_BIN/initdb" -D "$dir/data" -U portal --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
# Durability is pointless for a throwaway cluster: skip fsync to keep the tests quick.
as_owner "$PG_BIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
  -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
  start >/dev/null
as_owner "$PG_BIN/createdb" -h 127.0.0.1 -p "$port" -U portal portal

export DATABASE_URL="postgres://portal@127.0.0.1:$port/portal"
echo "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$port" >&2
"$@"
