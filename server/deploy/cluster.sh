#!/usr/bin/env bash
# A local AlphaChess cluster on one machine, from Debian packages: PostgreSQL, two Stockfish
# engine hosts served over TCP by socat, two alphachess-server instances on the one database, and
# nginx in front (round-robin, SSE-friendly). See server/README.md, "Past one machine".
#
#   server/deploy/cluster.sh start    # installs what is missing, builds, starts; prints the URL
#   server/deploy/cluster.sh status   # what runs
#   server/deploy/cluster.sh stop     # stops everything and removes the state folder
#
# Environment: CLUSTER_DIR (state, default /tmp/alphachess-cluster), PORT (nginx, 8080),
# ALPHACHESS_SERVER_BIN (a built server; default: cargo build --release), STOCKFISH
# (/usr/games/stockfish), STATIC_DIR (client/dist), SERVER_FLAGS (more flags for both instances).
set -euo pipefail
cd "$(dirname "$0")/../.."

CLUSTER_DIR=${CLUSTER_DIR:-/tmp/alphachess-cluster}
PORT=${PORT:-8080}
STOCKFISH=${STOCKFISH:-/usr/games/stockfish}
STATIC_DIR=${STATIC_DIR:-client/dist}
PG_PORT=${PG_PORT:-55432}
ENGINE_PORTS=(${ENGINE_PORTS:-4001 4002})
INSTANCE_PORTS=(${INSTANCE_PORTS:-8081 8082})

say() { printf '==> %s\n' "$*"; }

# PostgreSQL refuses to run as root: as root its programs run as Debian's postgres user.
as_pg() {
  if [ "$(id -u)" -eq 0 ]; then setpriv --reuid=postgres --regid=postgres --clear-groups -- "$@"; else "$@"; fi
}

pg_bin() {
  local version
  version=$(ls /usr/lib/postgresql 2>/dev/null | sort -n | tail -1)
  [ -n "$version" ] || { echo "PostgreSQL is not installed" >&2; exit 1; }
  echo "/usr/lib/postgresql/$version/bin"
}

install_packages() {
  local missing=() pkg
  for pkg in postgresql nginx socat stockfish util-linux; do
    # Not `dpkg -s`: it also knows a removed package whose configuration files remain.
    [ "$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null)" = "install ok installed" ] ||
      missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  local sudo=
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  say "apt-get install ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
}

server_bin() {
  if [ -n "${ALPHACHESS_SERVER_BIN:-}" ]; then
    echo "$ALPHACHESS_SERVER_BIN"
    return
  fi
  cargo build --release -p alphachess-server >&2
  echo "${CARGO_TARGET_DIR:-$PWD/target}/release/alphachess-server"
}

# Waits until `$1` (a command) succeeds, for at most 30 s.
wait_for() {
  for _ in $(seq 300); do
    eval "$1" >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  echo "gave up waiting for: $1" >&2
  return 1
}

start_postgres() {
  local bin password
  bin=$(pg_bin)
  password=$(head -c 18 /dev/urandom | od -An -tx1 | tr -d ' \n')
  mkdir -p "$CLUSTER_DIR/pg"
  [ "$(id -u)" -ne 0 ] || chown postgres: "$CLUSTER_DIR/pg"
  printf '%s\n' "$password" >"$CLUSTER_DIR/pg/pwfile"
  [ "$(id -u)" -ne 0 ] || chown postgres: "$CLUSTER_DIR/pg/pwfile"
  say "PostgreSQL on 127.0.0.1:$PG_PORT ($CLUSTER_DIR/pg)"
  as_pg "$bin/initdb" -D "$CLUSTER_DIR/pg/data" -U alpha --pwfile="$CLUSTER_DIR/pg/pwfile" \
    -A scram-sha-256 -E UTF8 >/dev/null
  as_pg "$bin/pg_ctl" -D "$CLUSTER_DIR/pg/data" -l "$CLUSTER_DIR/pg/server.log" -w \
    -o "-p $PG_PORT -k $CLUSTER_DIR/pg -c listen_addresses=127.0.0.1" start >/dev/null
  PGPASSWORD=$password "$bin/createdb" -h 127.0.0.1 -p "$PG_PORT" -U alpha alphachess
  echo "postgres://alpha:$password@127.0.0.1:$PG_PORT/alphachess" >"$CLUSTER_DIR/db-url"
  chmod 600 "$CLUSTER_DIR/db-url"
}

