#!/usr/bin/env bash
# make reliability: Loci under sustained load, and under load while Neo4j is
# killed (kill -9) and restarted; every acknowledged turn must survive. Both
# result tables go into docs/reliability.md between the reliability:load
# markers.
#
#   1. build bin/loci
#   2. start a Neo4j of its own (.local/neo4j-reliability-<series>, Bolt 7688,
#      HTTP 7475, 1 GiB heap + 1 GiB page cache), so the dev server is not
#      touched; of the series NEO4J_SERIES names (2026 by default, or 5.26),
#      each series with a home of its own
#   3. start `bin/loci serve` against it on 127.0.0.1:18090 (rules extractor,
#      default embedder)
#   4. steady run: `loci bench load`, 8 writers + 8 readers for DURATION
#   5. kill run: the same load; after KILL_AFTER seconds the Neo4j java process
#      of this instance is killed with SIGKILL, DOWN_FOR seconds later it is
#      restarted with scripts/neo4j.sh start, and the load runs to its end; the
#      consistency check must find every acknowledged turn exactly once
#   6. write both tables, the command and the date into docs/reliability.md
#
# Environment (defaults in brackets): DURATION [5m] of each run, KILL_AFTER
# seconds [60], DOWN_FOR seconds [15], WRITERS [8], READERS [8], BATCH [20],
# SEED [1], RELIABILITY_PORT [18090], KEEP_NEO4J [0] (1: leave the reliability
# Neo4j running afterwards), LOCI_API_KEY (passed on by the load client).
# Logs and raw tables: .local/reliability/<timestamp>/.
. "$(dirname "$0")/lib.sh"

DURATION="${DURATION:-5m}"
WRITERS="${WRITERS:-8}"
READERS="${READERS:-8}"
BATCH="${BATCH:-20}"
SEED="${SEED:-1}"
KILL_AFTER="${KILL_AFTER:-60}"
DOWN_FOR="${DOWN_FOR:-15}"
port="${RELIABILITY_PORT:-18090}"
url="http://127.0.0.1:$port"

# A Neo4j of its own. These override what the Makefile exports for the dev server.
export NEO4J_SERIES="${NEO4J_SERIES:-2026}"
export NEO4J_HOME="$root/.local/neo4j-reliability-$NEO4J_SERIES"
# Before the series had homes of their own, the (5.26) reliability server
# lived in .local/neo4j-reliability.
if [ "$NEO4J_SERIES" = 5.26 ] && [ ! -e "$NEO4J_HOME" ] && [ -d "$root/.local/neo4j-reliability/lib" ] \
  && ! (exec 3<>/dev/tcp/127.0.0.1/7688) 2>/dev/null; then
  mv "$root/.local/neo4j-reliability" "$NEO4J_HOME"
fi
export NEO4J_URI="bolt://127.0.0.1:7688"
export NEO4J_HTTP_PORT=7475
export NEO4J_HEAP=1g NEO4J_PAGECACHE=1g
export LOCI_ADDR="127.0.0.1:$port"
export LOCI_EXTRACTOR=rules
export LOCI_LOG_FORMAT=text # the log is read below
unset NEO4J_DATABASE

stamp="$(date -u +%Y%m%dT%H%M%SZ)"
out="$root/.local/reliability/$stamp"
mkdir -p "$out"
serve_log="$out/serve.log"

say() { echo "reliability: $*" >&2; }
die() {
  say "FAILED: $*"
  if [ -f "$serve_log" ]; then echo "---- last lines of $serve_log" >&2; tail -n 30 "$serve_log" >&2; fi
  say "logs in $out"
  exit 1
}

seconds() { # 90, 90s, 5m, 1h -> seconds
  case "$1" in
    *h) echo $(( ${1%h} * 3600 ));;
    *m) echo $(( ${1%m} * 60 ));;
    *s) echo $(( ${1%s} ));;
    *[!0-9]*|'') die "DURATION=$1: want a number of seconds, or Ns, Nm, Nh";;
    *) echo "$1";;
  esac
}
dur_s="$(seconds "$DURATION")"
[ "$dur_s" -ge 10 ] || die "DURATION=$DURATION is too short (at least 10s)"
# The kill has to fall inside the run: a short run (a smoke test) kills a
# third of the way in.
if [ $(( KILL_AFTER + DOWN_FOR + 30 )) -gt "$dur_s" ]; then
  KILL_AFTER=$(( dur_s / 3 ))
  say "DURATION=$DURATION is short: Neo4j is killed after ${KILL_AFTER}s instead"
fi

