#!/usr/bin/env bash
# Runs Loci's local Neo4j 5.26 Community server, laid out from Maven Central.
#
#   scripts/neo4j.sh fetch    fetch the server jars once into $NEO4J_HOME/lib
#   scripts/neo4j.sh start    fetch if needed, write neo4j.conf, set the initial
#                             password, start in the background, wait for Bolt;
#                             does nothing if a server already answers on Bolt
#   scripts/neo4j.sh ensure   start the local server unless NEO4J_URI already
#                             points at a server that answers
#   scripts/neo4j.sh stop     stop the local server
#   scripts/neo4j.sh status   say whether it answers
#
# Environment (defaults in brackets):
#   NEO4J_HOME [.local/neo4j]  NEO4J_PASSWORD [loci-dev-password]
#   NEO4J_URI [bolt://127.0.0.1:7687]  NEO4J_HTTP_PORT [7474]
#   NEO4J_HEAP [4g]  NEO4J_PAGECACHE [4g]  NEO4J_START_TIMEOUT seconds [180]
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
NEO4J_HOME="${NEO4J_HOME:-$root/.local/neo4j}"
# Absolute: Maven would resolve a relative one against neo4j/, the rest against $PWD.
case "$NEO4J_HOME" in /*) ;; *) NEO4J_HOME="$PWD/$NEO4J_HOME" ;; esac
NEO4J_USER="${NEO4J_USER:-neo4j}"
NEO4J_PASSWORD="${NEO4J_PASSWORD:-loci-dev-password}"
NEO4J_URI="${NEO4J_URI:-bolt://127.0.0.1:7687}"
NEO4J_HTTP_PORT="${NEO4J_HTTP_PORT:-7474}"
NEO4J_HEAP="${NEO4J_HEAP:-4g}"
NEO4J_PAGECACHE="${NEO4J_PAGECACHE:-4g}"
NEO4J_START_TIMEOUT="${NEO4J_START_TIMEOUT:-180}"
version="$(sed -n 's:.*<neo4j.version>\(.*\)</neo4j.version>.*:\1:p' "$root/neo4j/pom.xml")"
export NEO4J_HOME NEO4J_CONF="$NEO4J_HOME/conf"

say() { echo "neo4j: $*" >&2; }
die() { say "$*"; exit 1; }

# host and port of NEO4J_URI (scheme://host:port)
hostport="${NEO4J_URI#*://}"; hostport="${hostport%%/*}"
host="${hostport%:*}"; port="${hostport##*:}"
[ "$port" = "$hostport" ] && port=7687

answers() { # does anything accept TCP connections on host:port?
  timeout 2 bash -c "exec 3<>/dev/tcp/$1/$2" 2>/dev/null
}

is_local() { case "$host" in 127.0.0.1|localhost|::1|\[::1\]) return 0;; esac; return 1; }

java_bin() {
  local j
  for j in "${JAVA_HOME:+$JAVA_HOME/bin/java}" "$(command -v java || true)" /usr/lib/jvm/java-17-openjdk-amd64/bin/java /usr/lib/jvm/java-21-openjdk-amd64/bin/java; do
    [ -n "$j" ] && [ -x "$j" ] || continue
    case "$("$j" -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -1)" in
      17|21) echo "$j"; return 0;;
    esac
  done
  die "Neo4j 5.26 needs Java 17 or 21; none found (set JAVA_HOME)"
}

launcher() { # run the Neo4j launcher (what bin/neo4j does) with the given command
  "$(java_bin)" -Xmx128m -cp "$NEO4J_HOME/lib/*" -Dbasedir="$NEO4J_HOME" -Dfile.encoding=UTF-8 \
    org.neo4j.server.startup.Neo4jCommand "$@"
}

fetch() {
  if [ -f "$NEO4J_HOME/lib/neo4j-$version.jar" ]; then return 0; fi
  command -v mvn >/dev/null || die "mvn not found: Maven is needed to fetch Neo4j from Maven Central"
  say "fetching Neo4j $version and Neo4j Browser from Maven Central into $NEO4J_HOME/lib (once)"
  rm -rf "$NEO4J_HOME/lib.partial"
  mvn -B -q --strict-checksums -f "$root/neo4j/pom.xml" package -Dneo4j.home="$NEO4J_HOME.partial-home" \
    || die "Maven could not fetch Neo4j (see above)"
  mkdir -p "$NEO4J_HOME"
  rm -rf "$NEO4J_HOME/lib"
  mv "$NEO4J_HOME.partial-home/lib" "$NEO4J_HOME/lib"   # only a complete fetch is ever used
  rm -rf "$NEO4J_HOME.partial-home"
}

write_conf() {
  mkdir -p "$NEO4J_CONF" "$NEO4J_HOME"/{data,logs,plugins,import,run}
  sed -e "s/@BOLT_PORT@/$port/" -e "s/@HTTP_PORT@/$NEO4J_HTTP_PORT/" \
      -e "s/@HEAP@/$NEO4J_HEAP/" -e "s/@PAGECACHE@/$NEO4J_PAGECACHE/" \
      "$root/neo4j/neo4j.conf.in" > "$NEO4J_CONF/neo4j.conf"
}

set_password() { # before the first start only; later changes need ALTER USER
  [ -d "$NEO4J_HOME/data/databases/system" ] && return 0
  [ "${#NEO4J_PASSWORD}" -ge 8 ] || die "NEO4J_PASSWORD must have at least 8 characters"
  "$(java_bin)" -Xmx256m -cp "$NEO4J_HOME/lib/*" -Dbasedir="$NEO4J_HOME" \
    org.neo4j.server.startup.Neo4jAdminCommand dbms set-initial-password "$NEO4J_PASSWORD" >/dev/null \
    || die "could not set the initial password"
}

tail_logs() {
  for f in "$NEO4J_HOME/logs/neo4j.log" "$NEO4J_HOME/logs/debug.log"; do
    [ -f "$f" ] && { echo "---- last lines of $f" >&2; tail -n 25 "$f" >&2; }
  done
}

check_auth() { # a query over HTTP proves the server is up and the password right
  curl -sf -o /dev/null -u "$NEO4J_USER:$NEO4J_PASSWORD" -H 'Content-Type: application/json' \
    -d '{"statement":"SHOW CURRENT USER"}' "http://$host:$NEO4J_HTTP_PORT/db/system/query/v2"
}

wait_ready() {
  local deadline=$(( $(date +%s) + NEO4J_START_TIMEOUT ))
  while [ "$(date +%s)" -lt "$deadline" ]; do
    if answers "$host" "$port" && check_auth; then
      say "ready: Bolt at $NEO4J_URI, Browser at http://$host:$NEO4J_HTTP_PORT/browser/"
      return 0
    fi
    if [ -f "$NEO4J_HOME/run/neo4j.pid" ] && ! kill -0 "$(cat "$NEO4J_HOME/run/neo4j.pid")" 2>/dev/null; then
      tail_logs; die "the server process exited during start"
    fi
    sleep 1
  done
  if answers "$host" "$port"; then
    tail_logs
    die "Bolt answers on $host:$port but the HTTP check with user '$NEO4J_USER' failed: is NEO4J_PASSWORD the one set at first start? (to start over: make neo4j-stop && rm -rf $NEO4J_HOME/data)"
  fi
  tail_logs; die "Bolt did not answer on $host:$port within ${NEO4J_START_TIMEOUT}s"
}

start() {
  is_local || die "NEO4J_URI=$NEO4J_URI is not on this machine; start that server yourself"
  if answers "$host" "$port"; then say "already running on $host:$port"; return 0; fi
  fetch
  write_conf
  set_password
  say "starting Neo4j $version (home $NEO4J_HOME)"
  launcher start >"$NEO4J_HOME/logs/launcher.out" 2>&1 || { cat "$NEO4J_HOME/logs/launcher.out" >&2; tail_logs; die "launcher failed"; }
  wait_ready
}

case "${1:-}" in
  fetch) fetch ;;
  start) start ;;
  ensure)
    if answers "$host" "$port"; then say "using the server at $NEO4J_URI"; exit 0; fi
    is_local || die "NEO4J_URI=$NEO4J_URI does not answer, and it is not a local server this script can start"
    start ;;
  stop)
    if [ -f "$NEO4J_HOME/lib/neo4j-$version.jar" ]; then launcher stop; else say "not installed"; fi ;;
  status)
    if answers "$host" "$port"; then say "answers on $host:$port"; else say "not running"; exit 3; fi ;;
  *) echo "usage: $0 fetch|start|ensure|stop|status" >&2; exit 2 ;;
esac
