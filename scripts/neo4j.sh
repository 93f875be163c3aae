#!/usr/bin/env bash
# Runs Loci's local Neo4j Community server, laid out from Maven Central.
# Two series: 2026 (2026.08.1, the default: in-index filtered vector search)
# and 5.26 (5.26.29, the LTS), chosen with NEO4J_SERIES. Each series has a
# home of its own (.local/neo4j-2026, .local/neo4j-5.26), so switching never
# mixes their stores.
#
#   scripts/neo4j.sh fetch    fetch the server jars once into $NEO4J_HOME/lib
#   scripts/neo4j.sh start    fetch if needed, write neo4j.conf, set the initial
#                             password, start in the background, wait for Bolt;
#                             does nothing if a server of the series already
#                             answers (see "Another server" below)
#   scripts/neo4j.sh ensure   start the local server unless NEO4J_URI already
#                             points at a server that answers
#   scripts/neo4j.sh stop     stop the local server
#   scripts/neo4j.sh status   say whether it answers
#   scripts/neo4j.sh version  print the version of the server at NEO4J_URI
#                             (read over HTTP with dbms.components())
#
# Environment (defaults in brackets):
#   NEO4J_SERIES [2026]  2026 or 5.26
#   NEO4J_HOME [.local/neo4j-$NEO4J_SERIES]  NEO4J_PASSWORD [loci-dev-password]
#   NEO4J_URI [bolt://127.0.0.1:7687]  NEO4J_HTTP_PORT [7474]
#   NEO4J_HEAP [4g]  NEO4J_PAGECACHE [4g]  NEO4J_START_TIMEOUT seconds [180]
#   NEO4J_GC [g1]  g1 (Neo4j's own choice) or parallel (-XX:+UseParallelGC:
#   a little less CPU per search, longer full collections; docs/deploy.md)
#   JAVA_HOME: used when it holds a Java the series runs on (2026: 21 or 25;
#   5.26: 17 or 21); otherwise java on PATH and /usr/lib/jvm/* are tried.
#
# Another server: when something already answers on NEO4J_URI, `ensure`
# without NEO4J_SERIES in the environment uses it whatever its version (and
# says which). With NEO4J_SERIES set (as .ci/run does), and for `start`, the
# server must be of that series: if it is not, and it is a server of this
# checkout (one of the .local/neo4j-* homes, listening on that port), it is
# stopped (its data stays in its home) and the right one is started;
# otherwise the script fails and says what answers.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
say() { echo "neo4j: $*" >&2; }
die() { say "$*"; exit 1; }

series_given="${NEO4J_SERIES:+yes}"
NEO4J_SERIES="${NEO4J_SERIES:-2026}"
case "$NEO4J_SERIES" in
  2026) javas="21 25" ;;
  5.26) javas="17 21" ;;
  *) die "NEO4J_SERIES=$NEO4J_SERIES: want 2026 (the default) or 5.26 (the LTS)" ;;
esac
version="$(sed -n "s:.*<neo4j-$NEO4J_SERIES.version>\(.*\)</neo4j-$NEO4J_SERIES.version>.*:\1:p" "$root/neo4j/pom.xml")"
[ -n "$version" ] || die "no <neo4j-$NEO4J_SERIES.version> in neo4j/pom.xml"

NEO4J_USER="${NEO4J_USER:-neo4j}"
NEO4J_PASSWORD="${NEO4J_PASSWORD:-loci-dev-password}"
NEO4J_URI="${NEO4J_URI:-bolt://127.0.0.1:7687}"
NEO4J_HTTP_PORT="${NEO4J_HTTP_PORT:-7474}"
NEO4J_HEAP="${NEO4J_HEAP:-4g}"
NEO4J_PAGECACHE="${NEO4J_PAGECACHE:-4g}"
NEO4J_GC="${NEO4J_GC:-g1}"
case "$NEO4J_GC" in
  g1) gc_flag=-XX:+UseG1GC ;;
  parallel) gc_flag=-XX:+UseParallelGC ;;
  *) die "NEO4J_GC=$NEO4J_GC: want g1 (the default) or parallel" ;;
esac
NEO4J_START_TIMEOUT="${NEO4J_START_TIMEOUT:-180}"
NEO4J_STOP_TIMEOUT="${NEO4J_STOP_TIMEOUT:-180}"

# host and port of NEO4J_URI (scheme://host:port)
hostport="${NEO4J_URI#*://}"; hostport="${hostport%%/*}"
host="${hostport%:*}"; port="${hostport##*:}"
[ "$port" = "$hostport" ] && port=7687

