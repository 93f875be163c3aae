#!/usr/bin/env bash
# make bench-quality: LoCoMo retrieval quality in one run on the same data:
# the keyword baselines of ../shared/bench/locomo_baseline.py (plain, and
# with --porter --stopwords) beside `loci eval locomo` for each retrieval
# config, and the ablation of what each channel adds. Written into
# docs/benchmarks.md between the quality markers. REUSE=DIR re-renders the
# section from the raw outputs a previous run kept in DIR (KEEP, default
# /tmp/loci-bench-quality-last) without running anything; FACTS_ONLY=DIR
# reruns only the fact-layer evals beside DIR's other outputs.
. "$(dirname "$0")/lib.sh"
BASELINE="${BASELINE:-../shared/bench/locomo_baseline.py}"
CONFIGS="${CONFIGS:-fulltext,fulltext-speaker,vector,vector-speaker,hybrid,hybrid-k20,hybrid-wide,hybrid-neighbours,hybrid-score,hybrid-score-ft,hybrid-score-ft-d40,hybrid-score-ft-d20,names-dropped-fulltext,names-dropped,replies-fulltext,replies,replies-prompts,replies-when-0.25,replies-when-0.5,turns-default-before-rank,turns-default,default-before-window,default}"
# The fact layer: the same eval with facts stored beside the turns, once
# with LoCoMo's own observation facts (--facts, no extractor) and once with
# the rules extractor.
FACT_CONFIGS="${FACT_CONFIGS:-turns-default,facts-fulltext,facts-vector,facts-hybrid,default-facts-rrf,default-facts,default-facts-shared,default-facts-unscaled,default,default-graph}"
need_file bench-quality "$LOCOMO" LOCOMO
need_file bench-quality "$BASELINE" BASELINE
# fact_evals runs the fact-layer evals into $tmp.
fact_evals() {
  echo "bench-quality: fact layer, LoCoMo observations ($FACT_CONFIGS)" >&2
  LOCI_EXTRACTOR=none bin/loci eval locomo "$LOCOMO" --facts --config "$FACT_CONFIGS" --json > "$tmp/loci-observations.json"
  echo "bench-quality: fact layer, rules extractor ($FACT_CONFIGS)" >&2
  LOCI_EXTRACTOR=rules bin/loci eval locomo "$LOCOMO" --config "$FACT_CONFIGS" --json > "$tmp/loci-rules.json"
}
tmp="${REUSE:-}"
if [ -n "${FACTS_ONLY:-}" ]; then
# FACTS_ONLY=DIR: keep the baselines and raw-turn evals kept in DIR, rerun
# only the two fact-layer evals (for a change that only touches facts).
tmp="$(mktemp -d)"
cp "$FACTS_ONLY"/base-plain.txt "$FACTS_ONLY"/base-porter.txt "$FACTS_ONLY"/loci.json "$tmp"/
fact_evals
keep="${KEEP:-/tmp/loci-bench-quality-last}"
mkdir -p "$keep" && cp "$tmp"/* "$keep"/
elif [ -z "$tmp" ]; then
tmp="$(mktemp -d)"
echo "bench-quality: keyword baselines" >&2
python3 "$BASELINE" --data "$LOCOMO" --arm all --per-category > "$tmp/base-plain.txt"
python3 "$BASELINE" --data "$LOCOMO" --arm all --per-category --porter --stopwords > "$tmp/base-porter.txt"
cat "$tmp/base-plain.txt" "$tmp/base-porter.txt" >&2

echo "bench-quality: loci eval ($CONFIGS)" >&2
LOCI_EXTRACTOR=none bin/loci eval locomo "$LOCOMO" --config "$CONFIGS" --json > "$tmp/loci.json"
fact_evals
keep="${KEEP:-/tmp/loci-bench-quality-last}"   # raw outputs, re-renderable with REUSE=$keep
mkdir -p "$keep" && cp "$tmp"/* "$keep"/
fi

python3 - "$tmp" "$CONFIGS" "$FACT_CONFIGS" <<'PY'
import datetime, json, pathlib, re, sys
from benchdoc import put_section
tmp, configs, fact_configs = pathlib.Path(sys.argv[1]), sys.argv[2], sys.argv[3]
reports = {r["config"]: r for r in json.loads((tmp / "loci.json").read_text())}

def baseline(path, tag):
    rows = {}
    text = path.read_text()
    for m in re.finditer(r"^([AFCG])\s+(\d+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)", text, re.M):
        rows[m.group(1)] = {"n": int(m.group(2)), 1: float(m.group(3)), 5: float(m.group(4)), 10: float(m.group(5))}
    cats = {}
    for m in re.finditer(r"^([AFCG])\s+(.+)$", text.split("by category")[-1], re.M):
        cells = re.findall(r"([\d.]+) / ([\d.]+) \(n=(\d+)\)", m.group(2))
        if cells:
            cats[m.group(1)] = cells
    return [(f"baseline {a}{tag}", rows[a], cats.get(a)) for a in "AFCG" if a in rows]

arms = {"A": "raw turns, keyword cascade", "F": "raw turns, named-speaker filter", "C": "LoCoMo's LLM facts (not raw turns)", "G": "RRF of F and C (uses LLM facts)"}
lines = ["| system | what | hit@1 | hit@5 | hit@10 | 1 multi-hop @1/@10 | 2 temporal @1/@10 | 3 open-domain @1/@10 | 4 single-hop @1/@10 |",
         "|---|---|---|---|---|---|---|---|---|"]
for path, tag in ((tmp / "base-plain.txt", ""), (tmp / "base-porter.txt", " --porter --stopwords")):
    for name, r, cats in baseline(path, tag):
        cat = " | ".join(f"{a} / {b}" for a, b, _ in cats) if cats else " | | | "
        lines.append(f"| {name} | {arms[name.split()[1][0]]} | {r[1]:.1f} | {r[5]:.1f} | {r[10]:.1f} | {cat} |")
order = ["1 multi-hop", "2 temporal", "3 open-domain", "4 single-hop"]
for name in configs.split(","):
    r = reports[name]
    cat = " | ".join(f"{r['categories'][c]['hit_at']['1']:.1f} / {r['categories'][c]['hit_at']['10']:.1f}" for c in order)
    lines.append(f"| **loci {name}** | {r['questions']} questions, {r['seconds']:.0f} s | {r['hit_at']['1']:.1f} | {r['hit_at']['5']:.1f} | {r['hit_at']['10']:.1f} | {cat} |")

# (config, what it adds, the config it is compared with)
steps = [("fulltext", "full-text alone", None), ("fulltext-speaker", "+ speaker scope", "fulltext"),
         ("hybrid", "+ vector channel, RRF k=60", "fulltext-speaker"),
         ("hybrid-neighbours", "+ neighbour expansion (top 5, half score)", "hybrid"),
         ("hybrid-score", "RRF replaced by normalised-score fusion", "hybrid"),
         ("hybrid-score-ft", "+ full-text weight 1.5", "hybrid-score"),
         ("hybrid-score-ft-d40", "40 candidates per channel instead of 100", "hybrid-score-ft"),
         ("hybrid-score-ft-d20", "20 candidates per channel", "hybrid-score-ft"),
         ("names-dropped-fulltext", "speakers' names left out of the full-text query", "hybrid-score-ft-d40"),
         ("names-dropped", "... and out of the embedded query", "names-dropped-fulltext"),
         ("replies-fulltext", "+ full-text reply channel (weight 1.0)", "names-dropped"),
         ("replies", "+ vector reply channel (weight 0.5)", "replies-fulltext"),
         ("replies-prompts", "+ full-text prompt channel (not kept)", "replies"),
         ("replies-when-0.25", "+ when boost 0.25", "replies"),
         ("replies-when-0.5", "+ when boost 0.5", "replies"),
         ("turns-default-before-rank", "+ when boost 1.0", "replies"),
         ("turns-default", "+ word pairs (proximity 0.5, slop 3) and question discount 0.3 (= turns-default)", "turns-default-before-rank"),
         ("default-before-window", "+ fact channels (no facts stored in this run)", "turns-default"),
         ("default", "+ context-window channels (every word 2.0, any word 0.5)", "default-before-window")]
abl = ["| step | config | compared with | hit@1 | hit@10 | Δ hit@1 | Δ hit@10 |", "|---|---|---|---|---|---|---|"]
for name, what, base in steps:
    if name not in reports or (base and base not in reports): continue
    r = reports[name]
    d1 = f"{r['hit_at']['1'] - reports[base]['hit_at']['1']:+.1f}" if base else ""
    d10 = f"{r['hit_at']['10'] - reports[base]['hit_at']['10']:+.1f}" if base else ""
    abl.append(f"| {what} | {name} | {base or ''} | {r['hit_at']['1']:.1f} | {r['hit_at']['10']:.1f} | {d1} | {d10} |")
if "vector" in reports and "vector-speaker" in reports:
    v, vs = reports["vector"], reports["vector-speaker"]
    abl.append(f"| + speaker scope, vector alone | vector-speaker | vector | {vs['hit_at']['1']:.1f} | {vs['hit_at']['10']:.1f} | {vs['hit_at']['1']-v['hit_at']['1']:+.1f} | {vs['hit_at']['10']-v['hit_at']['10']:+.1f} |")

section = f"""<!-- bench:quality:start -->
## Retrieval quality on LoCoMo (categories 1-4, raw turns, no LLM at query time)

Command: `make bench-quality` (scripts/bench-quality.sh) · date: {datetime.date.today().isoformat()} · data: ../shared/data/locomo/locomo10.json (1,536 scorable questions; evidence ids repaired as the baseline does) · hit@k: an evidence turn among the first k distinct turns cited by the results, searching only the question's conversation. Baselines are ../shared/bench/locomo_baseline.py run in the same command. Rows C and G of the baseline use LoCoMo's LLM-written facts; Loci's rows use raw turns only. Configs are in query/configs.json and query/configs_experimental.json.

{chr(10).join(lines)}

Ablation (what each channel adds):

{chr(10).join(abl)}
<!-- bench:quality:end -->"""
# The fact layer: hit@k of the fact channels alone and fused with turns,
# with LoCoMo's observations and with the rules extractor, and coverage.
flines = ["| fact layer | config | hit@1 | hit@5 | hit@10 | Δ hit@10 vs turns alone (default) | 1 multi-hop @1/@10 | 2 temporal @1/@10 | 3 open-domain @1/@10 | 4 single-hop @1/@10 |",
          "|---|---|---|---|---|---|---|---|---|---|"]
cov_lines = ["| fact layer | turns | turns cited by ≥1 fact | facts | facts per turn | events | relations | profile facts | entities |", "|---|---|---|---|---|---|---|---|---|"]
for label, f in (("LoCoMo observations (`--facts`)", "loci-observations.json"), ("rules extractor (`LOCI_EXTRACTOR=rules`)", "loci-rules.json")):
    path = tmp / f
    if not path.exists():
        continue
    reps = {r["config"]: r for r in json.loads(path.read_text())}
    base10 = reports["default"]["hit_at"]["10"] if "default" in reports else None  # raw turns: no facts stored in that run
    for name in fact_configs.split(","):
        if name not in reps: continue
        r = reps[name]
        cat = " | ".join(f"{r['categories'][c]['hit_at']['1']:.1f} / {r['categories'][c]['hit_at']['10']:.1f}" for c in order)
        delta = f"{r['hit_at']['10'] - base10:+.1f}" if base10 is not None else ""
        flines.append(f"| {label} | {name} | {r['hit_at']['1']:.1f} | {r['hit_at']['5']:.1f} | {r['hit_at']['10']:.1f} | {delta} | {cat} |")
    cov = next(iter(reps.values())).get("coverage")
    if cov:
        c = cov["counts"]
        facts = sum(v for k, v in c.items() if k.startswith("facts"))
        events = sum(v for k, v in c.items() if k.startswith("events"))
        prof = sum(v for k, v in c.items() if k.startswith("profile_facts"))
        cov_lines.append(f"| {label} | {cov['turns']} | {cov['covered_turns']} ({100*cov['covered_turns']/max(cov['turns'],1):.1f}%) | {facts} | {facts/max(cov['turns'],1):.2f} | {events} | {c.get('relations',0)} | {prof} | {c.get('entities',0)} |")

facts_section = f"""<!-- bench:facts:start -->
## The fact layer on LoCoMo (issue 4)

Command: `make bench-quality` · date: {datetime.date.today().isoformat()} · same questions and hit@k as above. "Turns alone" is the `default` row of the raw-turn table above (same run). Fact results cite their source turns; hit@k counts the distinct turns cited, in order. LoCoMo's observations are the benchmark's own LLM-written facts, imported with `loci import locomo --facts` (`loci eval locomo --facts`); the rules extractor is Loci's own, run at ingest with no LLM.

{chr(10).join(flines)}

Coverage (share of turns cited by at least one fact; what the layer stored):

{chr(10).join(cov_lines)}
<!-- bench:facts:end -->"""

put_section(section)
put_section(facts_section)
print(section)
print(facts_section)
PY

# Dev and test halves and the handles and messaging variants (issue 16),
# after the full run so the halves reuse its conversations.
if [ -z "${REUSE:-}" ] && [ -z "${FACTS_ONLY:-}" ]; then
  scripts/bench-robustness.sh
fi
