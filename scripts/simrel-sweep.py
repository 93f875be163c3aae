#!/usr/bin/env python3
"""Sweep extract/simrel's Decide thresholds over a graphgold-dev dump (dev half only).

The dump is written by
  go run ./extract/rules/cmd/graphgold-dev -sim -gold testdata/graphgold -dump DUMP
(one scored candidate pair a line, with its gold label); RULES_TP and RULES_FP are
the `all` line of the same command without -sim. For each point of a grid over
min / margin / no-relation margin it counts the distinct relations the stage adds,
right and wrong, on the whole dev half and on its chats of odd and even index
(testdata/graphgold/dev in file order), and prints the P/R curve of the whole dev
half (rules + stage) and one axis at a time around Decide's defaults. Distinct
relations are counted by raw names, so a point's count can differ by one from
graphgold-dev's, which maps aliases; check a chosen point with -sim-min etc.

usage: scripts/simrel-sweep.py DUMP RULES_TP RULES_FP [GOLD_DIR]
"""
import glob, itertools, json, os, sys

SYMMETRIC = {"PARTNER_OF", "FRIEND_OF", "KNOWS", "FAMILY_OF"}
DEFAULTS = (0.55, 0.04, 0.12)  # simrel.DefaultParams: Min, Margin, NoneMargin


def decide(row, mn, mg, nm):
    """simrel.Decide on one dumped pair: the best type, or None."""
    items = sorted(row["scores"].items(), key=lambda kv: (-kv[1], kv[0]))
    if not items:
        return None
    best, score = items[0]
    second = items[1][1] if len(items) > 1 else -2.0
    if score < mn or score - second < mg or score - row["none"] < nm:
        return None
    return best


def main():
    dump, rules_tp, rules_fp = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    gold_dir = sys.argv[4] if len(sys.argv) > 4 else "testdata/graphgold"
    if "test" in os.path.normpath(gold_dir).split(os.sep):
        sys.exit("dev half only")
    rows = [json.loads(l) for l in open(dump)]
    index, total = {}, 0
    for i, f in enumerate(sorted(glob.glob(os.path.join(gold_dir, "dev", "*.json")))):
        g = json.load(open(f))
        index[g["conversation"]] = i
        total += len(g["relations"])

    def count(p, half=None):
        right, wrong = set(), set()
        for r in rows:
            if half is not None and index[r["conversation"]] % 2 != half:
                continue
            t = decide(r, *p)
            if t is None:
                continue
            a, b = r["from"].lower(), r["to"].lower()
            if t in SYMMETRIC and a > b:
                a, b = b, a
            (right if r["gold"] == t else wrong).add((r["conversation"], t, a, b))
        return len(right), len(wrong)

    def line(p):
        a = count(p)
        tp, fp = rules_tp + a[0], rules_fp + a[1]
        return f"{a} odd {count(p, 1)} even {count(p, 0)} | dev {tp} tp {fp} fp P {100*tp/(tp+fp):.1f} R {100*tp/total:.1f}"

    print("defaults", DEFAULTS, line(DEFAULTS))
    grid = itertools.product([round(0.30 + 0.025 * i, 3) for i in range(19)], [0, 0.01, 0.02, 0.03, 0.04, 0.05, 0.06, 0.08],
                             [round(0.02 * i, 2) for i in range(11)])
    best = {}
    for p in grid:
        a = count(p)
        if a[1] not in best or a[0] > best[a[1]][1][0]:
            best[a[1]] = (p, a)
    print("curve: stage wrong, right, whole dev, a point reaching it (min, margin, none)")
    most = -1
    for w in sorted(best):
        p, a = best[w]
        if a[0] > most:
            most = a[0]
            tp, fp = rules_tp + a[0], rules_fp + a[1]
            print(f"  {w:3d} {a[0]:3d}  P {100*tp/(tp+fp):.1f} R {100*tp/total:.1f}  {p}")
    axes = [[0.40, 0.45, 0.50, 0.525, 0.55, 0.575, 0.60, 0.65, 0.70], [0, 0.01, 0.02, 0.03, 0.04, 0.05, 0.06, 0.08],
            [0.04, 0.06, 0.08, 0.10, 0.11, 0.12, 0.13, 0.14, 0.16, 0.18]]
    for i, (name, values) in enumerate(zip(("min", "margin", "none margin"), axes)):
        print(name, "(right, wrong) of the stage:")
        for v in values:
            p = list(DEFAULTS)
            p[i] = v
            print(f"  {v:<6} {line(tuple(p))}")


if __name__ == "__main__":
    main()
