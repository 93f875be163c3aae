#!/usr/bin/env python3
"""Generate embed/testdata/reference.json (fp32 model.onnx) and
embed/testdata/reference-q.json (int8 model-q.onnx), the expected output of
Loci's embedder.

The reference is made with an implementation independent of Loci's Go code:
Hugging Face `tokenizers` (Rust) for tokenization and the `onnxruntime` Python
package for the forward pass, on the very files `make models` installs. Pooling
follows sentence-transformers' all-MiniLM-L6-v2 pipeline: mean over the
attention mask, then L2 normalisation. Truncation is set to 256 tokens, the
model's sentence-transformers max_seq_length (tokenizer.json itself says 128,
which is what its ONNX exporter used, not what sentence-transformers does).

Usage: make_reference.py [MODELS_DIR [MODEL_FILE]], MODEL_FILE model.onnx
(default) or model-q.onnx; the JSON goes to stdout. It was run once per model;
the output is committed. To regenerate (not needed for tests):

    make models
    python3 -m venv /tmp/refvenv
    /tmp/refvenv/bin/pip install onnxruntime==1.24.2 tokenizers numpy
    /tmp/refvenv/bin/python embed/testdata/make_reference.py .local/models \
        > embed/testdata/reference.json
    /tmp/refvenv/bin/python embed/testdata/make_reference.py .local/models \
        model-q.onnx > embed/testdata/reference-q.json

Pin onnxruntime to the version embed/pom.xml gives the Go side (1.24.2) at
least for the int8 model: its integer kernels changed between versions, and
onnxruntime 1.32.0 moves the 256-token sentence's int8 vector by 8e-3 (the
shorter ones by < 1e-7). The fp32 output is the same to 2e-7 in 1.24.2 and
1.32.0 (reference.json was made with 1.32.0).

Every text runs through the network alone (batch of one, no padding): the
int8 model quantises activations with one scale per tensor, so batch-mates
would change a text's vector.
"""

import hashlib
import json
import sys
from importlib.metadata import version

import numpy as np
import onnxruntime as ort
from tokenizers import Tokenizer

MAX_TOKENS = 256

# Sentences embedded end to end. Indices 0 and 1 are a paraphrase pair and
# 2 is unrelated to them; the Go test checks that ranking.
SENTENCES = [
    "The cat sat on the mat.",
    "A cat was sitting on the rug.",
    "Quarterly revenue grew by 12% compared with last year!",
    "Café owners in Zürich said: \"we're closed on Mondays\" (mostly).",
    "I went hiking with Melanie last weekend, and we saw a bear near the lake?!",
    "naïve résumé façade — coöperate, élan; Ångström.",
    "Hi",
    # Long enough to be truncated at 256 tokens.
    " ".join(
        [
            "Caroline told Melanie about the support group she attended on Tuesday,"
            " where people shared stories about transitioning, friendship, and the"
            " courage it takes to be yourself in a small town."
        ]
        * 12
    ),
]

# Texts only tokenized; they cover the normaliser and pre-tokenizer edge cases.
TOKENIZE_ONLY = [
    "",
    "   ",
    "Hello, World!",
    "HELLO world... it's 3:45pm; ok?",
    "e-mail: someone@example.com, url https://example.org/a_b?c=d&e=f#g",
    "Crème brûlée à la mode",
    "Ελληνικά και Русский текст",
    "İstanbul ŞEHİR ğüşıöç",
    "我爱北京天安门 and 東京",
    "한국어 텍스트",
    "emoji 😀🎉 and symbols ©®™ ∑ √ ∞",
    "tab\there\nnewline\r\nand\u00a0nbsp\u2003emspace\u200bzwsp",
    "control\u0001\u0002chars\u007f and \ufffd replacement",
    "unaffable unbelievably supercalifragilisticexpialidocious",
    "x" * 101,
    "a" * 99 + " ok",
    "[CLS] literal [SEP] and [MASK] and [UNK] and [pad]",
    "$100 + 20% = <more> ^_^ ~tilde~ `code` |pipe|",
    "don't won't can't y'all",
    "\u0301leading combining mark",
    "ﬁ ligature and ① circled and ｆｕｌｌｗｉｄｔｈ",
    # Removed: Cc, Cf and Co chars (U+00AD, U+180E, U+200D, U+E0001, U+F0000);
    # kept: unassigned (U+0378, U+D7FF), Mc (U+0903), Me (U+20DD); NEL and
    # VT are controls, so they vanish rather than split.
    "a\u00adb c\u180ed e\u200df g\U000E0001h i\U000F0000j",
    "x\u0378y x\ud7ffy x\u0903y x\u20ddy a\u0085b a\u000bb",
    "กิน ข้าว ภาษาไทย",
    "カタカナ ガギグ ひらがな",
    # Edges of the CJK ranges BERT splits around each character.
    "x\u33ffy x\u3400y x\u4dbfy x\u4dc0y x\u9fffy x\ua000y x\uf8ffy x\uf900y",
    "x\ufaffy x\ufb00y x\U0002A6DFy x\U0002A6E0y x\U0002B81Fy x\U0002B820y",
    "x\U0002B920y x\U0002CEAFy x\U0002CEB0y x\U0002F800y x\U0002FA1Fy x\U0002FA20y",
    "Ünïcödé ÀÉÎÕÜ ñ ç ß ø æ œ ł đ",
    "ǅemal ǈ ﬃ Ⅻ ℌ",
]


