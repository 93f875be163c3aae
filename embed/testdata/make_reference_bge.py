#!/usr/bin/env python3
"""Generate embed/testdata/reference-bge.json (fp32 bge-small-en-v1.5.onnx)
and embed/testdata/reference-bge-q.json (int8 bge-small-en-v1.5-q.onnx), the
expected output of Loci's BGE embedder (embed.NewBGE).

Like make_reference.py (whose sentences and tokenizer cases it reuses), it
uses an implementation independent of Loci's Go code: Hugging Face
`tokenizers` for tokenization and the `onnxruntime` Python package for the
forward pass, on the files `make models` installs. Pooling follows
BAAI/bge-small-en-v1.5's sentence-transformers pipeline: the [CLS] token's
last hidden state, then L2 normalisation; truncation at 512 tokens (its
max_seq_length). Every sentence is embedded twice: as a passage (as is) and
as a query, behind the instruction BAAI recommends for retrieval queries.

Usage: make_reference_bge.py [MODELS_DIR [MODEL_FILE]]; the JSON goes to
stdout. It was run once per model; the output is committed:

    make models
    python3 -m venv /tmp/refvenv
    /tmp/refvenv/bin/pip install onnxruntime==1.24.2 tokenizers numpy
    /tmp/refvenv/bin/python embed/testdata/make_reference_bge.py .local/models \
        > embed/testdata/reference-bge.json
    /tmp/refvenv/bin/python embed/testdata/make_reference_bge.py .local/models \
        bge-small-en-v1.5-q.onnx > embed/testdata/reference-bge-q.json

Every text runs through the network alone (batch of one, no padding), as in
make_reference.py.
"""

import sys

import numpy as np

from make_reference import SENTENCES, dump, forward, load

MAX_TOKENS = 512
TOKENIZER_FILE = "bge-small-en-v1.5-tokenizer.json"
QUERY_PREFIX = "Represent this sentence for searching relevant passages: "

# One more sentence, long enough to be truncated at 512 tokens (the long one
# of make_reference.py, ~410 tokens, is not).
EXTRA = [
    " ".join(
        [
            "Melanie answered that she had signed up for a pottery class and"
            " would bring her kids to the lake next weekend, weather permitting."
        ]
        * 30
    ),
]


def main():
    models = sys.argv[1] if len(sys.argv) > 1 else ".local/models"
    model_file = sys.argv[2] if len(sys.argv) > 2 else "bge-small-en-v1.5.onnx"
    tok, sess = load(models, model_file, TOKENIZER_FILE, MAX_TOKENS)

    def embed(text):
        enc, _, hidden = forward(tok, sess, text)
        cls = hidden[0, 0]
        vec = cls / max(np.linalg.norm(cls), 1e-12)
        return enc.ids, [float(f"{x:.8g}") for x in vec.tolist()]

    embeddings = []
    for query in (False, True):
        for text in SENTENCES + EXTRA:
            ids, vec = embed(QUERY_PREFIX + text if query else text)
            embeddings.append({"text": text, "query": query, "ids": ids, "vector": vec})

    dump(
        "make_reference_bge.py", models, model_file, TOKENIZER_FILE, MAX_TOKENS,
        tok, embeddings, pooling="cls", query_prefix=QUERY_PREFIX,
    )


if __name__ == "__main__":
    main()
