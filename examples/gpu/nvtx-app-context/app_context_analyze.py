"""Checks kernels against the application's own traces in an otlp_capture file
(app-context.sh; docs/app-context.md).

usage: app_context_analyze.py CAPTURE SERVICE PROGRAM_OUT [--records N] [--dump DUMP]
  CAPTURE      the capture's JSON lines (OTLP JSON requests): the injector's spans and the
               application's (app_context_infer.py exports its own through the receiver)
  SERVICE      service.name of both
  PROGRAM_OUT  app_context_infer.py --out: one line per request (and per batched step),
               then a summary
  --records N  kernel records the injector decoded (its exit line): both ends
  --dump DUMP  the injector's record dump (GPU_OTEL_RECORD_DUMP, optionally .gz): every
               request's kernel count from the injector's own records

Ground truth, independent of the injector's parenting: each serving thread (the batcher
in batched mode) launches on a stream of its own and synchronizes it before a request
span starts and before it ends, so the kernels launched under a request are exactly the
kernels on that thread's stream that started inside the span's time. Checks, per request
(per step when batched): its trace holds exactly those kernels; the kernels directly under
the request span name it as their (remote) parent; a child span's kernels are under the
child. Batched: each step links to the requests it served and each request to its step;
request traces hold no kernel. Every other kernel stays in the injector's own traces.
Prints one JSON object; "ok" is the verdict, "failures" says what failed.
"""

import gzip
import json
import os
import sys
from collections import Counter, defaultdict

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from otlp import attrs, resource_spans  # noqa: E402

APP_ROOT = 1 << 62
REMOTE_PARENT = 0x200


def read_capture(path, service):
    spans = [s for _, ss in resource_spans(path, service) for s in ss]
    for s in spans:
        s["_a"] = attrs(s.get("attributes"))
        s["_start"] = int(s.get("startTimeUnixNano", 0))
        s["_end"] = int(s.get("endTimeUnixNano", 0))
    return spans


def parse_tp(tp):
    _, trace, span, flags = tp.split("-")
    return trace, span, int(flags, 16)


def read_dump(path):
    """Per application trace id: kernel records whose launch was under that trace's
    spans, from the injector's own records."""
    opener = gzip.open if path.endswith(".gz") else open
    contexts, records = {}, []
    with opener(path, "rt") as f:
        for line in f:
            d = json.loads(line)
            if "nvtx" in d:
                e = d["nvtx"]
                if isinstance(e, dict) and "AppOpen" in e:
                    contexts[e["AppOpen"]["range"]] = e["AppOpen"]["parent"]
            elif "correlation_id" in d:
                records.append(d)
    per_trace = Counter()
    lost = 0
    for r in records:
        link = r.get("range")
        if not link or not link["root"] & APP_ROOT:
            continue
        tp = contexts.get(link["root"] & ~APP_ROOT)
        if tp is None:
            lost += 1
            continue
        per_trace[parse_tp(tp)[0]] += 1
    return {"records": len(records), "per_trace": per_trace, "context_unknown": lost}


