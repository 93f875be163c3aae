#!/usr/bin/env bash
# make bench-quality: LoCoMo retrieval quality in one run on the same data:
# the keyword baselines of ../shared/bench/locomo_baseline.py (plain, and
# with --porter --stopwords) beside `loci eval locomo` for each retrieval
# config, and the ablation of what each channel adds. Written into
# docs/benchmarks.md between the quality markers. REUSE=DIR re-renders the
# section from the raw outputs a previous run kept in DIR (KEEP, default
# /tmp/loci-bench-quality-last) without running anything.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
LOCOMO="${LOCOMO:-../shared/data/locomo/locomo10.json}"
BASELINE="${BASELINE:-../shared/bench/locomo_baseline.py}"
CONFIGS="${CONFIGS:-fulltext,fulltext-speaker,vector,vector-speaker,hybrid,hybrid-k20,hybrid-wide,hybrid-neighbours,hybrid-score,hybrid-score-ft,hybrid-score-ft-d40,hybrid-score-ft-d20,default}"
[ -f "$LOCOMO" ] || { echo "bench-quality: $LOCOMO not found (set LOCOMO=…)" >&2; exit 1; }
[ -f "$BASELINE" ] || { echo "bench-quality: $BASELINE not found (set BASELINE=…)" >&2; exit 1; }
tmp="${REUSE:-}"
if [ -z "$tmp" ]; then
tmp="$(mktemp -d)"
echo "bench-quality: keyword baselines" >&2
python3 "$BASELINE" --data "$LOCOMO" --arm all --per-category > "$tmp/base-plain.txt"
python3 "$BASELINE" --data "$LOCOMO" --arm all --per-category --porter --stopwords > "$tmp/base-porter.txt"
cat "$tmp/base-plain.txt" "$tmp/base-porter.txt" >&2

echo "bench-quality: loci eval ($CONFIGS)" >&2
bin/loci eval locomo "$LOCOMO" --config "$CONFIGS" --json > "$tmp/loci.json"
keep="${KEEP:-/tmp/loci-bench-quality-last}"   # raw outputs, re-renderable with REUSE=$keep
mkdir -p "$keep" && cp "$tmp"/* "$keep"/
fi

python3 - "$tmp" "$CONFIGS" <<'PY'
import datetime, json, pathlib, re, sys
tmp, configs = pathlib.Path(sys.argv[1]), sys.argv[2]
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
         ("hybrid-score-ft-d40", "40 candidates per channel instead of 100 (= default)", "hybrid-score-ft"),
         ("hybrid-score-ft-d20", "20 candidates per channel", "hybrid-score-ft")]
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

Command: `make bench-quality` (scripts/bench-quality.sh) · date: {datetime.date.today().isoformat()} · data: ../shared/data/locomo/locomo10.json (1,536 scorable questions; evidence ids repaired as the baseline does) · hit@k: an evidence turn among the first k distinct turns cited by the results, searching only the question's conversation. Baselines are ../shared/bench/locomo_baseline.py run in the same command. Rows C and G of the baseline use LoCoMo's LLM-written facts; Loci's rows use raw turns only. Configs are in query/configs.json.

{chr(10).join(lines)}

Ablation (what each channel adds):

{chr(10).join(abl)}
<!-- bench:quality:end -->"""
p = pathlib.Path("docs/benchmarks.md")
text = p.read_text() if p.exists() else "# Benchmarks\n\nEvery number here was measured by the command named with it; rerun it to check.\n"
start, end = "<!-- bench:quality:start -->", "<!-- bench:quality:end -->"
if start in text:
    text = text[:text.index(start)] + section + text[text.index(end) + len(end):]
else:
    text = text.rstrip() + "\n\n" + section + "\n"
p.write_text(text)
print(section)
PY
