#!/usr/bin/env bash
# make bench-chatqa: retrieval and context quality on the messaging-style
# chat QA set (testdata/chatqa: hand-written questions over the graphgold
# chats; dev and test splits by chat). Per split: the keyword baselines
# (../shared/bench/locomo_baseline.py, arms A and F, plain and with
# --porter --stopwords) beside `loci eval locomo` for each retrieval config,
# and /v1/context (memories only, default) beside the keyword-built context
# of the same budget. Written into docs/benchmarks.md between the chatqa
# markers. PREFIX: the conversations' prefix (reused when already ingested);
# REUSE=DIR re-renders from a previous run's outputs (kept in KEEP).
. "$(dirname "$0")/lib.sh"
BASELINE="${BASELINE:-../shared/bench/locomo_baseline.py}"
CONFIGS="${CONFIGS:-fulltext,hybrid,default-labels,default-before-gap,default-bursts,default-bmfr-c,default-no-collapse,default}"
CONTEXTS="${CONTEXTS:-keyword,memories,default}"
BUDGETS="${BUDGETS:-200,500,2000}"
PREFIX="${PREFIX:-chatqa-}"
python3 scripts/chatqa.py --check
tmp="${REUSE:-}"
if [ -z "$tmp" ]; then
  tmp="$(mktemp -d)"
  for split in dev test; do
    file="testdata/chatqa/$split/chatqa-$split.json"
    echo "bench-chatqa: $split: keyword baselines" >&2
    python3 "$BASELINE" --data "$file" --arm all > "$tmp/base-plain-$split.txt"
    python3 "$BASELINE" --data "$file" --arm all --porter --stopwords > "$tmp/base-porter-$split.txt"
    echo "bench-chatqa: $split: loci eval ($CONFIGS)" >&2
    echo "load before: $(cut -d' ' -f1 /proc/loadavg)" >&2
    LOCI_EXTRACTOR=rules bin/loci eval locomo "$file" --conversation-prefix "$PREFIX" --config "$CONFIGS" --json > "$tmp/loci-$split.json"
    echo "bench-chatqa: $split: context ($CONTEXTS at $BUDGETS tokens)" >&2
    LOCI_EXTRACTOR=rules bin/loci eval locomo "$file" --context --conversation-prefix "$PREFIX" \
      --context-config "$CONTEXTS" --budgets "$BUDGETS" --json > "$tmp/context-$split.json"
    echo "load after: $(cut -d' ' -f1 /proc/loadavg)" >&2
  done
  keep="${KEEP:-/tmp/loci-bench-chatqa-last}"
  mkdir -p "$keep" && cp "$tmp"/* "$keep"/
fi

python3 - "$tmp" "$CONFIGS" "$CONTEXTS" <<'PY'
import datetime, json, pathlib, re, sys
from benchdoc import put_section
tmp, configs, contexts = pathlib.Path(sys.argv[1]), sys.argv[2].split(","), sys.argv[3].split(",")
splits = {"dev": "dev (9 chats)", "test": "test (5 chats)"}

def baseline(path):
    rows = {}
    for m in re.finditer(r"^([AF])\s+(\d+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)", path.read_text(), re.M):
        rows[m.group(1)] = (float(m.group(3)), float(m.group(4)), float(m.group(5)))
    return rows

cell = lambda r: f"{r['hit_at']['1']:.1f} / {r['hit_at']['5']:.1f} / {r['hit_at']['10']:.1f}" if r else "—"
ret = ["| split | questions | A | A porter | F | F porter | " + " | ".join(f"`{c}`" for c in configs) + " |",
       "| --- | --- | --- | --- | --- | --- | " + " | ".join("---" for _ in configs) + " |"]
cats = ["| split | category | questions | `default` (hit@1 / hit@10) |", "| --- | --- | --- | --- |"]
ctx = ["| split | budget | " + " | ".join(f"`{c}`: evidence / recall / tokens" for c in contexts) + " | default − keyword recall |",
       "| --- | --- | " + " | ".join("---" for _ in contexts) + " | --- |"]
for s, label in splits.items():
    f = tmp / f"loci-{s}.json"
    if not f.exists():
        continue
    reps = {r["config"]: r for r in json.loads(f.read_text())}
    plain, porter = baseline(tmp / f"base-plain-{s}.txt"), baseline(tmp / f"base-porter-{s}.txt")
    b = lambda x, arm: f"{x[arm][0]:.1f} / {x[arm][1]:.1f} / {x[arm][2]:.1f}" if arm in x else "—"
    q = next(iter(reps.values()))["questions"]
    ret.append(f"| {label} | {q} | {b(plain, 'A')} | {b(porter, 'A')} | {b(plain, 'F')} | {b(porter, 'F')} | " +
               " | ".join(cell(reps.get(c)) for c in configs) + " |")
    d = reps.get("default")
    if d:
        for name, bucket in sorted(d["categories"].items()):
            if bucket["questions"]:
                cats.append(f"| {s} | {name} | {bucket['questions']} | {bucket['hit_at']['1']:.1f} / {bucket['hit_at']['10']:.1f} |")
    cf = tmp / f"context-{s}.json"
    if cf.exists():
        creps = json.loads(cf.read_text())
        for budget in sorted({r["budget_tokens"] for r in creps}):
            by = {r["config"]: r for r in creps if r["budget_tokens"] == budget}
            cells = [f"{by[c]['evidence_present']:.1f} / {by[c]['answer_word_recall']:.1f} / {by[c]['mean_tokens']:.0f}" if c in by else "—" for c in contexts]
            diff = f"{by['default']['answer_word_recall'] - by['keyword']['answer_word_recall']:+.1f}" if "default" in by and "keyword" in by else "—"
            ctx.append(f"| {label} | {budget} | " + " | ".join(cells) + f" | {diff} |")
section = f"""<!-- bench:chatqa:start -->
Command: `make bench-chatqa` (scripts/bench-chatqa.sh) · date: {datetime.date.today().isoformat()} · data: testdata/chatqa (hand-written questions over the messaging-style graphgold chats, LoCoMo format; see its README), ingested with the rules extractor and the default embedder. Retrieval cells are hit@1 / hit@5 / hit@10 (%); the chats hold 16 to 56 messages, so hit@10 sits near its ceiling and hit@1 is the measure that separates. Keyword baselines on the same file (`../shared/bench/locomo_baseline.py`, SQLite FTS5): A (no speaker filter) and F (the named speaker's turns only), plain and with `--porter --stopwords`.

{chr(10).join(ret)}

`default` per question category:

{chr(10).join(cats)}

/v1/context (answer-word recall and evidence presence as in the LoCoMo context section) beside `keyword`: the eval's keyword-built context, the `fulltext` preset's turns (Lucene, no speaker scope) in rank order, one line each, as many as fit the budget; it holds only turns sharing a word with the question, so it never fills the larger budgets. At 2,000 tokens memories and default hold most of a chat.

{chr(10).join(ctx)}
<!-- bench:chatqa:end -->"""
put_section(section, heading="## Chat QA: messaging-style questions (issue 16)\n\n")
print(section)
PY
