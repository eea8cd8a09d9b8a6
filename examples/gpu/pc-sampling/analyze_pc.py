"""PC-sampling analysis of an otlp_capture JSON-lines file, one service.

usage: analyze_pc.py CAPTURE SERVICE_NAME
Prints one JSON object: stamps, window records, samples per execution, the
duration of "true" vs "false" executions per kernel, and continuous-tier spans.
"""
import json
import os
import statistics
import sys
from collections import defaultdict

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from otlp import attrs, resource_spans  # noqa: E402


def main():
    path, service = sys.argv[1], sys.argv[2]
    kernels, windows, pc_spans, carriers, resource = [], [], [], [], {}
    by_tier = defaultdict(lambda: defaultdict(int))  # resource tier -> stamp -> count
    pc_spans_by_tier = defaultdict(int)
    switches = []
    for ra, spans in resource_spans(path, service):
        resource = ra
        tier = ra.get("gpu.pc_sampling.tier")
        for s in spans:
            a = attrs(s.get("attributes"))
            for e in s.get("events", []) or []:
                if e.get("name") == "gpu.sampling.window":
                    windows.append(attrs(e.get("attributes")))
            if "gpu.serialized" in a:
                kernels.append((s, a))
                by_tier[tier][a["gpu.serialized"]] += 1
            elif s["name"] == "gpu.pc_sampling.tier_switch":
                switches.append((int(s["startTimeUnixNano"]), a.get("gpu.pc_sampling.tier.previous"), a.get("gpu.pc_sampling.tier")))
            elif "gpu.pc_sampling.sample_count" in a:
                pc_spans.append((s, a))
                pc_spans_by_tier[tier] += 1
            elif s["name"] == "gpu.sampling.window.record":
                carriers.append(a)
    stamps = defaultdict(int)
    for _, a in kernels:
        stamps[a["gpu.serialized"]] += 1
    with_samples = [(s, a) for s, a in kernels if int(a.get("gpu.pc_sampling.sample_count", 0)) > 0]
    samples_not_true = sum(1 for _, a in with_samples if a["gpu.serialized"] != "true")
    dur = defaultdict(lambda: defaultdict(list))
    for s, a in kernels:
        d = (int(s["endTimeUnixNano"]) - int(s["startTimeUnixNano"])) / 1e3
        dur[s["name"][:60]][a["gpu.serialized"]].append(d)
    durations = {
        name: {k: {"n": len(v), "median_us": round(statistics.median(v), 2)} for k, v in by.items()}
        for name, by in dur.items()
    }
    seqs = defaultdict(list)
    for w in windows:
        seqs[int(w["gpu.sampling.window.seq"])].append(
            (int(w["gpu.sampling.window.end_ns"]), int(w.get("gpu.sampling.window.quiet_ns", 0)), w.get("gpu.sampling.mode"))
        )
    unclosed = sorted(s for s, recs in seqs.items() if all(e == 0 for e, _, _ in recs))
    lens = [
        (max(e for e, _, _ in recs) - 0) for s, recs in seqs.items()
    ]
    starts = {int(w["gpu.sampling.window.seq"]): int(w["gpu.sampling.window.start_ns"]) for w in windows}
    closed_len_ms = [
        (max(e for e, _, _ in seqs[s]) - starts[s]) / 1e6 for s in seqs if s not in unclosed
    ]
    never = sum(1 for w in windows if int(w.get("gpu.sampling.window.quiet_ns", 0)) == -1)
    holes = (max(seqs) - min(seqs) + 1 - len(seqs)) if seqs else 0
    stall_totals = defaultdict(int)
    for _, a in with_samples + pc_spans:
        for r, c in zip(a.get("gpu.pc_sampling.stall_reasons", []), a.get("gpu.pc_sampling.stall_counts", [])):
            stall_totals[r] += int(c)
    top = sorted(stall_totals.items(), key=lambda x: -x[1])[:5]
    # Attribution: samples per execution among those that carry samples.
    per_exec = sorted((int(a["gpu.pc_sampling.sample_count"]) for _, a in with_samples), reverse=True)
    true_execs = stamps.get("true", 0)
    out = {
        "service": service,
        "tier": resource.get("gpu.pc_sampling.tier"),
        "tier_refusals": resource.get("gpu.pc_sampling.tier_refusals"),
        "kernel_spans": len(kernels),
        "gpu_serialized": dict(stamps),
        "window_records": len(windows),
        "bursts_on_wire": len(seqs),
        "sequence_holes": holes,
        "unclosed_seqs": unclosed[:10],
        "never_again_records": never,
        "modes": sorted({str(m) for recs in seqs.values() for _, _, m in recs}),
        "closed_window_ms_median": round(statistics.median(closed_len_ms), 3) if closed_len_ms else None,
        "closed_window_ms_max": round(max(closed_len_ms), 3) if closed_len_ms else None,
        "executions_with_samples": len(with_samples),
        "executions_with_samples_not_true": samples_not_true,
        "samples_on_executions": sum(int(a["gpu.pc_sampling.sample_count"]) for _, a in with_samples),
        "true_executions": true_execs,
        "samples_per_sampled_execution_top5": per_exec[:5],
        "samples_per_sampled_execution_median": statistics.median(per_exec) if per_exec else None,
        "kernel_stamps_by_resource_tier": {str(k): dict(v) for k, v in by_tier.items()},
        "pc_spans_by_resource_tier": dict(pc_spans_by_tier),
        "tier_switch_spans": sorted(switches),
        "continuous_pc_spans": len(pc_spans),
        "continuous_samples": sum(int(a.get("gpu.pc_sampling.sample_count", 0)) for _, a in pc_spans),
        "continuous_example": (pc_spans[0][0]["name"][:80], {k: v for k, v in pc_spans[0][1].items() if k != "gpu.kernel.name"}) if pc_spans else None,
        "top_stalls": top,
        "last_carrier_counters": carriers[-1] if carriers else None,
        "durations_us_by_stamp": durations,
    }
    print(json.dumps(out, default=str))


main()
