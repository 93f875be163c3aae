#!/usr/bin/env bash
# make bench-graph: the knowledge graph measured against the relation gold
# set (testdata/graphgold): precision and recall per relation type,
# entity-typing accuracy and multi-hop paths, dev and test apart; typed
# relations per 100 LoCoMo turns with the rules extractor; and LoCoMo
# ingest throughput with extraction off beside on. Written into
# docs/benchmarks.md between the graph markers.
#
# Every gold conversation goes through the REST API of a `loci serve`
# started here on a port of its own (BENCH_GRAPH_PORT, default 18090),
# with the default rules extractor. PREFIX (default benchgraph-) names the
# conversations it creates; they are replaced on every run.
. "$(dirname "$0")/lib.sh"
PREFIX="${PREFIX:-benchgraph-}"
port="${BENCH_GRAPH_PORT:-18090}"
need_file bench-graph "$LOCOMO" LOCOMO
tmp="$(mktemp -d)"

# The first import after a start runs at half speed (JIT, page cache): one
# untimed import warms Neo4j and the model before the two timed ones.
echo "bench-graph: warm-up import (not recorded)" >&2
LOCI_EXTRACTOR=rules bin/loci bench import "$LOCOMO" --conversation-prefix "${PREFIX}warmup-" >/dev/null
echo "bench-graph: importing all of LoCoMo with extraction off, then with the rules extractor" >&2
load_before="$(cut -d' ' -f1 /proc/loadavg)"
LOCI_EXTRACTOR=none bin/loci bench import "$LOCOMO" --conversation-prefix "${PREFIX}off-" | tee "$tmp/import-off.txt"
load_mid="$(cut -d' ' -f1 /proc/loadavg)"
LOCI_EXTRACTOR=rules bin/loci bench import "$LOCOMO" --conversation-prefix "${PREFIX}rules-" | tee "$tmp/import-on.txt"
load_after="$(cut -d' ' -f1 /proc/loadavg)"
note="Machine: $(nproc) cores; 1-minute load average $load_before before, $load_mid between and $load_after after the two timed imports (other work on the machine moves these rates)."

start_serve bench-graph "$port" "$tmp/serve.log" LOCI_EXTRACTOR=rules

echo "bench-graph: ingesting and scoring the gold set" >&2
bin/loci bench graph --url "http://127.0.0.1:$port" --gold testdata/graphgold --locomo "$LOCOMO" \
  --conversation-prefix "${PREFIX}gold-" --locomo-prefix "${PREFIX}rules-" \
  --import-off "$tmp/import-off.txt" --import-on "$tmp/import-on.txt" \
  --note "$note" --doc docs/benchmarks.md --json "$tmp/graph.json"
keep="${KEEP:-/tmp/loci-bench-graph-last}"   # the raw results
mkdir -p "$keep" && cp "$tmp"/*.json "$tmp"/*.txt "$keep"/
