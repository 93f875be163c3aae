#!/usr/bin/env bash
# make bench-context: /v1/context quality on LoCoMo: evidence-turn presence
# and answer-word recall per question category, at several token budgets,
# for memories only, the default (the parts each kind of question gets:
# expanded queries for a question asking when, topic lines for any other;
# anchors reranked, temporal slots, the anchor gate), the default before
# question kinds, and the ablation (each of those removed), on the dev half (LoCoMo conversations 0-4) and the test half
# (5-9) apart. Written into
# docs/benchmarks.md between the context markers. Latency under load is
# measured by `make bench` (the eval runs one question at a time).
. "$(dirname "$0")/lib.sh"
need_file bench-context "$LOCOMO" LOCOMO
# PREFIX: the conversations' prefix (reused when already imported).
# RESULTS=DIR: write the tables from DIR/ablation.json and DIR/budgets.json
# (saved by an earlier run, or by the two eval commands below run by hand)
# instead of running the evals.
PREFIX="${PREFIX:-ctx-}"
tmp="${RESULTS:-$(mktemp -d)}"
if [ -z "${RESULTS:-}" ]; then
  echo "bench-context: ablation at 2,000 tokens" >&2
  LOCI_EXTRACTOR=rules bin/loci eval locomo "$LOCOMO" --context --conversation-prefix "$PREFIX" \
    --context-config memories,default,default-before-kinds,no-kinds,no-gate,no-rerank,no-expansion,no-temporal --budgets 2000 --json > "$tmp/ablation.json"
  echo "bench-context: budgets 1,000 and 4,000" >&2
  LOCI_EXTRACTOR=rules bin/loci eval locomo "$LOCOMO" --context --conversation-prefix "$PREFIX" \
    --context-config memories,default --budgets 1000,4000 --json > "$tmp/budgets.json"
fi
PREFIX="$PREFIX" python3 - "$tmp" <<'PY'
import datetime, json, os, pathlib, sys
from benchdoc import put_section
tmp = pathlib.Path(sys.argv[1])
reps = json.loads((tmp / "ablation.json").read_text()) + json.loads((tmp / "budgets.json").read_text())
reps.sort(key=lambda r: (r["budget_tokens"], r["config"] != "memories", r["config"] != "default", r["config"]))
order = ["1 multi-hop", "2 temporal", "3 open-domain", "4 single-hop"]
halves = ["dev", "test"]
mem = {r["budget_tokens"]: r for r in reps if r["config"] == "memories"}
def delta(r, m):
    return f"{r['answer_word_recall'] - m['answer_word_recall']:+.2f}" if m and r["config"] != "memories" else ""
lines = ["| context config | budget | " + " | ".join(f"{h}: evidence present | {h}: answer-word recall | {h}: Δ recall vs memories only" for h in halves) + " | all: evidence present | all: answer-word recall | all: Δ vs memories only | mean tokens |",
         "|---|---|" + "---|---|---|" * len(halves) + "---|---|---|---|"]
for r in reps:
    m = mem.get(r["budget_tokens"])
    cells = []
    for h in halves:
        x, mx = r["halves"][h], (m["halves"][h] if m else None)
        cells.append(f"{x['evidence_present']:.1f} | {x['answer_word_recall']:.2f} | {delta(x | {'config': r['config']}, mx)}")
    lines.append(f"| {r['config']} | {r['budget_tokens']} | {' | '.join(cells)} | {r['evidence_present']:.1f} | {r['answer_word_recall']:.2f} | {delta(r, m)} | {r['mean_tokens']:.0f} |")
cat_lines = ["| context config | budget | " + " | ".join(f"{c} (evidence / recall)" for c in order) + " |",
             "|---|---|" + "---|" * len(order)]
for r in reps:
    cats = " | ".join(f"{r['categories'][c]['evidence_present']:.1f} / {r['categories'][c]['answer_word_recall']:.1f}" for c in order)
    cat_lines.append(f"| {r['config']} | {r['budget_tokens']} | {cats} |")
nq = {h: reps[0]["halves"][h]["questions"] for h in halves}
section = f"""<!-- bench:context:start -->
## Context quality on LoCoMo (/v1/context)

Command: `make bench-context` (scripts/bench-context.sh) · date: {datetime.date.today().isoformat()} · conversations imported with the rules extractor and the default embedder (prefix {os.environ['PREFIX']}), {reps[0]['questions']:,} questions of categories 1-4: dev = conversations 0-4 ({nq['dev']} questions), where every tunable is chosen; test = conversations 5-9 ({nq['test']} questions), where a change must agree before it is kept. Evidence present: an evidence turn is among the turns the context cites (only ids its text carries). Answer-word recall: the share of the gold answer's content words (lower-cased, function words left out) found in the context text. Budgets are exact cl100k_base token counts. Configs are in llmcontext/contexts.json and llmcontext/contexts_experimental.json. The quality figures are deterministic; latency is measured by `make bench`.

{chr(10).join(lines)}

Per question category (both halves):

{chr(10).join(cat_lines)}
<!-- bench:context:end -->"""
put_section(section)
print(section)
PY
