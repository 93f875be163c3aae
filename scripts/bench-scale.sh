#!/usr/bin/env bash
# make bench-scale: grow one tenant to each of $SIZES turns (default
# 10k,100k,500k: LoCoMo-sized conversations of ~600 turns plus one of 50k),
# measure /v1/search and /v1/context through the HTTP API of a `loci serve`
# subprocess at each size (1 and 8 clients), and write the tables into
# docs/benchmarks.md ("Scale") and the plot into docs/img/scale-latency.png.
#
#   SIZES=10k,100k make bench-scale      fewer sizes
#   QUERIES=40 RUN_BUDGET=45s            questions per run, time bound per run
#   SPLICE_ONLY=1 scripts/bench-scale.sh write the last results (also of a run
#                                        cut short) into docs/benchmarks.md
# The turns are written with precomputed vectors straight through the store
# (see `loci bench scale`); LoCoMo's texts are used when $LOCOMO is there,
# generated ones otherwise. Point NEO4J_URI/NEO4J_HOME at a server of its own:
# half a million turns slow a shared one down.
. "$(dirname "$0")/lib.sh"
SIZES="${SIZES:-10k,100k,500k}"
out=.local/bench-scale
if [ -z "${SPLICE_ONLY:-}" ]; then
  bin/loci bench scale --sizes "$SIZES" --locomo "$LOCOMO" --queries "${QUERIES:-40}" --run-budget "${RUN_BUDGET:-45s}" \
    --neo4j-home "${NEO4J_HOME:-.local/neo4j-${NEO4J_SERIES:-2026}}" --out "$out" --plot docs/img/scale-latency.png
fi
[ -f "$out/scale.json" ] || { echo "bench-scale: no results in $out" >&2; exit 1; }
bin/loci bench scale --report-only --out "$out" --plot docs/img/scale-latency.png

python3 - "$out/scale.md" "$SIZES" <<'PY'
import json, pathlib, sys
from benchdoc import machine, put_section
tables = pathlib.Path(sys.argv[1]).read_text().strip()
report = json.loads(pathlib.Path(sys.argv[1]).with_name("scale.json").read_text())
def turns(x):
    x = x.strip().lower()
    m = {"k": 1000, "m": 1000000}.get(x[-1:], 1)
    return int(x.rstrip("km")) * m
asked = max(turns(x) for x in sys.argv[2].split(","))
reached = max((s["turns"] for s in report["sizes"]), default=0)
short = ""
if reached < 0.95 * asked:
    short = f" **This run stopped at {reached:,} turns, short of the {asked:,} asked** (it was cut off for time; rerun to extend the curve)."
cpu, mem = machine()
section = f"""<!-- bench:scale:start -->
## Scale

Command: `make bench-scale` (scripts/bench-scale.sh, `loci bench scale`; sizes asked: {sys.argv[2]}) · date: {report["date"]} · machine: {cpu} cores, {mem} GiB, shared with other jobs while measured (timings are noisy; compare rows of one run only).{short}
One tenant is grown to each size: copies of the 10 LoCoMo conversations (~600 turns each) and, from the first size with room for it, one conversation of 50,000 turns (the LoCoMo sessions one after another, 20 speakers). Turns are written with precomputed vectors straight through graph.Store (one UNWIND transaction per conversation, 1,000 turns per transaction for the large one, 4 conversations at once; no extraction); the pool of distinct texts is embedded once. Every search and context request goes through the HTTP API of a `loci serve` subprocess with an API key of the tenant: `search` is the default config with limit 10, `context` the default context config with 2,000 tokens; questions are LoCoMo's (categories 1-4), those of conversation 0 in the 600-turn one, all of them shuffled in the large conversation and tenant-wide; each run asks up to 40 of them (fewer when its time bound ran out: n says how many), after 5 untimed warm-up requests (10 in the 10k and 100k rows of the 2026-12-01 run). Store files and indexes are `du` of the database directory; Community cannot be made to checkpoint, so writes since the last checkpoint are in the transaction logs column. Heap is `CALL dbms.queryJmx('java.lang:type=Memory')`; Community exposes no page-cache MXBean, so the page cache column is its setting, and Neo4j RSS (VmRSS from /proc) bounds heap plus page cache in use. loci serve peak RSS is its VmHWM since its start (one process for the whole run).

{tables}
<!-- bench:scale:end -->"""
put_section(section)
print("bench-scale: docs/benchmarks.md updated", file=sys.stderr)
PY
