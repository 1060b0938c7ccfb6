#!/usr/bin/env bash
# A throw-away PostgreSQL + PostGIS server for the tests, on loopback only.
#
#   scripts/postgres_for_tests.sh start   install Debian's PostGIS if missing, start the server,
#                                         (re)create the test database, load the sample city;
#                                         writes the connection to build/postgres/conninfo
#   scripts/postgres_for_tests.sh stop    stop the server (its data stays under build/postgres)
#
# The server runs as the `postgres` user from a data folder of its own
# (build/postgres/data), listens on 127.0.0.1 only, on SPATIAL_PRIVACY_PG_PORT
# (default 55432), and takes a password generated at its first start. Tests read
# the connection from the environment variable SPATIAL_PRIVACY_TEST_PG.
set -euo pipefail
cd "$(dirname "$0")/.."

ROOT=$(pwd)
STATE="$ROOT/build/postgres"
DATA="$STATE/data"
PORT="${SPATIAL_PRIVACY_PG_PORT:-55432}"
DATABASE=spatial_privacy_test
ROLE=spatial_privacy_test

fail() { echo "postgres_for_tests: $*" >&2; exit 1; }

as_postgres() {
  if [ "$(id -un)" = postgres ]; then "$@"; else
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo runuser -u postgres -- "$@"
  fi
}

# The PostgreSQL major version Debian ships (15 on Debian 12, 17 on Debian 13).
debian_version() {
  apt-cache depends postgresql 2>/dev/null | sed -n 's/.*Depends: postgresql-\([0-9][0-9]*\)$/\1/p' \
    | head -n 1
}

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }

install_server() {
  local version packages=() sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  version=$(debian_version)
  if [ -z "$version" ]; then
    $sudo apt-get update -qq
    version=$(debian_version)
  fi
  [ -n "$version" ] || fail "apt-cache knows no 'postgresql' package: cannot tell which PostgreSQL to install."
  for package in "postgresql-$version" "postgresql-$version-postgis-3" python3-psycopg2; do
    installed "$package" || packages+=("$package")
  done
  if [ ${#packages[@]} -gt 0 ]; then
    echo "Installing: ${packages[*]}"
    if ! installed postgresql-common && [ ! -e /etc/postgresql-common/createcluster.conf ]; then
      # A fresh machine: the package would create (and may start) a cluster on port 5432 that
      # nothing here uses; the tests bring their own.
      $sudo mkdir -p /etc/postgresql-common
      echo "create_main_cluster = false" | $sudo tee /etc/postgresql-common/createcluster.conf >/dev/null
    fi
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
      "${packages[@]}" >/dev/null || fail "could not install ${packages[*]}"
  fi
  echo "$version"
}

start() {
  local version bin password
  version=$(install_server | tail -n 1)
  bin="/usr/lib/postgresql/$version/bin"
  [ -x "$bin/pg_ctl" ] || fail "$bin/pg_ctl is missing after installing postgresql-$version."
  mkdir -p "$STATE"
  if [ -f "$DATA/PG_VERSION" ] && [ "$(cat "$DATA/PG_VERSION")" != "$version" ]; then
    rm -rf "$DATA"  # a cluster of another major version (e.g. after an upgrade): start afresh
  fi
  if [ ! -f "$STATE/password" ]; then
    (umask 077; /usr/bin/python3 -c "import secrets; print(secrets.token_hex(16))" > "$STATE/password")
  fi
  password=$(cat "$STATE/password")
  if [ ! -f "$DATA/PG_VERSION" ]; then
    mkdir -p "$DATA"
    chown postgres: "$DATA"
    chmod 700 "$DATA"
    as_postgres "$bin/initdb" -D "$DATA" -U postgres --auth-local=peer --auth-host=scram-sha-256 \
      --encoding=UTF8 --locale=C >"$STATE/initdb.log" 2>&1 || { cat "$STATE/initdb.log"; fail "initdb failed"; }
  fi
  chown postgres: "$STATE"
  stop_quietly "$bin"
  rm -f "$STATE/server.log"
  # Loopback only; the socket lives in the data folder, not in /run/postgresql.
  as_postgres "$bin/pg_ctl" -D "$DATA" -w -t 60 -l "$STATE/server.log" start \
    -o "-c listen_addresses=127.0.0.1 -c port=$PORT -c unix_socket_directories='$DATA' \
        -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c shared_buffers=256MB" \
    >/dev/null || { tail -n 20 "$STATE/server.log" >&2; fail "the server did not start (port $PORT busy? set SPATIAL_PRIVACY_PG_PORT)"; }
  psql_admin() { as_postgres "$bin/psql" -h "$DATA" -p "$PORT" -U postgres -v ON_ERROR_STOP=1 -q "$@"; }
  psql_admin -d postgres >/dev/null <<SQL || fail "could not create the test role and database"
SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '$DATABASE';
SET client_min_messages = warning;
DROP DATABASE IF EXISTS $DATABASE;
DO \$\$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '$ROLE') THEN CREATE ROLE $ROLE LOGIN; END IF;
END \$\$;
ALTER ROLE $ROLE PASSWORD '$password';
CREATE DATABASE $DATABASE OWNER $ROLE;
SQL
  psql_admin -d "$DATABASE" -c "CREATE EXTENSION postgis" >/dev/null || fail "PostGIS is not available"
  local conninfo="host=127.0.0.1 port=$PORT dbname=$DATABASE user=$ROLE password=$password"
  (umask 077; echo "$conninfo" > "$STATE/conninfo")
  SPATIAL_PRIVACY_TEST_PG="$conninfo" /usr/bin/python3 scripts/load_sample_postgis.py - "$STATE/sample" \
    || fail "could not load the sample city into PostGIS"
  echo "PostgreSQL $version with PostGIS on 127.0.0.1:$PORT, database $DATABASE (sample city loaded)."
}

stop_quietly() {
  local bin="$1"
  if [ -f "$DATA/postmaster.pid" ]; then
    as_postgres "$bin/pg_ctl" -D "$DATA" -w -t 60 -m fast stop >/dev/null 2>&1 || true
  fi
}

stop() {
  local version
  [ -f "$DATA/PG_VERSION" ] || return 0
  version=$(cat "$DATA/PG_VERSION")
  stop_quietly "/usr/lib/postgresql/$version/bin"
  echo "PostgreSQL test server stopped."
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