serve_pid=""
load_pid=""
cleanup() {
  local rc=$?
  if [ -n "$load_pid" ] && kill -0 "$load_pid" 2>/dev/null; then
    kill "$load_pid" 2>/dev/null || true
    wait "$load_pid" 2>/dev/null || true
  fi
  if [ -n "$serve_pid" ] && kill -0 "$serve_pid" 2>/dev/null; then
    kill "$serve_pid" 2>/dev/null || true
    wait "$serve_pid" 2>/dev/null || true
  fi
  if [ "${KEEP_NEO4J:-0}" != 1 ]; then
    scripts/neo4j.sh stop >/dev/null 2>&1 || true
  fi
  exit "$rc"
}
trap cleanup EXIT

# neo4j_pid prints the pid of this instance's Neo4j server: the java process
# whose arguments include --home-dir=$NEO4J_HOME (the pid file names it; the
# scan of /proc is the check, and the fallback when the file is stale).
neo4j_pid() {
  local want="--home-dir=$NEO4J_HOME" found=() p
  for p in /proc/[0-9]*; do
    [ -r "$p/cmdline" ] || continue
    if tr '\0' '\n' <"$p/cmdline" 2>/dev/null | grep -qxF -- "$want"; then
      found+=("${p#/proc/}")
    fi
  done
  [ "${#found[@]}" -eq 1 ] || { say "expected one Neo4j process with $want, found ${#found[@]}: ${found[*]:-none}"; return 1; }
  if [ -f "$NEO4J_HOME/run/neo4j.pid" ] && [ "$(cat "$NEO4J_HOME/run/neo4j.pid")" != "${found[0]}" ]; then
    say "note: $NEO4J_HOME/run/neo4j.pid says $(cat "$NEO4J_HOME/run/neo4j.pid"), the process is ${found[0]}"
  fi
  echo "${found[0]}"
}

readyz_code() { curl -s -o /dev/null -w '%{http_code}' --max-time 5 "$url/readyz" || true; }

wait_loci_ready() { # seconds
  local deadline=$(( $(date +%s) + $1 ))
  while [ "$(date +%s)" -lt "$deadline" ]; do
    [ "$(readyz_code)" = 200 ] && return 0
    kill -0 "$serve_pid" 2>/dev/null || die "loci serve exited"
    sleep 1
  done
  return 1
}

# 1. build
say "building bin/loci"
"${GO:-go}" build -o bin/loci ./cmd/loci || die "go build failed"

# 2. Neo4j of its own
if (exec 3<>/dev/tcp/127.0.0.1/7688) 2>/dev/null; then
  neo4j_pid >/dev/null || die "something answers on 127.0.0.1:7688 but it is not the Neo4j of $NEO4J_HOME"
fi
scripts/neo4j.sh start || die "could not start the reliability Neo4j ($NEO4J_HOME)"
neo4j_pid >/dev/null || die "Neo4j answers but its process was not found"
neo4j_version="$(scripts/neo4j.sh version)" || die "could not read the version of the reliability Neo4j"

# 3. Loci
if curl -s -o /dev/null --max-time 2 "$url/healthz"; then die "something already listens on $LOCI_ADDR"; fi
say "starting bin/loci serve on $LOCI_ADDR (log $serve_log)"
bin/loci serve >"$serve_log" 2>&1 &
serve_pid=$!
wait_loci_ready 300 || die "loci serve did not become ready in 300 s"
embedder="$(sed -n 's/.*loci serving.* embedder=\([^ ]*\).*/\1/p' "$serve_log" | head -1)"
if grep -q 'API keys required' "$serve_log" && [ -z "${LOCI_API_KEY:-}" ]; then
  die "loci serve requires API keys (a keys file or LOCI_API_KEYS is set): set LOCI_API_KEY to one for the load client"
fi


now_ms() { echo $(( $(date +%s%N) / 1000000 )); }
secs() { printf '%d.%d' $(( $1 / 1000 )) $(( $1 % 1000 / 100 )); } # ms -> seconds with one decimal
alive() { [ -r "/proc/$1/stat" ] && ! grep -q '^[0-9]* (.*) [ZX] ' "/proc/$1/stat"; }

# CPU accounting (clock ticks), to say how much of the machine other work
# took during a run: the whole machine's busy and total time, the time of a
# process, and the time of this script's finished children (the load client).
machine_ticks() { awk '/^cpu /{print $2+$3+$4+$7+$8+$9, $2+$3+$4+$5+$6+$7+$8+$9}' /proc/stat; }
pid_ticks() { awk '{print $14+$15}' "/proc/$1/stat" 2>/dev/null || echo 0; }
children_ticks() { awk '{print $16+$17}' "/proc/$$/stat"; }
ours_ticks() { echo $(( $(pid_ticks "$serve_pid") + $(pid_ticks "$1") + $(children_ticks) )); }
cpu_note() { # busy0 total0 ours0 busy1 total1 ours1
  local busy=$(( $4 - $1 )) total=$(( $5 - $2 )) ours=$(( $6 - $3 ))
  [ "$total" -gt 0 ] || { echo "n/a"; return; }
  echo "the machine's CPU was $(( 100 * busy / total )) % busy, and $(( 100 * (busy > ours ? busy - ours : 0) / total )) % of its time went to processes other than Neo4j, Loci and the load client"
}

