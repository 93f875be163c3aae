#!/usr/bin/env python3
"""Writes LoCoMo's dev and test halves and two robustness variants, for
make bench-quality. LoCoMo is CC BY-NC: the outputs are measurement inputs
written under .local/, never committed.

  locomo-dev.json        conversations 0-4 (tuning)
  locomo-test.json       conversations 5-9 (reporting)
  locomo-handles.json    speaker labels replaced by handles, lower-case forms
                         or misspellings ("caro_92", "melanie", "Carolin");
                         turn texts and questions keep the names, so a
                         question can only be tied to a label through what
                         the conversation itself says ("Hey Caroline!")
  locomo-messaging.json  every turn split at sentence boundaries into 1-4
                         messages, as people type in messaging apps; the
                         pieces are renumbered within their session and a
                         question's evidence becomes every piece of its
                         evidence turns (hit when any piece is found)

Deterministic: the same input gives the same files.

usage: scripts/locomo-variants.py LOCOMO_JSON OUT_DIR
"""
import copy
import json
import random
import re
import sys

DIA = re.compile(r"^D:?(\d+):0*(\d+)$")
SPLIT_IDS = re.compile(r"[;,\s]+")
SENTENCE = re.compile(r"(?<=[.!?])\s+(?=\S)")


def norm_ids(raw):
    out = []
    for part in SPLIT_IDS.split(raw.strip()):
        m = DIA.match(part)
        if m:
            out.append(f"D{int(m.group(1))}:{int(m.group(2))}")
    return out


def sessions(conv):
    keys = [k for k in conv if re.fullmatch(r"session_\d+", k)]
    return sorted(keys, key=lambda k: int(k.split("_")[1]))


def misspell(name, rng):
    inner = list(range(1, len(name) - 1))
    if len(name) < 4:
        return name + name[-1]
    if rng.random() < 0.5:
        i = rng.choice(inner)
        out = name[:i] + name[i + 1:]          # a letter dropped
    else:
        i = rng.choice(inner[:-1] or inner)
        out = name[:i] + name[i + 1] + name[i] + name[i + 2:]  # two letters swapped
    return out if out.lower() != name.lower() else name + "e"


def label_for(name, style, rng):
    first = name.split()[0]
    if style == "handle-short":
        return f"{first[:max(3, len(first) // 2)].lower()}_{rng.randint(10, 99)}"
    if style == "handle-full":
        return f"{first.lower()}.{rng.randint(70, 99)}"
    if style == "lowercase":
        return name.lower()
    return misspell(first, rng)


STYLES = ["handle-short", "lowercase", "handle-full", "misspelling"]


def rename_keys(d, mapping):
    if not isinstance(d, dict):
        return d
    return {mapping.get(k, k): rename_keys(v, mapping) for k, v in d.items()}


def handles(samples):
    out = copy.deepcopy(samples)
    for i, s in enumerate(out):
        rng = random.Random(1000 + i)
        conv = s["conversation"]
        mapping = {}
        for j, key in enumerate(["speaker_a", "speaker_b"]):
            name = conv[key]
            mapping[name] = label_for(name, STYLES[(2 * i + j) % len(STYLES)], rng)
            conv[key] = mapping[name]
        for k in sessions(conv):
            for t in conv[k]:
                t["speaker"] = mapping.get(t["speaker"], t["speaker"])
        for field in ("observation", "event_summary", "session_summary"):
            if field in s:
                s[field] = rename_keys(s[field], mapping)
    return out


def pieces(text):
    parts = [p for p in SENTENCE.split(text.strip()) if p]
    if len(parts) <= 4:
        return parts or [text]
    # more than four sentences: four messages of consecutive sentences
    size = -(-len(parts) // 4)
    return [" ".join(parts[i:i + size]) for i in range(0, len(parts), size)]


def messaging(samples):
    out = copy.deepcopy(samples)
    for s in out:
        conv = s["conversation"]
        new_ids = {}
        for k in sessions(conv):
            n = int(k.split("_")[1])
            turns, seq = [], 0
            for t in conv[k]:
                ps = pieces(t.get("text", ""))
                ids = []
                for p_i, p in enumerate(ps):
                    seq += 1
                    piece = {"speaker": t["speaker"], "dia_id": f"D{n}:{seq}", "text": p}
                    if p_i == len(ps) - 1:  # an image goes with the last message
                        for f in ("img_url", "blip_caption", "query"):
                            if f in t:
                                piece[f] = t[f]
                    turns.append(piece)
                    ids.append(piece["dia_id"])
                for old in norm_ids(t.get("dia_id", "")):
                    new_ids[old] = ids
            conv[k] = turns
        for q in s["qa"]:
            ev = []
            for raw in q.get("evidence", []):
                for old in norm_ids(raw):
                    ev.extend(new_ids.get(old, [old]))
            q["evidence"] = ev
        # Observations cite the old ids; map them too (for --facts).
        for obs in s.get("observation", {}).values():
            for items in obs.values():
                for item in items:
                    if len(item) > 1:
                        cited = item[1] if isinstance(item[1], list) else [item[1]]
                        mapped = []
                        for c in cited:
                            for old in norm_ids(str(c)):
                                mapped.extend(new_ids.get(old, [old]))
                        item[1] = mapped
    return out


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    samples = json.load(open(sys.argv[1]))
    out = sys.argv[2]
    files = {
        "locomo-dev.json": samples[:5],
        "locomo-test.json": samples[5:],
        "locomo-handles.json": handles(samples),
        "locomo-messaging.json": messaging(samples),
    }
    for name, data in files.items():
        with open(f"{out}/{name}", "w") as f:
            json.dump(data, f)
    turns = lambda ss: sum(len(s["conversation"][k]) for s in ss for k in sessions(s["conversation"]))
    labels = [(s["conversation"]["speaker_a"], s["conversation"]["speaker_b"]) for s in files["locomo-handles.json"]]
    print(f"locomo-variants: {turns(samples)} turns; messaging variant {turns(files['locomo-messaging.json'])} messages; "
          f"handle labels {labels}", file=sys.stderr)


if __name__ == "__main__":
    main()
