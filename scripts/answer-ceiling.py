#!/usr/bin/env python3
"""Answer-word recall ceilings on LoCoMo (categories 1-4), for docs/benchmarks.md.

How much of the gold answers' content words (as `loci eval locomo --context`
counts them: lower-cased words and numbers, function words left out) could
any context built only from a conversation's turns carry? Two bounds:
the whole conversation (every turn, with its session date and image caption)
and the evidence turns alone. Relative dates are not resolved here, so the
temporal ceiling is a slight underestimate.

usage: scripts/answer-ceiling.py [../shared/data/locomo/locomo10.json]
"""
import collections, json, re, sys

STOP = set("""a an the and or of to in on at for with by from as is are was were be been it its
she he they her his their them this that these those s t about into over after before during also than then""".split())
SPLIT = re.compile(r"[^a-z0-9\u0080-\U0010ffff]+")


def words(text):
    out = []
    for w in SPLIT.split(text.lower()):
        if w and w not in STOP and w not in out:
            out.append(w)
    return out


def tokens(text):
    return {w for w in SPLIT.split(text.lower()) if w}


def session_date(s):  # "1:56 pm on 8 May, 2023" -> "8 may 2023"
    m = re.search(r"on (\d+) (\w+),? (\d{4})", s or "")
    return " ".join(m.groups()) if m else ""


def main(path):
    data = json.load(open(path))
    tally = collections.defaultdict(lambda: [0, 0.0, 0.0])
    for sample in data:
        conv, turns = sample["conversation"], {}
        for key, ses in conv.items():
            m = re.match(r"session_(\d+)$", key)
            if not m:
                continue
            date = session_date(conv.get(f"session_{m.group(1)}_date_time"))
            for t in ses:
                caption = f" [shares an image: {t['blip_caption']}]" if t.get("blip_caption") else ""
                turns[t["dia_id"]] = f"{t['speaker']} ({date}): {t['text']}{caption}"
        whole = tokens(" ".join(turns.values()))
        for q in sample["qa"]:
            evidence = [e for e in q.get("evidence", []) if e in turns]
            if q.get("category") not in (1, 2, 3, 4) or not evidence:
                continue
            aw = words(str(q["answer"]))
            ev = tokens(" ".join(turns[e] for e in evidence))
            r_whole = sum(w in whole for w in aw) / len(aw) if aw else 1
            r_ev = sum(w in ev for w in aw) / len(aw) if aw else 1
            for k in ("all", q["category"]):
                x = tally[k]
                x[0] += 1
                x[1] += r_whole
                x[2] += r_ev
    names = {"all": "all", 1: "1 multi-hop", 2: "2 temporal", 3: "3 open-domain", 4: "4 single-hop"}
    print("| questions | n | whole conversation | evidence turns only |")
    print("|---|---|---|---|")
    for k in ("all", 1, 2, 3, 4):
        n, a, b = tally[k]
        print(f"| {names[k]} | {n} | {100*a/n:.1f} | {100*b/n:.1f} |")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "../shared/data/locomo/locomo10.json")