# One "engine machine" per port: socat serves one Stockfish per connection, two at most.
start_engines() {
  local port
  for port in "${ENGINE_PORTS[@]}"; do
    say "Stockfish over TCP on 127.0.0.1:$port"
    socat "TCP-LISTEN:$port,bind=127.0.0.1,reuseaddr,fork,max-children=2,nodelay" "EXEC:$STOCKFISH" \
      </dev/null >/dev/null 2>"$CLUSTER_DIR/engine-$port.log" &
    echo $! >"$CLUSTER_DIR/engine-$port.pid"
  done
  # A server refuses to start when no engine answers, so the ports must listen first.
  for port in "${ENGINE_PORTS[@]}"; do
    wait_for "(: </dev/tcp/127.0.0.1/$port)"
  done
}

start_instances() {
  local bin=$1 port engines=() engine
  for engine in "${ENGINE_PORTS[@]}"; do engines+=(--stockfish "tcp://127.0.0.1:$engine"); done
  for port in "${INSTANCE_PORTS[@]}"; do
    say "alphachess-server on 127.0.0.1:$port"
    ALPHACHESS_DB=$(cat "$CLUSTER_DIR/db-url") "$bin" --bind "127.0.0.1:$port" "${engines[@]}" \
      --trusted-proxy 127.0.0.1 --static-dir "$STATIC_DIR" ${SERVER_FLAGS:-} \
      </dev/null >"$CLUSTER_DIR/server-$port.log" 2>&1 &
    echo $! >"$CLUSTER_DIR/server-$port.pid"
  done
  for port in "${INSTANCE_PORTS[@]}"; do
    wait_for "curl -fsS http://127.0.0.1:$port/api/ready" || {
      tail -20 "$CLUSTER_DIR/server-$port.log" >&2
      exit 1
    }
  done
}

start_nginx() {
  local upstreams= port
  for port in "${INSTANCE_PORTS[@]}"; do upstreams+="server 127.0.0.1:$port; "; done
  mkdir -p "$CLUSTER_DIR/nginx/tmp"
  sed -e "s|@PREFIX@|$CLUSTER_DIR/nginx|g" -e "s|@LISTEN@|127.0.0.1:$PORT|" \
    -e "s|@UPSTREAMS@|$upstreams|" server/deploy/nginx.conf.template >"$CLUSTER_DIR/nginx/nginx.conf"
  say "nginx on 127.0.0.1:$PORT"
  nginx -p "$CLUSTER_DIR/nginx" -c "$CLUSTER_DIR/nginx/nginx.conf" \
    </dev/null >/dev/null 2>>"$CLUSTER_DIR/nginx/nginx-error.log" &
  echo $! >"$CLUSTER_DIR/nginx-main.pid"
  wait_for "curl -fsS http://127.0.0.1:$PORT/api/health"
}

start() {
  [ ! -e "$CLUSTER_DIR" ] || { echo "$CLUSTER_DIR exists: run '$0 stop' first" >&2; exit 1; }
  install_packages
  local bin
  bin=$(server_bin)
  mkdir -p "$CLUSTER_DIR"
  start_postgres
  start_engines
  start_instances "$bin"
  start_nginx
  say "ready: http://127.0.0.1:$PORT  (logs and state in $CLUSTER_DIR; '$0 stop' ends it)"
}

stop() {
  [ -d "$CLUSTER_DIR" ] || return 0
  local pid_file
  for pid_file in "$CLUSTER_DIR"/nginx-main.pid "$CLUSTER_DIR"/server-*.pid "$CLUSTER_DIR"/engine-*.pid; do
    [ -f "$pid_file" ] && kill "$(cat "$pid_file")" 2>/dev/null || true
  done
  if [ -d "$CLUSTER_DIR/pg/data" ]; then
    as_pg "$(pg_bin)/pg_ctl" -D "$CLUSTER_DIR/pg/data" -m fast -w stop >/dev/null 2>&1 || true
  fi
  sleep 0.5
  rm -rf "$CLUSTER_DIR"
  say "stopped"
}

status() {
  local pid_file
  for pid_file in "$CLUSTER_DIR"/*.pid; do
    [ -f "$pid_file" ] || continue
    if kill -0 "$(cat "$pid_file")" 2>/dev/null; then state=running; else state=gone; fi
    echo "$(basename "$pid_file" .pid): $state"
  done
}

case "${1:-start}" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  *) echo "usage: $0 start|status|stop" >&2; exit 2 ;;
esac