# pid_of HOME: the pid of the live server process of that home, if any (the
# pid file names it; the process must carry --home-dir=HOME).
pid_of() {
  local pid
  [ -f "$1/run/neo4j.pid" ] || return 1
  pid="$(cat "$1/run/neo4j.pid" 2>/dev/null)" || return 1
  [ -n "$pid" ] && [ -r "/proc/$pid/cmdline" ] || return 1
  tr '\0' '\n' <"/proc/$pid/cmdline" 2>/dev/null | grep -qxF -- "--home-dir=$1" || return 1
  echo "$pid"
}

if [ -n "${NEO4J_HOME:-}" ]; then
  # Absolute: Maven would resolve a relative one against neo4j/, the rest against $PWD.
  case "$NEO4J_HOME" in /*) ;; *) NEO4J_HOME="$PWD/$NEO4J_HOME" ;; esac
else
  NEO4J_HOME="$root/.local/neo4j-$NEO4J_SERIES"
  # Before the series had homes of their own, the 5.26 server lived in
  # .local/neo4j: it becomes .local/neo4j-5.26 once it is not running.
  legacy="$root/.local/neo4j"
  if [ "$NEO4J_SERIES" = 5.26 ] && [ ! -e "$NEO4J_HOME" ] && compgen -G "$legacy/lib/neo4j-5.26.*.jar" >/dev/null; then
    if pid_of "$legacy" >/dev/null; then
      NEO4J_HOME="$legacy" # still running there; moved after it stops
    else
      mv "$legacy" "$NEO4J_HOME"
      say "moved the 5.26 home .local/neo4j to .local/neo4j-5.26 (one home per series)"
    fi
  fi
fi
export NEO4J_HOME NEO4J_CONF="$NEO4J_HOME/conf"

answers() { # does anything accept TCP connections on host:port?
  timeout 2 bash -c "exec 3<>/dev/tcp/$1/$2" 2>/dev/null
}

is_local() { case "$host" in 127.0.0.1|localhost|::1|\[::1\]) return 0;; esac; return 1; }

java_major() { # 17, 21, 25 (1 for a Java 8 "1.8.0")
  "$1" -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -1
}

java_found=""
java_bin() { # a Java this series runs on: JAVA_HOME's if it fits, else java on PATH, else /usr/lib/jvm/*
  if [ -n "$java_found" ]; then echo "$java_found"; return 0; fi
  local j m seen=() tried=" "
  for j in ${JAVA_HOME:+"$JAVA_HOME/bin/java"} "$(command -v java || true)" /usr/lib/jvm/*/bin/java; do
    [ -n "$j" ] && [ -x "$j" ] || continue
    case "$tried" in *" $(readlink -f "$j") "*) continue;; esac
    tried="$tried$(readlink -f "$j") "
    m="$(java_major "$j")"
    seen+=("$j (Java ${m:-?})")
    case " $javas " in *" $m "*) java_found="$j"; echo "$j"; return 0;; esac
  done
  say "Neo4j $version (NEO4J_SERIES=$NEO4J_SERIES) runs on Java ${javas// / or }; found: ${seen[*]:-no java at all}."
  if [ "$NEO4J_SERIES" = 2026 ]; then
    say "Install a JDK 21 or 25 (e.g. Eclipse Temurin 25 from adoptium.net, or apt-get install openjdk-21-jdk"
    say "where the distribution has it) and set JAVA_HOME to it if it is not under /usr/lib/jvm;"
    say "or keep the LTS on Java 17 with NEO4J_SERIES=5.26."
  else
    say "Install a JDK 17 or 21 (e.g. apt-get install openjdk-17-jdk) and set JAVA_HOME to it if it is not under /usr/lib/jvm."
  fi
  exit 1
}

launcher() { # run the Neo4j launcher (what bin/neo4j does) with the given command
  local j
  j="$(java_bin)"
  # The launcher starts the server with JAVA_HOME's java: the same one.
  JAVA_HOME="$(dirname "$(dirname "$(readlink -f "$j")")")" \
    "$j" -Xmx128m -cp "$NEO4J_HOME/lib/*" -Dbasedir="$NEO4J_HOME" -Dfile.encoding=UTF-8 \
    org.neo4j.server.startup.Neo4jCommand "$@"
}