# v1_answers STATUS-REGEX: how many /v1 answers with that status loci serve
# logged (one "request" line per request).
v1_answers() { grep 'msg=request ' "$serve_log" | grep ' path=/v1/' | grep -cE " status=$1( |\$)" || true; }

# load_cmd NAME: the load command of one run.
load_cmd() {
  cmd=(bin/loci bench load --url "$url" --writers "$WRITERS" --readers "$READERS" --duration "$DURATION"
       --batch "$BATCH" --seed "$SEED" --conversation-prefix "rel-$1-$stamp-")
  echo "${cmd[*]}" >"$out/$1.cmd"
}

# Warm-up (not recorded): Neo4j was just started, and its first statements
# are planned, which under load can outlast the 30 s transaction timeout.
say "warm-up: 1 writer + 1 reader for 30s (not recorded)"
bin/loci bench load --url "$url" --writers 1 --readers 1 --duration 30s --batch "$BATCH" --seed "$SEED" \
  --conversation-prefix "rel-warmup-$stamp-" >"$out/warmup.md" 2>"$out/warmup.log" \
  || say "warm-up: $(tail -n 1 "$out/warmup.log") (going on)"

# 4. steady load
say "steady run: $WRITERS writers + $READERS readers for $DURATION"
load_cmd steady
la_steady="$(cut -d' ' -f1 /proc/loadavg)"
npid="$(neo4j_pid)" || die "cannot find the Neo4j process"
read -r b0 t0 <<<"$(machine_ticks)"; o0="$(ours_ticks "$npid")"
if ! "${cmd[@]}" >"$out/steady.md" 2> >(tee "$out/steady.log" >&2); then
  cat "$out/steady.md" >&2
  die "steady run failed (see above and $out/steady.log)"
fi
read -r b1 t1 <<<"$(machine_ticks)"; o1="$(ours_ticks "$npid")"
cpu_steady="$(cpu_note "$b0" "$t0" "$o0" "$b1" "$t1" "$o1")"
cat "$out/steady.md"
say "steady run: $cpu_steady"

# 5. kill run
say "kill run: $WRITERS writers + $READERS readers for $DURATION; Neo4j killed after ${KILL_AFTER}s, restarted ${DOWN_FOR}s later"
load_cmd kill
la_kill="$(cut -d' ' -f1 /proc/loadavg)"
read -r b0 t0 <<<"$(machine_ticks)"; o0="$(ours_ticks "$npid")"
"${cmd[@]}" >"$out/kill.md" 2> >(tee "$out/kill.log" >&2) &
load_pid=$!
sleep "$KILL_AFTER"
alive "$load_pid" || die "the load of the kill run ended before the kill"
npid="$(neo4j_pid)" || die "cannot find the Neo4j process to kill"
say "kill -9 $npid (the Neo4j of $NEO4J_HOME)"
t_kill=$(now_ms)
killed_ticks="$(pid_ticks "$npid")"
kill -9 "$npid"
for _ in $(seq 1 100); do alive "$npid" || break; sleep 0.1; done
alive "$npid" && die "Neo4j ($npid) survived kill -9"
sleep "$(( DOWN_FOR > 5 ? 5 : DOWN_FOR ))"
down_code="$(readyz_code)"
say "/readyz while Neo4j is down: HTTP $down_code"
sleep "$(( DOWN_FOR > 5 ? DOWN_FOR - 5 : 0 ))"
t_restart=$(now_ms)
say "restarting Neo4j"
scripts/neo4j.sh start || die "Neo4j did not restart"
t_bolt=$(now_ms)
wait_loci_ready 180 || die "Loci did not report ready within 180 s of Neo4j's restart"
t_ready=$(now_ms)
say "Loci ready again $(secs $(( t_ready - t_kill ))) s after the kill"
kill_rc=0
wait "$load_pid" || kill_rc=$?
load_pid=""
read -r b1 t1 <<<"$(machine_ticks)"; o1=$(( $(ours_ticks "$(neo4j_pid || echo 0)") + killed_ticks ))
cpu_kill="$(cpu_note "$b0" "$t0" "$o0" "$b1" "$t1" "$o1")"
if [ "$kill_rc" -ne 0 ]; then
  cat "$out/kill.md" >&2
  die "kill run failed (exit $kill_rc; see above and $out/kill.log)"
fi
cat "$out/kill.md"
say "kill run: $cpu_kill"

