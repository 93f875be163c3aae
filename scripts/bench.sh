#!/usr/bin/env bash
# make bench: LoCoMo import time (in process, and through the REST API with
# 8 workers), /v1/search and /v1/context latency (1 and 8 clients), and the
# peak RSS of each importing process and of loci serve, written into
# docs/benchmarks.md between the foundation markers.
. "$(dirname "$0")/lib.sh"
need_file bench "$LOCOMO" LOCOMO
port="${BENCH_PORT:-18080}"
out="$(mktemp)"
log="$(mktemp)"

# The server's version goes into the section's text (2026 or the 5.26 LTS).
export BENCH_NEO4J_VERSION="$(scripts/neo4j.sh version 2>/dev/null || echo '(version unknown)')"

# Neo4j and the model run on the JVM and ONNX Runtime: the first minutes
# after a start run at half speed (JIT, page cache), so one untimed import
# with embeddings and rules warms both before anything is measured.
echo "bench: warm-up import (not recorded)" >&2
LOCI_EXTRACTOR=rules bin/loci bench import "$LOCOMO" --conversation-prefix bench-warmup- >/dev/null
echo "bench: importing $LOCOMO without and with embeddings, without and with the rules extractor" >&2
LOCI_EMBEDDER=none LOCI_EXTRACTOR=none bin/loci bench import "$LOCOMO" --conversation-prefix bench-text- | tee -a "$out"
LOCI_EMBEDDER=none LOCI_EXTRACTOR=rules bin/loci bench import "$LOCOMO" --conversation-prefix bench-text-rules- | tee -a "$out"
LOCI_EXTRACTOR=none bin/loci bench import "$LOCOMO" --conversation-prefix bench-noextract- | tee -a "$out"
LOCI_EXTRACTOR=rules bin/loci bench import "$LOCOMO" --conversation-prefix bench- | tee -a "$out"

# A fresh `loci serve` on $port for each part, so that its peak RSS (VmHWM)
# covers only what runs against it.

echo "bench: importing through the REST API of loci serve, 8 workers" >&2
start_serve bench "$port" "$log"
bin/loci bench import "$LOCOMO" --url "http://127.0.0.1:$port" --workers 8 --conversation-prefix bench-api- | tee -a "$out"
echo "| loci serve | peak RSS (VmHWM) from start through the API import above (default embedder and extractor, 8 workers) | $(peak_mib "$serve_pid") MiB | |" | tee -a "$out"
stop_serve

echo "bench: rebuilding stale anchors before the latency runs" >&2
bin/loci refresh-anchors
# Ingest leaves the vector indexes in many small Lucene segments, which every
# filtered SEARCH walks; a deployment rebuilds them from time to time
# (docs/deploy.md), so the latency runs read a rebuilt index. 5.26 has no
# filtered vector index and nothing to rebuild.
case "$BENCH_NEO4J_VERSION" in
  5.*) echo "bench: Neo4j $BENCH_NEO4J_VERSION: no vector index rebuild" >&2 ;;
  *) echo "bench: rebuilding the vector indexes (loci reindex vectors)" >&2
     bin/loci reindex vectors ;;
esac
start_serve bench "$port" "$log"

echo "bench: searching" >&2
for config in fulltext-speaker hybrid-score-ft-d40 turns-default default; do
  bin/loci bench search "$LOCOMO" --conversation-prefix bench- --url "http://127.0.0.1:$port" --config "$config" --clients 1,8 | tee -a "$out"
done
for config in memories default; do
  bin/loci bench search "$LOCOMO" --endpoint context --conversation-prefix bench- --url "http://127.0.0.1:$port" --config "$config" --clients 1,8 | tee -a "$out"
done
echo "| loci serve | peak RSS (VmHWM) from start through the search and context runs above | $(peak_mib "$serve_pid") MiB | |" | tee -a "$out"
stop_serve

python3 - "$out" <<'PY'
import datetime, os, pathlib, sys
from benchdoc import machine, put_section
rows = pathlib.Path(sys.argv[1]).read_text().strip()
cpu, mem = machine()
section = f"""<!-- bench:foundation:start -->
## Ingest and search speed on LoCoMo

Command: `make bench` (scripts/bench.sh) · date: {datetime.date.today().isoformat()} · machine: {cpu} cores, {mem} GiB; Neo4j {os.environ['BENCH_NEO4J_VERSION']} Community (4 GiB heap, 4 GiB page cache), Loci (embedding in process on the CPU) and the benchmark client all share those cores. Search rows replay every LoCoMo question of categories 1-4 against its conversation over HTTP; `fulltext-speaker` is full-text only, `hybrid-score-ft-d40` fuses full-text and vector search over turns (it embeds each query; the default until session 4), `turns-default` adds the two reply channels and the when boost, `default` adds the two fact channels (the conversations were imported with the rules extractor). A warm-up import runs first, untimed; before the latency runs, stale anchors are rebuilt (`loci refresh-anchors`) and, on the 2026 series, so are the vector indexes (`loci reindex vectors`, as docs/deploy.md advises after heavy ingest). Context rows call /v1/context with a 2,000-token budget: `memories` is retrieval and rendering only, `default` adds anchors (profiles, events, topics; stale ones rebuilt on read) and 9 expanded queries. Peak RSS is VmHWM from /proc: of each in-process import (the whole `loci bench import` process), and of a fresh `loci serve` from its start through the API import (8 conversations at once), then of another through the search and context runs; Go's soft memory limit is the default (`GOMEMLIMIT` unset: 192 MiB).

| what | setup | result | throughput |
| --- | --- | --- | --- |
{rows}
<!-- bench:foundation:end -->"""
put_section(section)
print("bench: docs/benchmarks.md updated", file=sys.stderr)
PY
