#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for tally's tests and benchmarks: in a folder of its own, on a
# loopback port, run by a user that is not root (the server refuses root), with password
# logins over TCP.
#
#   Tests/postgres/cluster.sh start DIR [PORT]   prints the URL of an empty database
#   Tests/postgres/cluster.sh stop DIR           stops the server (DIR can then be removed)
#   Tests/postgres/cluster.sh restart DIR [PORT] starts a stopped server again
#
# Needs Debian's postgresql package (`apt-get install postgresql`); the cluster it starts by
# itself, if any, is left alone.
set -euo pipefail
action=${1:?start or stop}
dir=${2:?a folder for the cluster}
port=${3:-55432}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -n "$bin" ] || { echo "PostgreSQL's server is not installed: apt-get install postgresql" >&2; exit 1; }
password=tally-test-password

as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

run_server() {
  as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c max_connections=200 -c ssl=on" \
    start >/dev/null
}

case $action in
start)
  mkdir -p "$dir"
  if [ "$(id -u)" = 0 ]; then chown postgres: "$dir"; fi
  as_owner sh -c "printf '%s\n' '$password' > '$dir/password'"
  as_owner "$bin/initdb" -D "$dir/data" -U tally --pwfile="$dir/password" \
    --auth-host=scram-sha-256 --auth-local=trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log"
  # A self-signed certificate, so that sslmode=require can be tried.
  as_owner openssl req -new -x509 -days 2 -nodes -subj /CN=127.0.0.1 \
    -keyout "$dir/data/server.key" -out "$dir/data/server.crt" 2>/dev/null
  as_owner chmod 600 "$dir/data/server.key"
  run_server
  PGPASSWORD=$password "$bin/createdb" -h 127.0.0.1 -p "$port" -U tally tally_test
  echo "postgresql://tally:$password@127.0.0.1:$port/tally_test"
  ;;
restart)
  run_server
  ;;
stop)
  as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
  ;;
*)
  echo "usage: $0 start|stop|restart DIR [PORT]" >&2
  exit 2
  ;;
esac