# 6. docs/reliability.md
export REL_OUT="$out" REL_DURATION="$DURATION" REL_WRITERS="$WRITERS" REL_READERS="$READERS" REL_BATCH="$BATCH" \
  REL_NEO4J_VERSION="$neo4j_version" REL_NEO4J_HOME="${NEO4J_HOME#"$root"/}" \
  REL_SEED="$SEED" REL_KILL_AFTER="$KILL_AFTER" REL_DOWN_FOR="$DOWN_FOR" REL_EMBEDDER="${embedder:-?}" \
  REL_DOWN_CODE="$down_code" REL_START_S="$(secs $(( t_bolt - t_restart )))" REL_DOWN_S="$(secs $(( t_bolt - t_kill )))" \
  REL_READY_S="$(secs $(( t_ready - t_bolt )))" REL_KILL_READY_S="$(secs $(( t_ready - t_kill )))" \
  REL_RSS_MB="$(peak_mib "$serve_pid")" \
  REL_CPU_STEADY="$cpu_steady" REL_CPU_KILL="$cpu_kill" REL_LA_STEADY="$la_steady" REL_LA_KILL="$la_kill" \
  REL_5XX="$(v1_answers '5[0-9][0-9]')" REL_500="$(v1_answers 500)"
python3 - <<'PY'
import datetime, os, pathlib, sys
from benchdoc import machine, put_section
e = os.environ
out = pathlib.Path(e["REL_OUT"])
steady, kill = (out / "steady.md").read_text().strip(), (out / "kill.md").read_text().strip()
steady_cmd, kill_cmd = (out / "steady.cmd").read_text().strip(), (out / "kill.cmd").read_text().strip()
cpu, mem = machine()
section = f"""<!-- reliability:load:start -->
## Load, and Neo4j killed under load

Command: `make reliability` (scripts/reliability.sh; DURATION={e["REL_DURATION"]}) · date: {datetime.date.today().isoformat()} · machine: {cpu} cores, {mem} GiB, shared with other work. A Neo4j {e["REL_NEO4J_VERSION"]} Community of its own (`{e["REL_NEO4J_HOME"]}`, Bolt 7688, 1 GiB heap, 1 GiB page cache), `loci serve` (embedder {e["REL_EMBEDDER"]}, extractor rules) and the load client all run on those cores, so the numbers are modest.

`loci bench load`: {e["REL_WRITERS"]} writers, each owning its conversations ({e["REL_BATCH"]} turns per POST, 100 turns per conversation, synthetic sentences with names and dates from seed {e["REL_SEED"]}), resend a batch that gets a 5xx or a transport error (same ids, same text) with backoff until it is acknowledged or the run ends; {e["REL_READERS"]} readers send `/v1/search` (limit 10) and, one time in five, `/v1/context` (1,000 tokens) about conversations that have data. Afterwards every conversation written is read back through `GET /v1/conversations/{{id}}/turns`: each acknowledged turn must be there exactly once with the speaker and text it was sent with (lost, duplicated, altered must be 0) and no id that was never sent may be there; an unacknowledged turn may be present (its batch committed, the answer was lost). Latencies are of 2xx answers; 2xx/s is over the run's duration (requests in flight at its end are let finish and counted), or over the read-back for list_turns; the longest wait for an ack is the longest time between two acknowledged batches of any writer.

### Steady load, {e["REL_DURATION"]}

`{steady_cmd}`; 1-minute load average at the start {e["REL_LA_STEADY"]}; during the run {e["REL_CPU_STEADY"]}.

{steady}

### Neo4j killed (SIGKILL) after {e["REL_KILL_AFTER"]} s, restarted {e["REL_DOWN_FOR"]} s later, {e["REL_DURATION"]}

`{kill_cmd}`. The Neo4j java process of this instance (the one with `--home-dir=…/{e["REL_NEO4J_HOME"]}`) was killed {e["REL_KILL_AFTER"]} s into the run; `scripts/neo4j.sh start`, run {e["REL_DOWN_FOR"]} s later, took {e["REL_START_S"]} s until Bolt and auth answered (recovery included), so Neo4j was away {e["REL_DOWN_S"]} s. `/readyz` answered {e["REL_DOWN_CODE"]} while it was down, and 200 again {e["REL_READY_S"]} s after it was back ({e["REL_KILL_READY_S"]} s after the kill). `loci serve`'s peak RSS over the whole script: {e["REL_RSS_MB"]} MiB; it answered {e["REL_5XX"]} /v1 requests with a 5xx over the whole script (warm-up and both runs), {e["REL_500"]} of them with a 500. 1-minute load average at the start {e["REL_LA_KILL"]}; during the run {e["REL_CPU_KILL"]}.

{kill}
<!-- reliability:load:end -->"""
put_section(section, path="docs/reliability.md", new_file="# Reliability\n")
print("reliability: docs/reliability.md updated", file=sys.stderr)
PY
say "passed: no acknowledged turn lost or duplicated in either run (logs in $out)"
