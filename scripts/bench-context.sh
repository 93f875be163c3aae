#!/usr/bin/env bash
# make bench-context: /v1/context quality on LoCoMo: evidence-turn presence
# and answer-word recall per question category, at several token budgets,
# for memories only, the default (anchors + reranking + expansion +
# temporal slots) and the ablation (each of those removed). Written into
# docs/benchmarks.md between the context markers. Latency under load is
# measured by `make bench` (the eval runs one question at a time).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
LOCOMO="${LOCOMO:-../shared/data/locomo/locomo10.json}"
[ -f "$LOCOMO" ] || { echo "bench-context: $LOCOMO not found (set LOCOMO=…)" >&2; exit 1; }
tmp="$(mktemp -d)"
echo "bench-context: ablation at 2,000 tokens" >&2
LOCI_EXTRACTOR=rules bin/loci eval locomo "$LOCOMO" --context --conversation-prefix ctx- \
  --context-config memories,default,no-rerank,no-expansion,no-temporal --budgets 2000 --json > "$tmp/ablation.json"
echo "bench-context: budgets 1,000 and 4,000" >&2
LOCI_EXTRACTOR=rules bin/loci eval locomo "$LOCOMO" --context --conversation-prefix ctx- \
  --context-config memories,default --budgets 1000,4000 --json > "$tmp/budgets.json"
python3 - "$tmp" <<'PY'
import datetime, json, pathlib, sys
tmp = pathlib.Path(sys.argv[1])
reps = json.loads((tmp / "ablation.json").read_text()) + json.loads((tmp / "budgets.json").read_text())
reps.sort(key=lambda r: (r["budget_tokens"], r["config"] != "memories", r["config"]))
order = ["1 multi-hop", "2 temporal", "3 open-domain", "4 single-hop"]
mem = {r["budget_tokens"]: r for r in reps if r["config"] == "memories"}
lines = ["| context config | budget | evidence present | answer-word recall | Δ recall vs memories only | mean tokens | " + " | ".join(f"{c} (evidence / recall)" for c in order) + " |",
         "|---|---|---|---|---|---|" + "---|" * len(order)]
for r in reps:
    m = mem.get(r["budget_tokens"])
    d = f"{r['answer_word_recall'] - m['answer_word_recall']:+.1f}" if m and r["config"] != "memories" else ""
    cats = " | ".join(f"{r['categories'][c]['evidence_present']:.1f} / {r['categories'][c]['answer_word_recall']:.1f}" for c in order)
    lines.append(f"| {r['config']} | {r['budget_tokens']} | {r['evidence_present']:.1f} | {r['answer_word_recall']:.1f} | {d} | {r['mean_tokens']:.0f} | {cats} |")
section = f"""<!-- bench:context:start -->
## Context quality on LoCoMo (/v1/context)

Command: `make bench-context` (scripts/bench-context.sh) · date: {datetime.date.today().isoformat()} · conversations imported with the rules extractor and the default embedder (prefix ctx-), 1,536 questions of categories 1-4. Evidence present: an evidence turn is among the turns the context cites (only ids its text carries). Answer-word recall: the share of the gold answer's content words (lower-cased, function words left out) found in the context text. Budgets are exact cl100k_base token counts. Configs are in query/contexts.json.

{chr(10).join(lines)}
<!-- bench:context:end -->"""
p = pathlib.Path("docs/benchmarks.md")
text = p.read_text()
start, end = "<!-- bench:context:start -->", "<!-- bench:context:end -->"
if start in text:
    text = text[:text.index(start)] + section + text[text.index(end) + len(end):]
else:
    text = text.rstrip() + "\n\n" + section + "\n"
p.write_text(text)
print(section)
PY
