#!/usr/bin/env bash
# make bench-cost: what the rules extractor costs of ingest throughput with
# embeddings (issue 14's target: at most 25 %), measured on a Neo4j of its
# own with a fresh store, so that neither other clients of the shared dev
# server nor the segments and merges of a store grown by earlier runs are
# in the figure.
#
# All of LoCoMo is imported in process (`loci bench import`, 8 workers,
# default embedder) PAIRS times with extraction off and PAIRS times with
# the rules extractor, alternated and each pair in the other order from the
# one before, after two untimed warm-up imports (one of each). For every
# import it records the rate, Loci's CPU seconds (user + system) and the
# Neo4j server's, and writes the per-pair costs, their mean and median, the
# ratio of the mean rates and the CPU per import into docs/benchmarks.md
# between the bench:cost markers.
#
# Environment: PAIRS [6]; NEO4J_SERIES [2026]; KEEP_STORE=1 keeps the store
# of the last run instead of starting empty; KEEP_NEO4J=1 leaves the server
# running. The server: .local/neo4j-cost-<series>, Bolt 7697, HTTP 7484,
# 2 GiB heap and page cache.
. "$(dirname "$0")/lib.sh"
need_file bench-cost "$LOCOMO" LOCOMO
PAIRS="${PAIRS:-6}"
say() { echo "bench-cost: $*" >&2; }
die() { say "$*"; exit 1; }

export NEO4J_SERIES="${NEO4J_SERIES:-2026}"
export NEO4J_HOME="$root/.local/neo4j-cost-$NEO4J_SERIES"
export NEO4J_URI="bolt://127.0.0.1:7697" NEO4J_HTTP_PORT=7484
export NEO4J_HEAP=2g NEO4J_PAGECACHE=2g

# neo4j_pid prints the pid of this instance's server: the java process
# whose arguments include --home-dir=$NEO4J_HOME.
neo4j_pid() {
  local p
  for p in /proc/[0-9]*; do
    if tr '\0' '\n' <"$p/cmdline" 2>/dev/null | grep -qxF -- "--home-dir=$NEO4J_HOME"; then
      echo "${p#/proc/}"
      return 0
    fi
  done
  return 1
}
# cpu_seconds PID: user + system CPU seconds of process PID so far.
cpu_seconds() { awk -v hz="$(getconf CLK_TCK)" '{printf "%.2f", ($14 + $15) / hz}' "/proc/$1/stat"; }

cleanup() {
  local rc=$?
  [ "${KEEP_NEO4J:-0}" = 1 ] || scripts/neo4j.sh stop >/dev/null 2>&1 || true
  exit "$rc"
}
trap cleanup EXIT

if (exec 3<>/dev/tcp/127.0.0.1/7697) 2>/dev/null; then
  neo4j_pid >/dev/null || die "something answers on 127.0.0.1:7697 but it is not the Neo4j of $NEO4J_HOME"
fi
if [ "${KEEP_STORE:-0}" != 1 ]; then
  say "starting from an empty store ($NEO4J_HOME/data)"
  scripts/neo4j.sh stop >/dev/null 2>&1 || true
  rm -rf "$NEO4J_HOME/data"
fi
scripts/neo4j.sh start || die "could not start the Neo4j of $NEO4J_HOME"
npid="$(neo4j_pid)" || die "Neo4j answers but its process was not found"
neo4j_version="$(scripts/neo4j.sh version)"
bin/loci migrate >&2

tmp="$(mktemp -d)"
run="cost$(date +%s)"
say "warm-up imports, one of each (not recorded: a new server compiles its hot code over the first imports)"
for x in none rules; do
  LOCI_EXTRACTOR=$x bin/loci bench import "$LOCOMO" --conversation-prefix "$run-warm-$x-" >/dev/null
done