def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def load(models, model_file, tokenizer_file, max_tokens):
    """The tokenizer (truncating at max_tokens, no padding) and a one-thread
    CPU onnxruntime session for models/model_file."""
    tok = Tokenizer.from_file(f"{models}/{tokenizer_file}")
    tok.no_padding()
    tok.enable_truncation(max_length=max_tokens)

    opts = ort.SessionOptions()
    opts.intra_op_num_threads = 1
    sess = ort.InferenceSession(
        f"{models}/{model_file}", opts, providers=["CPUExecutionProvider"]
    )
    return tok, sess


def forward(tok, sess, text):
    """Run text through the network alone; its encoding, attention mask and
    last hidden state."""
    enc = tok.encode(text)
    ids = np.array([enc.ids], dtype=np.int64)
    mask = np.array([enc.attention_mask], dtype=np.int64)
    types = np.array([enc.type_ids], dtype=np.int64)
    (hidden,) = sess.run(
        ["last_hidden_state"],
        {"input_ids": ids, "attention_mask": mask, "token_type_ids": types},
    )
    return enc, mask, hidden


def dump(script, models, model_file, tokenizer_file, max_tokens, tok, embeddings, **extra):
    """Write the reference JSON to stdout: provenance, then extra fields, the
    embeddings and the tokenization of TOKENIZE_ONLY."""
    tokenization = [
        {"text": t, "tokens": tok.encode(t).tokens, "ids": tok.encode(t).ids}
        for t in TOKENIZE_ONLY
    ]

    out = {
        "about": f"Generated by embed/testdata/{script}; do not edit.",
        "model_sha256": sha256(f"{models}/{model_file}"),
        "tokenizer_sha256": sha256(f"{models}/{tokenizer_file}"),
        "max_tokens": max_tokens,
        **extra,
        "generator": {
            p: version(p) for p in ("onnxruntime", "tokenizers", "numpy")
        },
        "embeddings": embeddings,
        "tokenization": tokenization,
    }
    json.dump(out, sys.stdout, ensure_ascii=False, indent=1)
    sys.stdout.write("\n")


def main():
    models = sys.argv[1] if len(sys.argv) > 1 else ".local/models"
    model_file = sys.argv[2] if len(sys.argv) > 2 else "model.onnx"
    tok, sess = load(models, model_file, "tokenizer.json", MAX_TOKENS)

    embeddings = []
    for text in SENTENCES:
        enc, mask, hidden = forward(tok, sess, text)
        m = mask[..., None].astype(np.float32)
        pooled = (hidden * m).sum(axis=1) / np.clip(m.sum(axis=1), 1e-9, None)
        vec = pooled[0] / max(np.linalg.norm(pooled[0]), 1e-12)
        embeddings.append(
            {
                "text": text,
                "ids": enc.ids,
                "vector": [float(f"{x:.8g}") for x in vec.tolist()],
            }
        )

    dump("make_reference.py", models, model_file, "tokenizer.json", MAX_TOKENS, tok, embeddings)


if __name__ == "__main__":
    main()
