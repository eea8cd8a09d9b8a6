"""Reads an otlp_capture JSON-lines file and checks the kernel spans of one service:
each a child of its slice root, inside the run, no overlap on a stream, launch order kept.

usage: analyze_kernels.py CAPTURE SERVICE_NAME RUN_START_NS RUN_END_NS [LAUNCHED]
Prints one JSON object with the counts and checks.
"""
import json
import os
import sys
from collections import defaultdict

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from otlp import attrs, resource_spans  # noqa: E402


def main():
    path, service, t0, t1 = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    launched = int(sys.argv[5]) if len(sys.argv) > 5 else None
    kernels, roots, requests = [], [], 0
    resource = None
    for ra, spans in resource_spans(path, service):
        requests += 1
        resource = ra
        for s in spans:
            s["_a"] = attrs(s.get("attributes"))
            (roots if s["name"] == "gpu.kernels" else kernels).append(s)
    root_ids = {(r["traceId"], r["spanId"]) for r in roots}
    orphans = sum(1 for k in kernels if (k["traceId"], k["parentSpanId"]) not in root_ids)
    start = [int(k["startTimeUnixNano"]) for k in kernels]
    end = [int(k["endTimeUnixNano"]) for k in kernels]
    inverted = sum(1 for s, e in zip(start, end) if e < s)
    outside = sum(1 for s, e in zip(start, end) if s < t0 or e > t1)
    serialized = defaultdict(int)
    for k in kernels:
        serialized[k["_a"].get("gpu.serialized", "<absent>")] += 1
    by_stream = defaultdict(list)
    for k in kernels:
        by_stream[(k["_a"].get("gpu.context.id"), k["_a"].get("gpu.stream.id"))].append(
            (int(k["startTimeUnixNano"]), int(k["endTimeUnixNano"]), int(k["_a"].get("gpu.correlation_id", 0)))
        )
    overlaps_in_stream = 0
    launch_order_inversions = 0
    for spans in by_stream.values():
        spans.sort()
        overlaps_in_stream += sum(1 for a, b in zip(spans, spans[1:]) if b[0] < a[1])
        launch_order_inversions += sum(1 for a, b in zip(spans, spans[1:]) if b[2] < a[2])
    corr = [int(k["_a"].get("gpu.correlation_id", 0)) for k in kernels]
    names = defaultdict(int)
    for k in kernels:
        names[k["name"]] += 1
    out = {
        "service": service,
        "requests": requests,
        "kernel_spans": len(kernels),
        "launched": launched,
        "spans_equal_launched": launched is not None and launched == len(kernels),
        "root_spans": len(roots),
        "traces": len({k["traceId"] for k in kernels}),
        "orphan_kernel_spans": orphans,
        "distinct_correlation_ids": len(set(corr)),
        "inverted": inverted,
        "outside_run": outside,
        "first_start_minus_run_start_ms": (min(start) - t0) / 1e6 if start else None,
        "run_end_minus_last_end_ms": (t1 - max(end)) / 1e6 if end else None,
        "overlaps_within_a_stream": overlaps_in_stream,
        "start_order_vs_launch_order_inversions_within_a_stream": launch_order_inversions,
        "streams": len(by_stream),
        "gpu_serialized": dict(serialized),
        "names": dict(sorted(names.items(), key=lambda kv: -kv[1])[:8]),
        "resource": resource,
    }
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