# import X PAIR: one timed import with extractor X; appends a row to rows.tsv.
import() {
  local x="$1" pair="$2" n0 n1 out rate
  n0="$(cpu_seconds "$npid")"
  out="$( { /usr/bin/time -f "CPU %U %S" env LOCI_EXTRACTOR="$x" bin/loci bench import "$LOCOMO" \
    --conversation-prefix "$run-$pair-$x-"; } 2>&1 )" || { echo "$out" >&2; die "import failed"; }
  n1="$(cpu_seconds "$npid")"
  rate="$(echo "$out" | grep '^| import' | awk -F'|' '{print $(NF-1)}' | tr -dc '0-9.')"
  [ -n "$rate" ] || { echo "$out" >&2; die "no rate in the import's output"; }
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$pair" "$x" "$rate" \
    "$(echo "$out" | awk '/^CPU / {printf "%.2f", $2 + $3}')" "$(echo "$n1 - $n0" | bc)" \
    "$(cut -d' ' -f1 /proc/loadavg)" | tee -a "$tmp/rows.tsv" >&2
}
for pair in $(seq 1 "$PAIRS"); do
  if [ $((pair % 2)) = 1 ]; then import none "$pair"; import rules "$pair"
  else import rules "$pair"; import none "$pair"; fi
done

COST_ROWS="$tmp/rows.tsv" COST_NEO4J="$neo4j_version" COST_STORE="${KEEP_STORE:-0}" python3 - <<'PY'
import datetime, os, statistics as st
from benchdoc import machine, put_section
rows = [l.rstrip("\n").split("\t") for l in open(os.environ["COST_ROWS"])]
by = {}
for pair, x, rate, loci, neo, load in rows:
    by.setdefault(int(pair), {})[x] = (float(rate), float(loci), float(neo), load)
pairs = sorted(by)
costs = [100 * (1 - by[p]["rules"][0] / by[p]["none"][0]) for p in pairs]
mean = lambda x, i: st.mean(by[p][x][i] for p in pairs)
cpu, mem = machine()
lines = [
    "<!-- bench:cost:start -->",
    "### Extraction cost of ingest with embeddings (`make bench-cost`)",
    "",
    f"Command: `make bench-cost` (scripts/bench-cost.sh, PAIRS={len(pairs)}) · date: {datetime.date.today().isoformat()} · "
    f"machine: {cpu} cores, {mem} GiB, shared with other work. Neo4j {os.environ['COST_NEO4J']} Community of its own "
    f"(`.local/neo4j-cost-*`, Bolt 7697, 2 GiB heap and page cache), "
    + ("its store kept from the run before" if os.environ["COST_STORE"] == "1" else "starting from an empty store")
    + "; all of LoCoMo (5,882 turns) imported in process by `loci bench import` (8 workers, default embedder) "
    "with extraction off and with the rules extractor, alternated, each pair in the other order from the one before, "
    "after two untimed warm-up imports (one of each). CPU: Loci's user + system seconds per import and the Neo4j server's.",
    "",
    "| pair | off: turns/s | rules: turns/s | cost | off: Loci CPU s | rules: Loci CPU s | off: Neo4j CPU s | rules: Neo4j CPU s | load (off / rules) |",
    "|---|---|---|---|---|---|---|---|---|",
]
for p, c in zip(pairs, costs):
    n, r = by[p]["none"], by[p]["rules"]
    lines.append(f"| {p} | {n[0]:.0f} | {r[0]:.0f} | {c:.1f} % | {n[1]:.1f} | {r[1]:.1f} | {n[2]:.1f} | {r[2]:.1f} | {n[3]} / {r[3]} |")
ratio = 100 * (1 - mean("rules", 0) / mean("none", 0))
lines += [
    f"| mean | {mean('none', 0):.1f} | {mean('rules', 0):.1f} | **{st.mean(costs):.1f} %** (median {st.median(costs):.1f} %, "
    f"ratio of the mean rates {ratio:.1f} %) | {mean('none', 1):.1f} | {mean('rules', 1):.1f} | {mean('none', 2):.1f} | {mean('rules', 2):.1f} | |",
    "<!-- bench:cost:end -->",
]
put_section("\n".join(lines), heading="## Extraction cost\n\n")
print("\n".join(lines))
PY
