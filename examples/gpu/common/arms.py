"""Summarizes interleaved arms of a cost measurement: medians per arm, the cost per launch
against a baseline arm and against a reference (the floor, rawinj.c), and the same paired
by round (each round's difference, then the median: slow drift between rounds cancels).

usage: arms.py LOG [--base ARM] [--ref ARM] [--value FIELD] [--fields A,B,...] [--per FIELD]
       arms.py LOG --runs A,B,...

LOG holds one line per run and program line, as the checks' `arm` function writes them:
  ARM [s=STREAMS] run=ROUND PROGRAM: ... launched=N (or launches=N) ... wall_ms=X
  ARM [s=STREAMS] run=ROUND <any other line of the run, e.g. the injector's exit line>
Lines with s= are summarized per stream count. Options:
  --base ARM     the baseline (default "none"): us_per_launch_vs_ARM and vs_ARM (percent)
  --ref ARM      a reference: us_per_launch_vs_ARM and paired_us_per_launch_vs_ARM
  --value FIELD  what a run measured (default wall_ms); other than wall_ms, arms are
                 compared by the field itself (median_FIELD, FIELD_vs_ARM)
  --fields A,B   medians of these key=value fields from each arm's lines
  --per FIELD    the wall time over the baseline per 1000 of FIELD's median (e.g. pairs)
  --runs A,B     instead: each run's own A, B (any key=value, numbers or not), one line
                 per line that has A, "ARM run=ROUND A=.. B=..": what a median hides
Prints one "summary:" line per arm, in the order the arms first ran.
"""
import argparse
import re
import statistics
import sys

LINE = re.compile(r"^([\w-]+)(?: s=(\d+))? run=(\d+) (.*)$")
LAUNCHES = re.compile(r"\b(?:launched|launches)=(\d+)")


def num(field, text):
    m = re.search(r"(?<![\w.])" + re.escape(field) + r"=(-?[0-9]+(?:\.[0-9]+)?)", text)
    return float(m.group(1)) if m else None


def runs(lines, keys):
    """Each run's own values of `keys`, from the lines that carry the first of them."""
    out = []
    for line in lines:
        m = LINE.match(line.rstrip("\n"))
        if not m or not re.search(r"(?<![\w.])" + re.escape(keys[0]) + "=", m.group(4)):
            continue
        got = [f"{k}={v.group(1)}" for k in keys
               for v in [re.search(r"(?<![\w.])" + re.escape(k) + r"=(\S+)", m.group(4))] if v]
        streams = f" s={m.group(2)}" if m.group(2) else ""
        out.append(f"{m.group(1)}{streams} run={m.group(3)} " + " ".join(got))
    return out


def read(lines, value, fields):
    """{streams: {arm: {"runs": {round: value}, "n": launches, fields...: [values]}}}"""
    groups = {}
    for line in lines:
        m = LINE.match(line.rstrip("\n"))
        if not m:
            continue
        arm, streams, rnd, rest = m.group(1), m.group(2), int(m.group(3)), m.group(4)
        a = groups.setdefault(streams, {}).setdefault(arm, {"runs": {}, "n": None})
        v = num(value, rest)
        if v is not None:
            a["runs"][rnd] = v
            n = LAUNCHES.search(rest)
            if n:
                a["n"] = int(n.group(1))
        for f in fields:
            fv = num(f, rest)
            if fv is not None:
                a.setdefault(f, []).append(fv)
    return groups


def median_or_none(v):
    return statistics.median(v) if v else None


def summarize(arms, streams, base, ref, value, fields, per):
    wall = value == "wall_ms"
    med = {arm: statistics.median(a["runs"].values()) for arm, a in arms.items() if a["runs"]}
    out = []
    for arm, a in arms.items():
        if arm not in med:
            continue
        runs = list(a["runs"].values())
        m, n = med[arm], a["n"]
        words = [f"arm={arm}", f"runs={len(runs)}"]
        if streams is not None:
            words.insert(0, f"streams={streams}")
        unit = "ms" if wall else value
        words += [f"median_{unit}={m:.{1 if wall else 2}f}", f"min={min(runs):.{1 if wall else 2}f}",
                  f"max={max(runs):.{1 if wall else 2}f}"]
        for other in [x for x in (base, ref) if x in med]:
            if not wall:
                words.append(f"{value}_vs_{other}={m - med[other]:+.2f}")
                words.append(f"vs_{other}={100 * (m - med[other]) / med[other]:+.2f}%")
                pairs = [100 * (v - arms[other]["runs"][r]) / arms[other]["runs"][r]
                         for r, v in a["runs"].items() if arms[other]["runs"].get(r)]
                if pairs:
                    words.append(f"paired_vs_{other}={statistics.median(pairs):+.2f}%")
                continue
            if other == base:
                words.append(f"vs_{base}={100 * (m - med[base]) / med[base]:+.2f}%")
            if n:
                words.append(f"us_per_launch_vs_{other}={1000 * (m - med[other]) / n:+.3f}")
        if wall and n and ref in med:
            pairs = [1000 * (v - arms[ref]["runs"][r]) / n for r, v in a["runs"].items() if r in arms[ref]["runs"]]
            if pairs:
                words.append(f"paired_us_per_launch_vs_{ref}={statistics.median(pairs):+.3f}")
        for f in fields:
            fm = median_or_none(a.get(f))
            words.append(f"{f}={'-' if fm is None else f'{fm:g}'}")
        if per:
            pm = median_or_none(a.get(per))
            if pm and base in med:
                words.append(f"ms_per_1000_{per}={1000 * (m - med[base]) / pm:.1f}")
        out.append("summary: " + " ".join(words))
    return out


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("log")
    p.add_argument("--base", default="none")
    p.add_argument("--ref")
    p.add_argument("--value", default="wall_ms")
    p.add_argument("--fields", default="")
    p.add_argument("--per")
    p.add_argument("--runs")
    o = p.parse_args(argv[1:])
    if o.runs:
        with open(o.log) as f:
            for line in runs(f, [k for k in o.runs.split(",") if k]):
                print(line)
        return 0
    fields = [f for f in o.fields.split(",") if f]
    if o.per and o.per not in fields:
        fields.append(o.per)
    with open(o.log) as f:
        groups = read(f, o.value, fields)
    if not groups:
        print(f"arms.py: no arm lines in {o.log}", file=sys.stderr)
        return 1
    for streams in sorted(groups, key=lambda s: -1 if s is None else int(s)):
        for line in summarize(groups[streams], streams, o.base, o.ref, o.value, fields, o.per):
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
