"""Reads an otlp_capture JSON-lines file and checks the NVTX parenting of one service.

usage: nvtx_analyze.py CAPTURE SERVICE [--mix] [--chains N]
Prints one JSON object: kernel, range and root span counts; kernels whose parent is a
range, a slice root, or missing; ranges whose parent is missing; kernels in another trace
than their parent; kernels that started on the GPU before their parent range opened on
the CPU (the clocks must agree: a launch inside a range precedes its kernel); the range
names with the most kernels; and N parent chains (outermost range -> ... -> kernel).
With --mix (nvtx_launch mix): every kernel's grid.x names the range it was launched in
(1 + t*10000 + s*2 + inner; 9001: the domain range; 9003: the range left open) and is
checked: a kernel under another range than its own is wrong; one with no range parent
though launched in a range is counted apart (launched before launch correlation was on).
"""
import json
import os
import random
import sys
from collections import Counter

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from otlp import attrs, resource_spans  # noqa: E402


def main():
    path, service = sys.argv[1], sys.argv[2]
    mix = "--mix" in sys.argv
    n_chains = int(sys.argv[sys.argv.index("--chains") + 1]) if "--chains" in sys.argv else 5
    kernels, ranges, roots, other = [], {}, {}, 0
    for _, spans in resource_spans(path, service):
        for s in spans:
            a = attrs(s.get("attributes"))
            s["_a"] = a
            if "gpu.kernel.name" in a:
                kernels.append(s)
            elif "gpu.nvtx.range.kind" in a:
                ranges[s["spanId"]] = s
            elif s["name"] == "gpu.kernels":
                roots[s["spanId"]] = s
            else:
                other += 1
    under_range = [k for k in kernels if k.get("parentSpanId") in ranges]
    under_root = [k for k in kernels if k.get("parentSpanId") in roots]
    orphans = [k for k in kernels if k.get("parentSpanId") not in ranges and k.get("parentSpanId") not in roots]
    wrong_trace = [k for k in under_range if k["traceId"] != ranges[k["parentSpanId"]]["traceId"]]
    early = []
    for k in under_range:
        d = int(k["startTimeUnixNano"]) - int(ranges[k["parentSpanId"]]["startTimeUnixNano"])
        if d < 0:
            early.append(d)
    range_orphans = [r for r in ranges.values() if r.get("parentSpanId") and r["parentSpanId"] not in ranges]
    by_range = Counter(ranges[k["parentSpanId"]]["name"] for k in under_range)
    out = {
        "kernel_spans": len(kernels),
        "range_spans": len(ranges),
        "slice_roots": len(roots),
        "other_spans": other,
        "kernels_under_range": len(under_range),
        "kernels_under_slice_root": len(under_root),
        "kernels_parent_missing": len(orphans),
        "kernels_in_another_trace_than_parent": len(wrong_trace),
        "kernels_starting_before_parent_range": len(early),
        "earliest_start_before_parent_ns": min(early) if early else 0,
        "ranges_parent_missing": len(range_orphans),
        "range_traces": len({r["traceId"] for r in ranges.values() if not r.get("parentSpanId")}),
        "unclosed_ranges": sum(1 for r in ranges.values() if r["_a"].get("gpu.nvtx.range.unclosed")),
        "start_end_ranges": sum(1 for r in ranges.values() if r["_a"].get("gpu.nvtx.range.kind") == "start_end"),
        "domains": sorted({r["_a"]["gpu.nvtx.domain"] for r in ranges.values() if "gpu.nvtx.domain" in r["_a"]}),
        "top_ranges_by_kernels": by_range.most_common(8),
    }
    random.seed(1)
    chains = []
    for k in random.sample(under_range, min(n_chains, len(under_range))):
        chain, p = [k["name"][:90]], k.get("parentSpanId")
        while p in ranges:
            chain.append(ranges[p]["name"][:90])
            p = ranges[p].get("parentSpanId")
        chains.append(" <- ".join(chain))
    out["chains"] = chains
    if mix:
        bad = []
        for k in kernels:
            g = int(k["_a"]["gpu.kernel.grid.x"])
            parent = ranges.get(k.get("parentSpanId"))
            name = parent["name"] if parent else None
            if g == 9001:
                want = "registered setup"
            elif g == 9003:
                want = "left open at exit"
            elif (g - 1) % 10000 == 9999:
                want = None
            else:
                t, rest = divmod(g - 1, 10000)
                s, inner = divmod(rest, 2)
                want = f"t{t} s{s}" + (" inner" if inner else "")
            if name != want:
                bad.append((g, int(k["_a"]["gpu.correlation_id"]), name, want))
        out["mix_kernels_checked"] = len(kernels)
        out["mix_unparented_in_range"] = [b for b in bad if b[2] is None]
        out["mix_wrong_parent"] = len([b for b in bad if b[2] is not None])
        out["mix_wrong_examples"] = [b for b in bad if b[2] is not None][:5]
        setup = [r for r in ranges.values() if r["name"] == "registered setup"]
        out["mix_domain_range_attrs"] = {k: v for k, v in setup[0]["_a"].items()} if setup else None
    print(json.dumps(out))


if __name__ == "__main__":
    main()
