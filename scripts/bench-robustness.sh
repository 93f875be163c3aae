#!/usr/bin/env bash
# Retrieval on LoCoMo's dev and test halves and on two robustness variants
# (scripts/locomo-variants.py): speaker labels as handles, lower-case forms
# or misspellings ("handles"), and turns split into 1-4 messages
# ("messaging"). Each beside the keyword baselines on the same file, with
# the ablations of speaker aliases (default-labels: default without them)
# of context windows (default-before-window: default without them)
# and of message bursts (default-before-gap: that without its burst
# channels; default-bursts: bursts as results of their own). Called by make bench-quality
# (and runnable alone); written into docs/benchmarks.md between the
# robustness markers. REUSE=DIR re-renders from a previous run's outputs.
. "$(dirname "$0")/lib.sh"
BASELINE="${BASELINE:-../shared/bench/locomo_baseline.py}"
CONFIGS="${CONFIGS:-default-labels,default-before-gap,default-before-window,default,default-bursts}"
VARIANTS="${VARIANTS:-dev,test,handles,messaging}"
tmp="${REUSE:-}"
if [ -z "$tmp" ]; then
  tmp="$(mktemp -d)"
  data="$root/.local/locomo-variants"
  mkdir -p "$data"
  python3 scripts/locomo-variants.py "$LOCOMO" "$data"
  for v in ${VARIANTS//,/ }; do
    file="$data/locomo-$v.json"
    echo "bench-robustness: $v: keyword baselines" >&2
    python3 "$BASELINE" --data "$file" --arm all > "$tmp/base-plain-$v.txt"
    python3 "$BASELINE" --data "$file" --arm all --porter --stopwords > "$tmp/base-porter-$v.txt"
    # Each variant under a prefix of its own (the halves share the clean
    # one), named for bursts: conversations ingested before bursts existed
    # have none, and would make the burst channels look idle.
    case "$v" in handles|messaging) prefix=(--conversation-prefix "eval-bursts-$v-") ;; *) prefix=(--conversation-prefix "eval-bursts-clean-") ;; esac
    echo "bench-robustness: $v: loci eval ($CONFIGS)" >&2
    LOCI_EXTRACTOR=none bin/loci eval locomo "$file" "${prefix[@]}" --config "$CONFIGS" --json > "$tmp/loci-$v.json"
  done
  keep="${KEEP:-/tmp/loci-bench-robustness-last}"
  mkdir -p "$keep" && cp "$tmp"/* "$keep"/
fi

python3 - "$tmp" "$CONFIGS" "$VARIANTS" <<'PY'
import datetime, json, pathlib, re, sys
from benchdoc import put_section
tmp, configs, variants = pathlib.Path(sys.argv[1]), sys.argv[2].split(","), sys.argv[3].split(",")
names = {"dev": "dev half (conversations 0-4)", "test": "test half (conversations 5-9)",
         "handles": "handles variant (all 10)", "messaging": "messaging variant (all 10)"}

def baseline(path):
    rows = {}
    for m in re.finditer(r"^([AFCG])\s+(\d+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)", path.read_text(), re.M):
        rows[m.group(1)] = (float(m.group(3)), float(m.group(5)))
    return rows

lines = ["<!-- bench:robustness:start -->",
         f"Measured {datetime.date.today().isoformat()} with `make bench-quality` (its `scripts/bench-robustness.sh` part); "
         "raw turns, no LLM, hit@1 / hit@10 over categories 1-4. The halves share one ingest of clean LoCoMo; "
         "each variant is ingested under a prefix of its own. `default-labels` is `default` with speakers named by their labels only "
         "(no learned aliases), `default-before-window` is `default` without its context-window channels, "
         "`default-before-gap` is that without its burst channels and burst collapse (what bursts add), "
         "`default-bursts` adds bursts as results of their own to `default-before-gap` (a burst result's member turns each take a place "
         "among the cited turns that hit@k counts). Keyword baselines on the same file: F (speaker filter) "
         "plain and with --porter --stopwords.", "",
         "| data | questions | F | F porter | " + " | ".join(f"`{c}`" for c in configs) + " |",
         "| --- | --- | --- | --- | " + " | ".join("---" for _ in configs) + " |"]
for v in variants:
    f = tmp / f"loci-{v}.json"
    if not f.exists():
        continue
    reps = {r["config"]: r for r in json.loads(f.read_text())}
    plain, porter = baseline(tmp / f"base-plain-{v}.txt"), baseline(tmp / f"base-porter-{v}.txt")
    cell = lambda r: f"{r['hit_at']['1']:.1f} / {r['hit_at']['10']:.1f}" if r else "—"
    bcell = lambda b: f"{b['F'][0]:.1f} / {b['F'][1]:.1f}" if "F" in b else "—"
    q = next(iter(reps.values()))["questions"]
    lines.append(f"| {names.get(v, v)} | {q} | {bcell(plain)} | {bcell(porter)} | " +
                 " | ".join(cell(reps.get(c)) for c in configs) + " |")
lines.append("<!-- bench:robustness:end -->")
section = "\n".join(lines)
put_section(section, heading="## Halves and robustness variants (issue 16)\n\n")
print(section)
PY
