#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the tests: its own data folder, loopback only, a
# free port, trust authentication (nothing but this machine can reach it).
#   scripts/test-postgres.sh start DIR   creates and starts a cluster in DIR (which must not exist)
#                                        and prints its DATABASE_URL on stdout
#   scripts/test-postgres.sh stop DIR    stops it; remove DIR afterwards
# Needs Debian's postgresql package (apt-get install postgresql). PostgreSQL refuses to run as
# root, so as root the cluster belongs to the postgres user.
set -euo pipefail

action=${1:?usage: test-postgres.sh start|stop DIR}
dir=${2:?usage: test-postgres.sh start|stop DIR}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$bin" ] || { echo "PostgreSQL is not installed: apt-get install postgresql" >&2; exit 1; }

if [ "$(id -u)" -eq 0 ]; then
  owner=postgres
  as_owner() { runuser -u postgres -- "$@"; }
else
  owner=$(id -un)
  as_owner() { "$@"; }
fi

case "$action" in
  start)
    mkdir -p "$dir"
    [ "$(id -u)" -eq 0 ] && chown postgres "$dir"
    as_owner "$bin/initdb" -D "$dir/data" -U "$owner" -A trust -E UTF8 --no-locale >"$dir/initdb.log" 2>&1 \
      || { cat "$dir/initdb.log" >&2; exit 1; }
    # A free port now; another process could take it before the server binds, then start fails loudly.
    port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
    # fsync off: a test cluster never needs to survive a crash, and it makes CREATE DATABASE fast.
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
      -o "-h 127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" \
      start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
    echo "postgres://$owner@127.0.0.1:$port/postgres"
    ;;
  stop)
    as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
    ;;
  *)
    echo "unknown action $action" >&2
    exit 2
    ;;
esac
