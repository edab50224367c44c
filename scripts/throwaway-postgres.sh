#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster on a free loopback port in a temporary folder and prints
# `export TEST_DATABASE_URL=…` and `export THROWAWAY_PG_DIR=…`; `stop DIR` stops it and removes the folder.
set -euo pipefail

pg_bin() {
  local dir
  if command -v pg_config >/dev/null 2>&1 && [ -x "$(pg_config --bindir)/initdb" ]; then pg_config --bindir; return; fi
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    [ -x "$dir/initdb" ] && { echo "$dir"; return; }
  done
  return 1
}

as_pg() {
  if [ "$(id -u)" = "0" ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

if [ "${1:-}" = "stop" ]; then
  dir="$2"
  bin=$(pg_bin)
  as_pg "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$dir"
  exit 0
fi

bin=$(pg_bin) || { echo "PostgreSQL server binaries not found" >&2; exit 1; }
dir=$(mktemp -d -t tickfair-pg.XXXXXX)
chmod 755 "$dir"
[ "$(id -u)" = "0" ] && chown postgres "$dir"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
as_pg "$bin/initdb" -D "$dir/data" -A trust -U postgres -E UTF8 --no-instructions >/dev/null
as_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=300" start >/dev/null
echo "export TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$port/postgres"
echo "export THROWAWAY_PG_DIR=$dir"