fetch() {
  if [ -f "$NEO4J_HOME/lib/neo4j-$version.jar" ]; then return 0; fi
  command -v mvn >/dev/null || die "mvn not found: Maven is needed to fetch Neo4j from Maven Central"
  say "fetching Neo4j $version and Neo4j Browser from Maven Central into $NEO4J_HOME/lib (once)"
  rm -rf "$NEO4J_HOME.partial-home"
  # (sed: Maven 3.8 writes colour resets even in batch mode.)
  mvn -B -q -Dstyle.color=never --strict-checksums -f "$root/neo4j/pom.xml" package \
    -Dneo4j.version="$version" -Dneo4j.home="$NEO4J_HOME.partial-home" 2>&1 | sed 's/\x1b\[[0-9;]*m//g' >&2 \
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
      -e "s/@VERSION@/$version/" -e "s/@GC@/$gc_flag/" \
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

query() { # run one Cypher statement on the system database over HTTP (the query API); prints the JSON answer
  curl -sf --max-time 10 -u "$NEO4J_USER:$NEO4J_PASSWORD" -H 'Content-Type: application/json' \
    -d "{\"statement\":\"$1\"}" "http://$host:$NEO4J_HTTP_PORT/db/system/query/v2"
}

check_auth() { # a query over HTTP proves the server is up and the password right
  query 'SHOW CURRENT USER' >/dev/null
}

server_version() { # the version of the server at host:NEO4J_HTTP_PORT, e.g. 2026.08.1; fails if unknown
  local v
  # (The system database allows no WHERE here; 2026 adds a row for Cypher.)
  v="$(query 'CALL dbms.components() YIELD name, versions RETURN name, versions[0] AS v' \
    | sed -n 's/.*\["Neo4j Kernel","\([^"]*\)"\].*/\1/p')" || return 1
  [ -n "$v" ] || return 1
  echo "$v"
}

series_of() { # 5.26.29 -> 5.26; 2026.08.1 (or a later calendar version) -> 2026; else the version itself
  case "$1" in
    5.26.*) echo 5.26 ;;
    20[2-9][0-9].*) if [ "${1%%.*}" -ge 2026 ]; then echo 2026; else echo "$1"; fi ;;
    *) echo "$1" ;;
  esac
}

# owner_home: the home of a server of this checkout listening on $port, if
# any (any series, the pre-series .local/neo4j, or NEO4J_HOME).
owner_home() {
  local h
  for h in "$NEO4J_HOME" "$root/.local/neo4j-2026" "$root/.local/neo4j-5.26" "$root/.local/neo4j"; do
    pid_of "$h" >/dev/null || continue
    grep -qxF "server.bolt.listen_address=:$port" "$h/conf/neo4j.conf" 2>/dev/null || continue
    echo "$h"; return 0
  done
  return 1
}

stop_home() { # stop the server of a home (SIGTERM, as the launcher's stop does) and wait for it to exit
  local h="$1" pid deadline
  pid="$(pid_of "$h")" || { say "not running (home $h)"; rm -f "$h/run/neo4j.pid"; return 0; }
  say "stopping the Neo4j of $h (pid $pid)"
  kill -TERM "$pid"
  deadline=$(( $(date +%s) + NEO4J_STOP_TIMEOUT ))
  while kill -0 "$pid" 2>/dev/null; do
    [ "$(date +%s)" -lt "$deadline" ] || die "the Neo4j of $h (pid $pid) did not stop within ${NEO4J_STOP_TIMEOUT}s"
    sleep 1
  done
  rm -f "$h/run/neo4j.pid"
  say "stopped"
}

wait_ready() {
  local deadline=$(( $(date +%s) + NEO4J_START_TIMEOUT )) v
  while [ "$(date +%s)" -lt "$deadline" ]; do
    if answers "$host" "$port" && check_auth; then
      v="$(server_version)" || v="?"
      [ "$v" = "$version" ] || { tail_logs; die "the server on $host:$NEO4J_HTTP_PORT reports Neo4j $v, not the $version just started (is another server on one of the ports?)"; }
      say "ready: Neo4j $v, Bolt at $NEO4J_URI, Browser at http://$host:$NEO4J_HTTP_PORT/browser/"
      return 0
    fi
    if [ -f "$NEO4J_HOME/run/neo4j.pid" ] && ! kill -0 "$(cat "$NEO4J_HOME/run/neo4j.pid")" 2>/dev/null; then
      tail_logs; die "the server process exited during start"
    fi
    sleep 1
  done
  if answers "$host" "$port"; then
    tail_logs
    die "Bolt answers on $host:$port but the HTTP check with user '$NEO4J_USER' on port $NEO4J_HTTP_PORT failed: is NEO4J_PASSWORD the one set at first start? (to start over: make neo4j-stop && rm -rf $NEO4J_HOME/data)"
  fi
  tail_logs; die "Bolt did not answer on $host:$port within ${NEO4J_START_TIMEOUT}s"
}

