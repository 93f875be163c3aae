#!/usr/bin/env bash
# make screenshots: Neo4j Browser screenshots of Loci's graph into docs/img/
# (docs/analyst.md). Starts a `loci serve` of its own (rules extractor, the
# default) on SHOTS_PORT (default 18095), so scripts/screenshots.mjs can
# ingest the gold chat of the two-hop view through the REST API, then runs
# that script. Needs chromium and playwright-core (the Makefile target checks
# and installs them); the Neo4j at NEO4J_URI must answer.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
port="${SHOTS_PORT:-18095}"
log="$(mktemp)"
LOCI_ADDR="127.0.0.1:$port" LOCI_EXTRACTOR=rules bin/loci serve >"$log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true; rm -f "$log"' EXIT
for _ in $(seq 1 120); do
  curl -sf "http://127.0.0.1:$port/readyz" >/dev/null && break
  sleep 0.5
done
curl -sf "http://127.0.0.1:$port/readyz" >/dev/null || { cat "$log" >&2; echo "screenshots: loci did not become ready" >&2; exit 1; }
LOCI_URL="http://127.0.0.1:$port" node scripts/screenshots.mjs