def main(argv):
    capture, service, program = argv[1], argv[2], argv[3]
    n_records = int(argv[argv.index("--records") + 1]) if "--records" in argv else None
    dump = read_dump(argv[argv.index("--dump") + 1]) if "--dump" in argv else None
    lines = [json.loads(l) for l in open(program) if l.strip()]
    summary = next(l for l in lines if l.get("kind") == "summary")
    mode = summary["mode"]
    requests = [l for l in lines if l.get("kind") == "request"]
    steps = [l for l in lines if l.get("kind") == "step"]

    spans = read_capture(capture, service)
    by_id = {s["spanId"]: s for s in spans}
    kernels = [s for s in spans if "gpu.kernel.name" in s["_a"]]
    ranges = {s["spanId"]: s for s in spans if "gpu.nvtx.range.kind" in s["_a"]}
    roots = {s["spanId"] for s in spans if s["name"] == "gpu.kernels"}
    app = {s["spanId"]: s for s in spans if s["_scope"] != "gpu-otel-injector" and "gpu.kernel.name" not in s["_a"]}
    by_trace = defaultdict(list)
    for k in kernels:
        by_trace[k["traceId"]].append(k)
    failures = []

    def fail(msg):
        if len(failures) < 40:
            failures.append(msg)

    # The units of work whose trace must hold exactly their kernels: requests (threads)
    # or steps (batched); and who launched them (a thread: its stream).
    units = []
    if mode == "threads":
        for r in requests:
            units.append((r["request"], r["traceparent"], f"thread {r['thread']}"))
    else:
        for i, st in enumerate(steps):
            units.append((f"step {i}", st["traceparent"], "batcher"))

    # Each launcher's stream: the most common stream of the kernels in its units' traces.
    streams = {}
    for launcher in {u[2] for u in units}:
        c = Counter(
            k["_a"].get("gpu.stream.id")
            for _, tp, who in units if who == launcher
            for k in by_trace.get(parse_tp(tp)[0], [])
        )
        streams[launcher] = c.most_common(1)[0][0] if c else None
    if len(set(streams.values())) != len(streams):
        fail(f"launchers share a stream: {streams}")

    per_unit_counts = []
    exact = 0
    in_units = set()
    remote_ok = remote_bad = 0
    for name, tp, who in units:
        trace, span_id, _ = parse_tp(tp)
        span = app.get(span_id)
        if span is None:
            fail(f"{name}: its span {span_id} is not in the capture")
            continue
        got = {k["spanId"] for k in by_trace.get(trace, [])}
        in_units |= got
        truth = {
            k["spanId"]
            for k in kernels
            if k["_a"].get("gpu.stream.id") == streams[who] and span["_start"] <= k["_start"] <= span["_end"]
        }
        per_unit_counts.append(len(got))
        if got == truth and got:
            exact += 1
        else:
            fail(f"{name}: trace has {len(got)} kernels, its stream ran {len(truth)} in its time "
                 f"(missing {len(truth - got)}, extra {len(got - truth)})")
        for k in by_trace.get(trace, []):
            p = k.get("parentSpanId")
            if p in app:
                if int(k.get("flags", 0)) & REMOTE_PARENT:
                    remote_ok += 1
                else:
                    remote_bad += 1
            elif p not in ranges:
                fail(f"{name}: kernel {k['spanId']} has parent {p}, neither an application span nor a range")

    outside = [k for k in kernels if k["spanId"] not in in_units]
    outside_not_slice = [k for k in outside if k.get("parentSpanId") not in roots and k.get("parentSpanId") not in ranges]
    if outside_not_slice:
        fail(f"{len(outside_not_slice)} kernels outside application spans are not under the injector's slices")
    if remote_bad:
        fail(f"{remote_bad} kernels under an application span without the remote-parent flag")

    # Children of a request (postprocess): their kernels are theirs.
    child_kernels = sum(
        1 for k in kernels if k.get("parentSpanId") in app and app[k["parentSpanId"]].get("parentSpanId")
    )

    links = {"steps": len(steps), "step_links_ok": 0, "request_links_ok": 0}
    if mode == "batched":
        for st in steps:
            _, sid, _ = parse_tp(st["traceparent"])
            s = app.get(sid)
            want = {parse_tp(t)[1] for t in st["requests"]}
            got = {l["spanId"] for l in (s or {}).get("links", [])}
            if s is not None and got == want:
                links["step_links_ok"] += 1
            else:
                fail(f"step {sid}: links {sorted(got)} != requests {sorted(want)}")
            if s is not None and s.get("parentSpanId"):
                fail(f"step {sid} is not a root")
        for r in requests:
            trace, sid, _ = parse_tp(r["traceparent"])
            s = app.get(sid)
            step_sid = parse_tp(r["step"])[1]
            if s is not None and {l["spanId"] for l in s.get("links", [])} == {step_sid}:
                links["request_links_ok"] += 1
            else:
                fail(f"request {r['request']}: no link to its step {step_sid}")
            if by_trace.get(trace):
                fail(f"request {r['request']}: its trace holds {len(by_trace[trace])} kernels (the step's should)")
        if links["step_links_ok"] != len(steps) or links["request_links_ok"] != len(requests):
            pass

    both_ends = None
    if n_records is not None:
        both_ends = {"records_cupti": n_records, "capture_kernel_spans": len(kernels), "equal": n_records == len(kernels)}
        if not both_ends["equal"]:
            fail(f"both ends: {n_records} records, {len(kernels)} kernel spans in the capture")
    from_dump = None
    if dump is not None:
        mism = 0
        for name, tp, _ in units:
            trace = parse_tp(tp)[0]
            if dump["per_trace"].get(trace, 0) != len(by_trace.get(trace, [])):
                mism += 1
                fail(f"{name}: the injector's records put {dump['per_trace'].get(trace, 0)} kernels under it, "
                     f"the capture {len(by_trace.get(trace, []))}")
        from_dump = {"records": dump["records"], "units_equal": len(units) - mism, "context_unknown": dump["context_unknown"]}

    if len(units) != (len(requests) if mode == "threads" else len(steps)) or not units:
        fail("no units of work")
    out = {
        "mode": mode,
        "requests": len(requests),
        "units": len(units),
        "units_exact": exact,
        "kernels_per_unit": dict(Counter(per_unit_counts)),
        "kernel_spans": len(kernels),
        "kernels_in_application_traces": len(in_units),
        "kernels_under_a_child_span": child_kernels,
        "kernels_under_application_span_remote_flag": remote_ok,
        "kernels_outside_application_spans": len(outside),
        "range_spans": len(ranges),
        "slice_roots": len(roots),
        "application_spans": len(app),
        "streams": {k: v for k, v in streams.items()},
        "links": links,
        "both_ends": both_ends,
        "from_injector_records": from_dump,
        "companion": summary.get("companion"),
    }
    out["failures"] = failures
    out["ok"] = not failures and exact == len(units)
    print(json.dumps(out))
    return 0 if out["ok"] else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