# running_ok STRICT: 0 if a server answers on host:port and may be used, 1 if
# nothing answers (or a server of this checkout of another series was just
# stopped), and exits when what answers must not be used.
running_ok() {
  local strict="$1" v s h
  answers "$host" "$port" || return 1
  if ! v="$(server_version)"; then
    [ "$strict" = yes ] && die "something answers on $host:$port, but Neo4j's version could not be read over HTTP on $host:$NEO4J_HTTP_PORT (wrong NEO4J_HTTP_PORT or NEO4J_PASSWORD?), so it cannot be checked to be Neo4j $version (NEO4J_SERIES=$NEO4J_SERIES)"
    say "using the server at $NEO4J_URI (its version could not be read over HTTP on port $NEO4J_HTTP_PORT)"
    return 0
  fi
  s="$(series_of "$v")"
  if [ "$s" = "$NEO4J_SERIES" ]; then
    [ "$v" = "$version" ] || say "note: the server at $NEO4J_URI is Neo4j $v; neo4j/pom.xml names $version for series $NEO4J_SERIES"
    say "using Neo4j $v at $NEO4J_URI"
    return 0
  fi
  if [ "$strict" != yes ]; then
    say "using Neo4j $v at $NEO4J_URI (the default series is $NEO4J_SERIES; set NEO4J_SERIES=$s to say this one is meant, or stop it to get $version)"
    return 0
  fi
  if is_local && h="$(owner_home)"; then
    say "Neo4j $v of this checkout answers on $host:$port, but NEO4J_SERIES=$NEO4J_SERIES wants $version: stopping it (its data stays in $h)"
    stop_home "$h"
    return 1
  fi
  die "NEO4J_URI=$NEO4J_URI answers with Neo4j $v, but NEO4J_SERIES=$NEO4J_SERIES wants $version, and that server is not one this checkout started: stop it, or choose free ports with NEO4J_URI and NEO4J_HTTP_PORT"
}

# check_home_series: a home whose store another series wrote is never
# started with this one (2026 would upgrade a 5.26 store past return). The
# series is recorded in $NEO4J_HOME/series at start; a home from before that
# tells it by the server jar in its lib/.
check_home_series() {
  local have="" j
  if [ -f "$NEO4J_HOME/series" ]; then
    have="$(cat "$NEO4J_HOME/series")"
  elif [ -d "$NEO4J_HOME/data/databases" ]; then
    for j in "$NEO4J_HOME"/lib/neo4j-[0-9]*.jar; do
      [ -f "$j" ] && have="$(series_of "$(basename "$j" .jar | sed 's/^neo4j-//')")"
    done
  fi
  [ -z "$have" ] || [ "$have" = "$NEO4J_SERIES" ] \
    || die "NEO4J_HOME=$NEO4J_HOME holds a store of Neo4j series $have; NEO4J_SERIES=$NEO4J_SERIES would not leave it readable by $have again: use NEO4J_SERIES=$have, or another NEO4J_HOME"
}

start() {
  is_local || die "NEO4J_URI=$NEO4J_URI is not on this machine; start that server yourself"
  running_ok yes && return 0
  answers "$host" "$port" && die "$host:$port is still taken"
  check_home_series
  fetch
  java_bin >/dev/null
  write_conf
  echo "$NEO4J_SERIES" >"$NEO4J_HOME/series"
  set_password
  say "starting Neo4j $version on $(java_bin) (Java $(java_major "$(java_bin)"); home $NEO4J_HOME)"
  launcher start >"$NEO4J_HOME/logs/launcher.out" 2>&1 || { cat "$NEO4J_HOME/logs/launcher.out" >&2; tail_logs; die "launcher failed"; }
  wait_ready
}

case "${1:-}" in
  fetch) fetch ;;
  start) start ;;
  ensure)
    running_ok "${series_given:-no}" && exit 0
    is_local || die "NEO4J_URI=$NEO4J_URI does not answer, and it is not a local server this script can start"
    start ;;
  stop)
    if pid_of "$NEO4J_HOME" >/dev/null; then
      stop_home "$NEO4J_HOME"
    elif h="$(owner_home)"; then
      stop_home "$h"
    else
      say "not running (home $NEO4J_HOME)"
    fi ;;
  status)
    if answers "$host" "$port"; then say "answers on $host:$port"; else say "not running"; exit 3; fi ;;
  version)
    answers "$host" "$port" || { say "nothing answers on $host:$port"; exit 3; }
    server_version || { say "the version could not be read over HTTP on $host:$NEO4J_HTTP_PORT"; exit 4; } ;;
  *) echo "usage: $0 fetch|start|ensure|stop|status|version" >&2; exit 2 ;;
esac
