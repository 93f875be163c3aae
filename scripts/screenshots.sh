#!/usr/bin/env bash
# make screenshots: Neo4j Browser screenshots of Loci's graph into docs/img/
# (docs/analyst.md). Starts a `loci serve` of its own (rules extractor, the
# default) on SHOTS_PORT (default 18095), so scripts/screenshots.mjs can
# ingest the gold chat of the two-hop view through the REST API, then runs
# that script. Needs chromium and playwright-core (the Makefile target checks
# and installs them); the Neo4j at NEO4J_URI must answer.
. "$(dirname "$0")/lib.sh"
port="${SHOTS_PORT:-18095}"
log="$(mktemp)"
start_serve screenshots "$port" "$log" LOCI_EXTRACTOR=rules
trap 'stop_serve; rm -f "$log"' EXIT
LOCI_URL="http://127.0.0.1:$port" node scripts/screenshots.mjs
